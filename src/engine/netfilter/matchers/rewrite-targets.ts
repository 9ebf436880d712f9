/**
 * The targets that rewrite the packet's header or priority: TTL, DSCP, TOS, ECN, TCPMSS and
 * CLASSIFY change what later rules and tables see (through ctx.rewrite, which the trace shows
 * as the value before and after); CHECKSUM and HL change nothing the model holds and say so.
 */
import type { ClassifyData } from '../../modules/target/CLASSIFY.ts';
import type { DscpData } from '../../modules/target/DSCP.ts';
import type { EcnData } from '../../modules/target/ECN.ts';
import type { TcpmssData } from '../../modules/target/TCPMSS.ts';
import type { TosData } from '../../modules/target/TOS.ts';
import type { TtlData } from '../../modules/target/TTL.ts';
import { TCP_CWR, TCP_ECE } from '../packet.ts';
import { CONTINUE, targetEval, type TargetEvaluator } from './types.ts';

export const ttlTargetEval = targetEval<TtlData>((d, ctx) => {
  const t = ctx.packet.ttl;
  const v = d.mode === 'set' ? d.value : d.mode === 'inc' ? t + d.value : t - d.value;
  ctx.rewrite('ttl', Math.max(0, Math.min(255, v)));
  return CONTINUE;
});

export const dscpTargetEval = targetEval<DscpData>((d, ctx) => {
  ctx.rewrite('dscp', d.dscp);
  return CONTINUE;
});

export const tosTargetEval = targetEval<TosData>((d, ctx) => {
  ctx.rewrite('tos', ((ctx.packet.tos & ~d.mask) ^ d.value) & 0xff);
  return CONTINUE;
});

export const ecnTargetEval = targetEval<EcnData>((d, ctx) => {
  if (d.ipEct !== undefined) ctx.rewrite('ecn', d.ipEct);
  if (ctx.packet.proto === 'tcp' && (d.ece !== undefined || d.cwr !== undefined)) {
    let f = ctx.packet.tcpFlags & (TCP_ECE | TCP_CWR);
    if (d.ece !== undefined) f = d.ece ? f | TCP_ECE : f & ~TCP_ECE;
    if (d.cwr !== undefined) f = d.cwr ? f | TCP_CWR : f & ~TCP_CWR;
    ctx.rewrite('tcp-ecn', f);
  }
  return CONTINUE;
});

export const classifyEval = targetEval<ClassifyData>((d, ctx) => {
  ctx.rewrite('priority', d.priority);
  return CONTINUE;
});

/** An Ethernet MTU, for --clamp-mss-to-pmtu: the host file gives no interface MTU. */
const ASSUMED_MTU = 1500;
/** What the kernel puts in an MSS option it adds, at most (RFC 1122's default for IPv4). */
const DEFAULT_MSS = 536;
const IP_TCP_HEADERS = 40;
const MSS_OPTION = 4;

/**
 * The kernel never raises an MSS, even with --set-mss. A segment without the option gets one
 * (at most 536, and 4 bytes longer) when it carries nothing past its 20-byte header; the packet
 * file cannot say whether a longer segment's extra bytes are options or data, so that is unknown.
 */
export const tcpmssEval = targetEval<TcpmssData>((d, ctx) => {
  const p = ctx.packet;
  if (p.proto !== 'tcp') return CONTINUE;
  const target = d.clampToPmtu ? ASSUMED_MTU - IP_TCP_HEADERS : d.mss;
  if (d.clampToPmtu)
    ctx.note(`the path MTU is taken as ${ASSUMED_MTU} (the host file gives no MTU)`);
  if (p.mss !== undefined) {
    if (p.mss > target) ctx.rewrite('mss', target);
    return CONTINUE;
  }
  if (p.length !== IP_TCP_HEADERS)
    return {
      flow: 'unknown',
      reason: `the segment has no MSS option; the kernel adds one only when it carries no data, and a length of ${p.length} does not say`,
    };
  ctx.rewrite('mss', Math.min(target, DEFAULT_MSS));
  ctx.rewrite('length', p.length + MSS_OPTION);
  return CONTINUE;
});

export const checksumEval = targetEval<unknown>((_d, ctx) => {
  ctx.note(
    'CHECKSUM fills in a checksum left to the network card; the simulated packet has no checksum, so nothing it matches on changes',
  );
  return CONTINUE;
});

export const hlEval: TargetEvaluator = () => ({
  flow: 'unknown',
  reason: 'HL changes the IPv6 hop limit; the simulator follows IPv4 packets',
});
