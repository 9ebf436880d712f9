/**
 * Matches on what conntrack knows: state, conntrack (state, tuples, status, direction) and
 * connmark. A packet without an entry (INVALID, UNTRACKED) can match only on its state.
 */
import type { Negatable } from '../../rules/index.ts';
import type { ConntrackData, CtAddress } from '../../modules/match/conntrack.ts';
import type { MarkMatchData } from '../../modules/match/mark.ts';
import type { StateData } from '../../modules/match/state.ts';
import type { PortRange } from '../../modules/values.ts';
import { PROTO_NUMBERS } from '../packet.ts';
import type { Tuple } from '../conntrack.ts';
import { addressIn } from './core.ts';
import { held, matchEval, type EvalContext } from './types.ts';

/** The state names a packet counts as (conntrack's virtual SNAT/DNAT states included). */
function statesOf(ctx: EvalContext, withNat: boolean): string[] {
  const ct = ctx.ct;
  if (!ct) return ['INVALID'];
  const out: string[] = [ct.state];
  if (withNat && ct.entry) {
    if (ct.entry.snat) out.push('SNAT');
    if (ct.entry.dnat) out.push('DNAT');
  }
  return out;
}

export const stateEval = matchEval<StateData>((d, ctx) => {
  const mine = statesOf(ctx, false);
  return held(
    d.states.some((s) => mine.includes(s)),
    d.negated,
  );
});

function addrHolds(addr: number, c: Negatable<CtAddress> | undefined): boolean {
  return !c || addressIn(addr, c.value) !== c.negated;
}

function portHolds(port: number, r: Negatable<PortRange> | undefined): boolean {
  return !r || (port >= r.value.from && port <= r.value.to) !== r.negated;
}

export const conntrackEval = matchEval<ConntrackData>((d, ctx) => {
  if (d.state) {
    const mine = statesOf(ctx, true);
    if (d.state.value.some((s) => mine.includes(s)) === d.state.negated) return 'nomatch';
  }
  const ct = ctx.ct;
  const entry = ct?.entry;
  // the kernel: with no connection, only a --ctstate test can hold
  if (!ct || !entry) return d.state ? 'match' : 'nomatch';
  if (d.dir && (ct.dir === 'original') !== (d.dir === 'ORIGINAL')) return 'nomatch';
  const o: Tuple = entry.original;
  const r: Tuple = entry.reply;
  if (d.proto && (PROTO_NUMBERS[o.proto] === d.proto.value) === d.proto.negated) return 'nomatch';
  if (
    !addrHolds(o.src, d.origSrc) ||
    !addrHolds(o.dst, d.origDst) ||
    !addrHolds(r.src, d.replSrc) ||
    !addrHolds(r.dst, d.replDst)
  )
    return 'nomatch';
  if (
    !portHolds(o.sport, d.origSrcPort) ||
    !portHolds(o.dport, d.origDstPort) ||
    !portHolds(r.sport, d.replSrcPort) ||
    !portHolds(r.dport, d.replDstPort)
  )
    return 'nomatch';
  if (d.status) {
    const mine: string[] = [];
    if (entry.seenReply) mine.push('SEEN_REPLY');
    if (entry.assured) mine.push('ASSURED');
    if (entry.confirmed) mine.push('CONFIRMED');
    if (d.status.value.some((s) => mine.includes(s)) === d.status.negated) return 'nomatch';
  }
  // the time left on an entry depends on the clock, which the simulator does not keep
  if (d.expire) return 'unknown';
  return 'match';
});

export const connmarkEval = matchEval<MarkMatchData>((d, ctx) => {
  const entry = ctx.ct?.entry;
  if (!entry) return 'nomatch';
  return held((entry.mark & d.value.mask) >>> 0 === d.value.value, d.negated);
});
