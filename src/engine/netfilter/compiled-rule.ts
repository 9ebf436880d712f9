/**
 * A rule's criteria in the form a walk tests with the fewest lookups: the core's addresses as
 * masked numbers, its protocol as a number, each match with its module's evaluator found once.
 * Built the first time a walk reaches the rule and kept per chain on the ruleset's index, so a
 * long chain walked again (every packet, every sampled path) costs no Map or WeakMap lookup per
 * rule. It answers exactly what coreFailure and the registry lookup answer (the reference path
 * in traverse.ts); compiled-rule.test.ts holds the two to the same traces.
 */
import { protocolNumber, type Chain, type Match, type Rule } from '../rules/index.ts';
import { addressIn, cidrNumbers } from '../modules/cidr.ts';
import { type EvalContext, type MatchEvaluator } from '../modules/evaluate.ts';
import { interfaceFailure } from './matchers/core.ts';
import { PROTO_NUMBERS } from './packet.ts';
import type { FailedPart } from './trace.ts';

export interface CompiledMatch {
  readonly match: Match;
  /** the module's evaluator; undefined when the module is unknown or has none */
  readonly evaluate: MatchEvaluator | undefined;
}

export interface CompiledRule {
  readonly rule: Rule;
  /** -s and -d as masked numbers; a test is skipped when its `has` flag is false */
  readonly hasSrc: boolean;
  readonly srcNet: number;
  readonly srcMask: number;
  readonly srcNegated: boolean;
  readonly hasDst: boolean;
  readonly dstNet: number;
  readonly dstMask: number;
  readonly dstNegated: boolean;
  /** -p as the number the packet's protocol is compared with (-1: no -p) */
  readonly proto: number;
  readonly protoNegated: boolean;
  /** -s or -d is IPv6: tested through addressIn (bigint), never on the numeric fast path */
  readonly ipv6: boolean;
  /** -i, -o or -f present: tested through the reference code, as they are rare and cheap */
  readonly rareCore: boolean;
  readonly matches: readonly CompiledMatch[];
}

export function compileRule(
  rule: Rule,
  evaluators: ReadonlyMap<string, MatchEvaluator>,
): CompiledRule {
  const { source, destination, protocol } = rule.core;
  const src = source ? cidrNumbers(source.value) : null;
  const dst = destination ? cidrNumbers(destination.value) : null;
  // a protocol without a number never equals a packet's: NaN keeps that as the reference has it
  const proto = protocol ? (protocolNumber(protocol.value) ?? Number.NaN) : -1;
  return {
    rule,
    hasSrc: src !== null,
    srcNet: src ? src.net : 0,
    srcMask: src ? src.mask : 0,
    srcNegated: source?.negated ?? false,
    hasDst: dst !== null,
    dstNet: dst ? dst.net : 0,
    dstMask: dst ? dst.mask : 0,
    dstNegated: destination?.negated ?? false,
    proto,
    protoNegated: protocol?.negated ?? false,
    ipv6: source?.value.family === 'ipv6' || destination?.value.family === 'ipv6',
    rareCore:
      rule.core.inInterface !== undefined ||
      rule.core.outInterface !== undefined ||
      rule.core.fragment !== undefined,
    matches: rule.matches.map((m) => ({
      match: m,
      evaluate: m.unknown ? undefined : evaluators.get(m.module),
    })),
  };
}

/** The compiled rules of one chain, filled in as walks reach them. */
export type CompiledChain = (CompiledRule | undefined)[];

export function compiledChain(chain: Chain): CompiledChain {
  return new Array<CompiledRule | undefined>(chain.rules.length);
}

/** coreFailure (matchers/core.ts) on the compiled form: the same first failing option. */
export function compiledCoreFailure(
  c: CompiledRule,
  ctx: EvalContext,
): Extract<FailedPart, { part: 'core' }> | null {
  const p = ctx.packet;
  if (typeof p.src === 'number' && typeof p.dst === 'number' && !c.ipv6) {
    if (c.hasSrc && ((p.src & c.srcMask) >>> 0 === c.srcNet) === c.srcNegated)
      return { part: 'core', option: '-s' };
    if (c.hasDst && ((p.dst & c.dstMask) >>> 0 === c.dstNet) === c.dstNegated)
      return { part: 'core', option: '-d' };
  } else {
    const { source, destination } = c.rule.core;
    if (source && addressIn(p.src, source.value) === source.negated)
      return { part: 'core', option: '-s' };
    if (destination && addressIn(p.dst, destination.value) === destination.negated)
      return { part: 'core', option: '-d' };
  }
  if (c.rareCore) {
    const iface = interfaceFailure(c.rule.core, ctx);
    if (iface) return iface;
  }
  if (c.proto !== -1 && (c.proto === PROTO_NUMBERS[p.proto]) === c.protoNegated)
    return { part: 'core', option: '-p' };
  // the simulated packets are never fragments: `-f` fails, `! -f` holds
  if (c.rareCore && c.rule.core.fragment && !c.rule.core.fragment.negated)
    return { part: 'core', option: '-f' };
  return null;
}
