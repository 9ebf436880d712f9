/**
 * Matches on IP header fields that rewriting targets change: dscp, tos, ttl and ecn. Each reads
 * the packet as it is now, so a value a mangle rule wrote is what a later rule sees.
 */
import type { DscpMatchData } from '../../modules/match/dscp.ts';
import type { EcnMatchData } from '../../modules/match/ecn.ts';
import type { TosMatchData } from '../../modules/match/tos.ts';
import type { TtlMatchData } from '../../modules/match/ttl.ts';
import { TCP_CWR, TCP_ECE } from '../packet.ts';
import { held, matchEval } from './types.ts';

export const dscpMatchEval = matchEval<DscpMatchData>((d, ctx) =>
  held(ctx.packet.tos >>> 2 === d.dscp, d.negated),
);

/** The kernel compares the masked byte with the value as given (not masked too). */
export const tosMatchEval = matchEval<TosMatchData>((d, ctx) =>
  held((ctx.packet.tos & d.mask) === d.value, d.negated),
);

export const ttlMatchEval = matchEval<TtlMatchData>((d, ctx) => {
  const t = ctx.packet.ttl;
  switch (d.op) {
    case 'eq':
      return held(t === d.value);
    case 'ne':
      return held(t !== d.value);
    case 'lt':
      return held(t < d.value);
    case 'gt':
      return held(t > d.value);
  }
});

/** Every test given must hold: the IP ECN field, then the TCP flags (a TCP packet only). */
export const ecnMatchEval = matchEval<EcnMatchData>((d, ctx) => {
  const p = ctx.packet;
  if (d.ect && ((p.tos & 0x03) === d.ect.value) === d.ect.negated) return 'nomatch';
  if (!d.ece && !d.cwr) return 'match';
  if (p.proto !== 'tcp') return 'nomatch';
  if (d.ece && ((p.tcpFlags & TCP_ECE) !== 0) === d.ece.negated) return 'nomatch';
  if (d.cwr && ((p.tcpFlags & TCP_CWR) !== 0) === d.cwr.negated) return 'nomatch';
  return 'match';
});
