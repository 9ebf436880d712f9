/**
 * The criteria iptables checks before any module (-s -d -i -o -p -f), in that order; the first
 * that fails is the one a trace names.
 */
import { parseIPv4, type Cidr, type RuleCore, protocolNumber } from '../../rules/index.ts';
import { maskOf } from '../ipv4.ts';
import { PROTO_NUMBERS } from '../packet.ts';
import type { FailedPart } from '../trace.ts';
import { interfaceMatches, type EvalContext } from './types.ts';

interface NumericCidr {
  net: number;
  mask: number;
}

const numeric = new WeakMap<Cidr, NumericCidr>();

/** The network and mask as numbers, computed once per rule (big dumps test them often). */
export function cidrNumbers(c: Cidr): NumericCidr {
  let n = numeric.get(c);
  if (!n) {
    const mask = c.mask !== undefined ? (parseIPv4(c.mask) ?? 0) : maskOf(c.prefix);
    n = { net: ((parseIPv4(c.address) ?? 0) & mask) >>> 0, mask };
    numeric.set(c, n);
  }
  return n;
}

export function addressIn(addr: number, c: Cidr): boolean {
  const { net, mask } = cidrNumbers(c);
  return (addr & mask) >>> 0 === net;
}

/** null when every core criterion holds, else the first one that does not. */
export function coreFailure(
  core: RuleCore,
  ctx: EvalContext,
): Extract<FailedPart, { part: 'core' }> | null {
  const p = ctx.packet;
  if (core.source && addressIn(p.src, core.source.value) === core.source.negated)
    return { part: 'core', option: '-s' };
  if (core.destination && addressIn(p.dst, core.destination.value) === core.destination.negated)
    return { part: 'core', option: '-d' };
  if (
    core.inInterface &&
    interfaceMatches(core.inInterface.value, ctx.inIface) === core.inInterface.negated
  )
    return { part: 'core', option: '-i' };
  if (
    core.outInterface &&
    interfaceMatches(core.outInterface.value, ctx.outIface) === core.outInterface.negated
  )
    return { part: 'core', option: '-o' };
  if (
    core.protocol &&
    (protocolNumber(core.protocol.value) === PROTO_NUMBERS[p.proto]) === core.protocol.negated
  )
    return { part: 'core', option: '-p' };
  // the simulated packets are never fragments: `-f` fails, `! -f` holds
  if (core.fragment && !core.fragment.negated) return { part: 'core', option: '-f' };
  return null;
}
