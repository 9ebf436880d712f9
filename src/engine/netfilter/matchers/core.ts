/**
 * The criteria iptables checks before any module (-s -d -i -o -p -f), in that order; the first
 * that fails is the one a trace names.
 */
import { type RuleCore, protocolNumber } from '../../rules/index.ts';
import { addressIn } from '../../modules/cidr.ts';
import { interfaceMatches, type EvalContext } from '../../modules/evaluate.ts';
import { PROTO_NUMBERS } from '../packet.ts';
import type { FailedPart } from '../trace.ts';

export { addressIn, cidrNumbers } from '../../modules/cidr.ts';

/** `-i` and `-o`, the one place both ways of testing a rule (compiled and plain) check them. */
export function interfaceFailure(
  core: RuleCore,
  ctx: EvalContext,
): Extract<FailedPart, { part: 'core' }> | null {
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
  return null;
}

export function coreFailure(
  core: RuleCore,
  ctx: EvalContext,
): Extract<FailedPart, { part: 'core' }> | null {
  const p = ctx.packet;
  if (core.source && addressIn(p.src, core.source.value) === core.source.negated)
    return { part: 'core', option: '-s' };
  if (core.destination && addressIn(p.dst, core.destination.value) === core.destination.negated)
    return { part: 'core', option: '-d' };
  const iface = interfaceFailure(core, ctx);
  if (iface) return iface;
  if (
    core.protocol &&
    (protocolNumber(core.protocol.value) === PROTO_NUMBERS[p.proto]) === core.protocol.negated
  )
    return { part: 'core', option: '-p' };
  // the simulated packets are never fragments: `-f` fails, `! -f` holds
  if (core.fragment && !core.fragment.negated) return { part: 'core', option: '-f' };
  return null;
}
