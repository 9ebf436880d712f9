/**
 * The remaining matches: comment, mark, length, icmp, statistic (through the context's chance
 * and count, so sampling and path enumeration both work), limit, and the modules whose answer
 * depends on what the simulator does not model (socket lookups, rates over time).
 */
import type { IcmpData } from '../../modules/match/icmp.ts';
import type { LengthData } from '../../modules/match/length.ts';
import type { LimitData } from '../../modules/match/limit.ts';
import type { MarkMatchData } from '../../modules/match/mark.ts';
import type { RecentData } from '../../modules/match/recent.ts';
import type { StatisticData } from '../../modules/match/statistic.ts';
import { recentAddress } from '../recent-lists.ts';
import { held, matchEval, type MatchEvaluator } from './types.ts';

export const commentEval = matchEval<unknown>(() => 'match');

export const markEval = matchEval<MarkMatchData>((d, ctx) =>
  held((ctx.packet.mark & d.value.mask) >>> 0 === d.value.value, d.negated),
);

export const lengthEval = matchEval<LengthData>((d, ctx) =>
  held(ctx.packet.length >= d.min && ctx.packet.length <= d.max, d.negated),
);

/** Type 255 is `any`; otherwise the type must be equal and the code within the range. */
export const icmpEval = matchEval<IcmpData>((d, ctx) => {
  const p = ctx.packet;
  if (p.proto !== 'icmp') return 'nomatch';
  const t = d.value;
  const hit =
    t.type === 255 || (p.icmpType === t.type && p.icmpCode >= t.codeMin && p.icmpCode <= t.codeMax);
  return held(hit, d.negated);
});

/**
 * random: the kernel's draw (see random.ts). nth: iptables loads the counter so that the
 * k-th evaluation (from 0) matches when k mod every == packet.
 */
export const statisticEval = matchEval<StatisticData>((d, ctx) => {
  if (d.mode === 'random') return held(ctx.chance(d.threshold), d.negated);
  if (d.every <= 0) return 'nomatch';
  return held(ctx.count() % d.every === d.packet, d.negated);
});

/**
 * limit: simulated packets arrive all at once, so the bucket starts full and the first `burst`
 * packets that reach the rule match, later ones do not.
 */
export const limitEval = matchEval<LimitData>((d, ctx) => held(ctx.count() < d.burst));

/**
 * recent: the simulation's recent lists (recent-lists.ts), keyed by the packet's source (or
 * destination) address under the rule's mask.
 */
export const recentEval = matchEval<RecentData>((d, ctx) => {
  const address = d.side === 'source' ? ctx.packet.src : ctx.packet.dst;
  const answer = ctx.recent({
    name: d.name,
    command: d.command,
    address: recentAddress(address, d.mask),
    seconds: d.seconds,
    hitcount: d.hitcount,
    negated: d.negated,
  });
  return answer.matched ? 'match' : 'nomatch';
});

/** Answers the engine cannot give: they depend on sockets, users or time. */
export const notModelled: MatchEvaluator = () => 'unknown';
