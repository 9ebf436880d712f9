import type { Negatable } from '../../rules/model-face.ts';
import type { SourceSpan } from '../../rules/model-face.ts';
import type { ModuleContext } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { formatPortRange, hasNonDecimalNumber, type PortRange } from '../values.ts';

/** The `-L -n` form of a port match: `dpt:80`, `dpts:1024:65535`, `dpt:!80`. */
export function portRangeList(prefix: 'spt' | 'dpt', r: Negatable<PortRange>): string {
  const single = r.value.from === r.value.to;
  const body = single ? String(r.value.from) : `${r.value.from}:${r.value.to}`;
  return `${prefix}${single ? '' : 's'}:${r.negated ? '!' : ''}${body}`;
}

export function isFullPortRange(r: PortRange): boolean {
  return r.from === 0 && r.to === 65535;
}

/** `destination port 53`, `출발지 포트 1024-65535 제외`: shared by the port matches' explanations. */
export function explainPort(kind: 'sport' | 'dport', r: Negatable<PortRange>, lang: Lang): string {
  const range = formatPortRange(r.value, '-');
  if (lang === 'ko')
    return `${kind === 'sport' ? '출발지' : '목적지'} 포트 ${r.negated ? `${range} 제외` : range}`;
  return `${kind === 'sport' ? 'source' : 'destination'} port ${r.negated ? 'not ' : ''}${range}`;
}

/** The warning for ports written in octal or hex, which iptables reads but prints in decimal. */
export function reportNonDecimalPorts(
  text: string,
  printed: string,
  at: SourceSpan,
  ctx: ModuleContext,
): void {
  if (!hasNonDecimalNumber(text)) return;
  ctx.report(
    'respelled',
    `read "${text}" as ${printed}, as iptables does (a leading 0 is octal, 0x hex); write ${printed}`,
    at,
    'warning',
  );
}
