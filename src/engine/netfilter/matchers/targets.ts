/**
 * The evaluate side of target extensions. ACCEPT, DROP, RETURN and QUEUE are iptables' own
 * verdicts and are handled by the chain walk (traverse.ts); everything else is here.
 */
import { parseIPv4 } from '../../rules/index.ts';
import type { ConnmarkData } from '../../modules/target/CONNMARK.ts';
import type { CtData } from '../../modules/target/CT.ts';
import type { DnatData } from '../../modules/target/DNAT.ts';
import type { LogData } from '../../modules/target/LOG.ts';
import type { MarkData } from '../../modules/target/MARK.ts';
import type { MasqueradeData } from '../../modules/target/MASQUERADE.ts';
import type { NatPorts, NatRange } from '../../modules/target/nat-range.ts';
import type { NflogData } from '../../modules/target/NFLOG.ts';
import type { RedirectData } from '../../modules/target/REDIRECT.ts';
import type { RejectData } from '../../modules/target/REJECT.ts';
import type { SnatData } from '../../modules/target/SNAT.ts';
import { CONTINUE, targetEval, type NatRequest, type TargetEvaluator } from './types.ts';

function rangeRequest(type: 'DNAT' | 'SNAT', r: NatRange | null): NatRequest {
  return {
    type,
    mode: 'map',
    minIp: r?.minIp !== undefined ? (parseIPv4(r.minIp) ?? null) : null,
    maxIp:
      r?.maxIp !== undefined
        ? (parseIPv4(r.maxIp) ?? null)
        : r?.minIp !== undefined
          ? (parseIPv4(r.minIp) ?? null)
          : null,
    minPort: r?.minPort ?? null,
    maxPort: r?.maxPort ?? r?.minPort ?? null,
  };
}

function portsRequest(
  type: 'DNAT' | 'SNAT',
  mode: 'masquerade' | 'redirect',
  p: NatPorts | null,
): NatRequest {
  return {
    type,
    mode,
    minIp: null,
    maxIp: null,
    minPort: p?.minPort ?? null,
    maxPort: p?.maxPort ?? p?.minPort ?? null,
  };
}

export const dnatEval = targetEval<DnatData>((d, ctx) => ctx.nat(rangeRequest('DNAT', d.to)));
export const snatEval = targetEval<SnatData>((d, ctx) => ctx.nat(rangeRequest('SNAT', d.to)));
export const masqueradeEval = targetEval<MasqueradeData>((d, ctx) =>
  ctx.nat(portsRequest('SNAT', 'masquerade', d.ports)),
);
export const redirectEval = targetEval<RedirectData>((d, ctx) =>
  ctx.nat(portsRequest('DNAT', 'redirect', d.ports)),
);

export const rejectEval = targetEval<RejectData>((d) => ({
  flow: 'verdict',
  verdict: 'REJECT',
  rejectWith: d.with,
}));

export const markEval = targetEval<MarkData>((d, ctx) => {
  ctx.setMark(d.value, d.mask);
  return CONTINUE;
});

function shifted(v: number, shift: ConnmarkData['shift']): number {
  if (!shift) return v >>> 0;
  return (shift.direction === 'left' ? v << shift.bits : v >>> shift.bits) >>> 0;
}

/** xt_connmark: set the ctmark, or copy bits between the packet mark and the ctmark. */
export const connmarkEval = targetEval<ConnmarkData>((d, ctx) => {
  const entry = ctx.ct?.entry;
  if (!entry) return CONTINUE;
  if (d.mode === 'set') {
    const v = shifted((entry.mark & ~d.mask) ^ d.value, d.shift);
    ctx.setConnmark(v, 0xffffffff);
  } else if (d.mode === 'save') {
    const v = ((entry.mark & ~d.ctmask) ^ shifted(ctx.packet.mark & d.nfmask, d.shift)) >>> 0;
    ctx.setConnmark(v, 0xffffffff);
  } else {
    const v = ((ctx.packet.mark & ~d.nfmask) ^ shifted(entry.mark & d.ctmask, d.shift)) >>> 0;
    ctx.setMark(v, 0xffffffff);
  }
  return CONTINUE;
});

export const logEval = targetEval<LogData>((d, ctx) => {
  ctx.note(`LOG level ${d.level}${d.prefix ? ` prefix "${d.prefix}"` : ''}`);
  return CONTINUE;
});

export const nflogEval = targetEval<NflogData>((d, ctx) => {
  ctx.note(`NFLOG group ${d.group}${d.prefix ? ` prefix "${d.prefix}"` : ''}`);
  return CONTINUE;
});

export const traceEval = targetEval<unknown>((_d, ctx) => {
  ctx.note('TRACE: the kernel reports this packet to xtables-monitor --trace from here on');
  return CONTINUE;
});

export const notrackEval = targetEval<unknown>((_d, ctx) => {
  ctx.notrack();
  return CONTINUE;
});

export const ctEval = targetEval<CtData>((d, ctx) => {
  if (d.notrack) ctx.notrack();
  else {
    const parts = [
      d.helper && `helper ${d.helper}`,
      d.zone.id || d.zone.mark ? `zone ${d.zone.mark ? 'mark' : d.zone.id}` : '',
      d.timeout && `timeout ${d.timeout}`,
    ].filter(Boolean);
    ctx.note(`CT ${parts.join(' ') || 'template'} (not simulated beyond this note)`);
  }
  return CONTINUE;
});

export const notSimulatedTarget: TargetEvaluator = () => ({
  flow: 'unknown',
  reason: 'this target depends on sockets or state the simulator does not model',
});
