import type { Negatable } from '../../rules/model.ts';
import type { PortRange } from '../values.ts';

/** The `-L -n` form of a port match: `dpt:80`, `dpts:1024:65535`, `dpt:!80`. */
export function portRangeList(prefix: 'spt' | 'dpt', r: Negatable<PortRange>): string {
  const single = r.value.from === r.value.to;
  const body = single ? String(r.value.from) : `${r.value.from}:${r.value.to}`;
  return `${prefix}${single ? '' : 's'}:${r.negated ? '!' : ''}${body}`;
}
