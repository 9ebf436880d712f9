/** Port matches: tcp (ports, flags), udp, sctp and multiport. */
import type { Negatable } from '../../rules/index.ts';
import type { MultiportData } from '../../modules/match/multiport.ts';
import type { SctpData } from '../../modules/match/sctp.ts';
import type { TcpData } from '../../modules/match/tcp.ts';
import type { UdpData } from '../../modules/match/udp.ts';
import type { PortRange } from '../../modules/values.ts';
import { hasPorts } from '../packet.ts';
import { held, matchEval, type EvalContext, type MatchResult } from './types.ts';

function inRange(port: number, r: PortRange): boolean {
  return port >= r.from && port <= r.to;
}

function portHolds(port: number, r: Negatable<PortRange> | undefined): boolean {
  return !r || inRange(port, r.value) !== r.negated;
}

/** The kernel's protocol matches look only at packets of their own protocol. */
function portsMatch(
  proto: string,
  d: { sport?: Negatable<PortRange>; dport?: Negatable<PortRange> },
  ctx: EvalContext,
): MatchResult {
  const p = ctx.packet;
  if (p.proto !== proto) return 'nomatch';
  return held(portHolds(p.sport, d.sport) && portHolds(p.dport, d.dport));
}

export const tcpEval = matchEval<TcpData>((d, ctx) => {
  if (portsMatch('tcp', d, ctx) === 'nomatch') return 'nomatch';
  const p = ctx.packet;
  if (d.flags && ((p.tcpFlags & d.flags.value.mask) === d.flags.value.comp) === d.flags.negated)
    return 'nomatch';
  // TCP options are not part of the simulated packet
  if (d.option) return 'unknown';
  return 'match';
});

export const udpEval = matchEval<UdpData>((d, ctx) => portsMatch('udp', d, ctx));

export const sctpEval = matchEval<SctpData>((d, ctx) => {
  if (portsMatch('sctp', d, ctx) === 'nomatch') return 'nomatch';
  // the chunks inside an SCTP packet are not simulated
  return d.chunkTypes ? 'unknown' : 'match';
});

export const multiportEval = matchEval<MultiportData>((d, ctx) => {
  const p = ctx.packet;
  if (!hasPorts(p.proto)) return 'nomatch';
  const hit = d.ports.some(
    (r) =>
      (d.direction !== 'dports' && inRange(p.sport, r)) ||
      (d.direction !== 'sports' && inRange(p.dport, r)),
  );
  return held(hit, d.negated);
});
