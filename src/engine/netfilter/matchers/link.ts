/**
 * Matches on how the packet reached the host: physdev (bridge ports, with bridge netfilter),
 * pkttype (unicast/broadcast/multicast), rpfilter (reverse path) and mac (the packet file's
 * srcMac).
 */
import type { Negatable } from '../../rules/index.ts';
import type { MacData } from '../../modules/match/mac.ts';
import type { PhysdevData } from '../../modules/match/physdev.ts';
import type { PkttypeData } from '../../modules/match/pkttype.ts';
import type { RpfilterData } from '../../modules/match/rpfilter.ts';
import type { Hook } from '../hooks.ts';
import { isBroadcastAddress } from '../host.ts';
import { lookupRoute } from '../routing.ts';
import { held, interfaceMatches, matchEval, type MatchResult } from './types.ts';

/**
 * Without bridge information (the packet never crossed a bridge) the kernel lets a physdev
 * match hold only when every option it uses is negated.
 */
function allNegated(d: PhysdevData): boolean {
  return [d.isIn, d.in, d.isOut, d.out, d.isBridged].every((o) => o === undefined || o.negated);
}

export const physdevEval = matchEval<PhysdevData>((d, ctx) => {
  if (!ctx.viaBridge) return held(allNegated(d));
  const physOutKnown = ctx.physOut !== null || !ctx.bridged;
  const flag = (o: Negatable<true> | undefined, present: boolean) => !o || present !== o.negated;
  if (!flag(d.isIn, true) || !flag(d.isOut, ctx.bridged) || !flag(d.isBridged, ctx.bridged))
    return 'nomatch';
  let result: MatchResult = 'match';
  if (d.in) {
    // a packet that arrived on the bridge device itself does not say which port it came from
    if (ctx.physIn === null) result = 'unknown';
    else if (interfaceMatches(d.in.value, ctx.physIn) === d.in.negated) return 'nomatch';
  }
  if (d.out) {
    if (!physOutKnown) result = 'unknown';
    else if (interfaceMatches(d.out.value, ctx.physOut ?? '') === d.out.negated) return 'nomatch';
  }
  return result;
});

export const pkttypeEval = matchEval<PkttypeData>((d, ctx) => {
  const dst = ctx.packet.dst;
  const type =
    dst >>> 28 === 0xe ? 'multicast' : isBroadcastAddress(ctx.host, dst) ? 'broadcast' : 'unicast';
  return held(type === d.type, d.negated);
});

/** The hooks where the kernel accepts -m mac: a received frame's header is still there. */
const MAC_HOOKS: readonly Hook[] = ['PREROUTING', 'INPUT', 'FORWARD'];

/**
 * The Ethernet source the packet file gives (srcMac). Without it, or where the kernel would
 * refuse the rule (reached from another hook through a user chain), the answer is unknown.
 */
export const macEval = matchEval<MacData>((d, ctx) => {
  const mac = ctx.packet.srcMac;
  if (mac === undefined || !MAC_HOOKS.includes(ctx.hook)) return 'unknown';
  return held(mac === d.mac, d.negated);
});

/**
 * rpfilter: a reverse route lookup for the source. A packet from lo always passes; a local
 * source passes only with --accept-local; otherwise the route back must exist and (unless
 * --loose) leave by the interface the packet came in on.
 */
export const rpfilterEval = matchEval<RpfilterData>((d, ctx) => {
  if (ctx.inIface === 'lo' || ctx.inIface === null) return held(true, d.invert);
  const back = lookupRoute(ctx.host, ctx.packet.src);
  let ok: boolean;
  if (back.kind === 'local') ok = d.acceptLocal && !back.broadcast;
  else if (back.kind === 'unicast') ok = d.loose || back.dev === ctx.inIface;
  else ok = false;
  return held(ok, d.invert);
});
