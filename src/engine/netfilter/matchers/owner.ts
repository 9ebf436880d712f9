/**
 * owner: the socket that sent a locally generated packet, as the packet file describes it
 * (`uid`, `gid`). The kernel's xt_owner decides in this order, and so does this evaluator:
 * - no socket (every packet the host did not generate): the match holds only when every option
 *   it uses is negated, so `! --uid-owner 0` matches a forwarded packet;
 * - a socket and `! --socket-exists`: no match;
 * - each of --uid-owner / --gid-owner: the id within the range, flipped when negated.
 */
import type { Negatable } from '../../rules/index.ts';
import type { OwnerData, OwnerId } from '../../modules/match/owner.ts';
import type { Hook } from '../hooks.ts';
import { matchEval, type MatchResult } from './types.ts';

/** The hooks where the kernel accepts -m owner: only there can a packet carry a socket. */
const OWNER_HOOKS: readonly Hook[] = ['OUTPUT', 'POSTROUTING'];

/** One id test: 'unknown' when the id or the rule's name cannot be known here. */
function idHolds(o: Negatable<OwnerId>, id: number | undefined): MatchResult {
  if (id === undefined || 'name' in o.value) return 'unknown';
  const inRange = id >= o.value.min && id <= o.value.max;
  return inRange !== o.negated ? 'match' : 'nomatch';
}

export const ownerEval = matchEval<OwnerData>((d, ctx) => {
  // elsewhere the kernel refuses to load the rule (reached through a user chain)
  if (!OWNER_HOOKS.includes(ctx.hook)) return 'unknown';
  const p = ctx.packet;
  if (!p.local) {
    const all = [d.socketExists, d.uid, d.gid].every((o) => o === undefined || o.negated);
    return all ? 'match' : 'nomatch';
  }
  // a local packet without uid or gid: the file does not say whether a socket sent it
  if (p.uid === undefined && p.gid === undefined) return 'unknown';
  if (d.socketExists?.negated) return 'nomatch';
  let result: MatchResult = 'match';
  // --suppl-groups would also look through the owner's supplementary groups; the packet file
  // has only the primary group, so it is tested like a plain --gid-owner
  for (const [opt, id] of [
    [d.uid, p.uid],
    [d.gid, p.gid],
  ] as const) {
    if (opt === undefined) continue;
    const r = idHolds(opt, id);
    if (r === 'nomatch') return 'nomatch';
    if (r === 'unknown') result = 'unknown';
  }
  return result;
});
