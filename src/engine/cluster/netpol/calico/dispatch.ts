/**
 * felix's dispatch chains: from the interface a packet leaves by (`-o`, cali-to-wl-dispatch) or
 * came in by (`-i`, cali-from-wl-dispatch) to that pod's chain. Names are binned by the character
 * after their common prefix; a bin of two or more gets its own chain. Every jump is a goto, so a
 * RETURN in the pod's chain goes straight back to cali-FORWARD.
 */
import type { CniRules } from '../cni-rules.ts';
import { calicoProv, emit, goto, jump, type Entry } from './emit.ts';
import type { FelixRule } from './felix.ts';

export interface DispatchTarget {
  iface: string;
  /** the pod, as namespace/name */
  pod: string;
}

function commonPrefix(names: string[]): string {
  if (names.length === 0) return '';
  let p = names[0]!;
  for (const n of names) while (!n.startsWith(p)) p = p.slice(0, -1);
  return p;
}

const unknown: FelixRule = { comments: ['Unknown interface'], match: [], action: jump('DROP') };

export function dispatchChains(out: CniRules, targets: DispatchTarget[], dir: 'to' | 'from'): void {
  const root = `cali-${dir}-wl-dispatch`;
  const endpointPrefix = dir === 'to' ? 'cali-tw-' : 'cali-fw-';
  const side = dir === 'to' ? 'out' : 'in';
  const sorted = [...targets].sort((a, b) => (a.iface < b.iface ? -1 : 1));
  const prefix = commonPrefix(sorted.map((t) => t.iface));
  const bins = new Map<string, DispatchTarget[]>();
  for (const t of sorted) {
    const c = t.iface.charAt(prefix.length);
    bins.set(c, [...(bins.get(c) ?? []), t]);
  }
  const direct = (t: DispatchTarget): Entry => ({
    rule: {
      comments: [],
      match: [{ kind: side, iface: t.iface }],
      action: goto(endpointPrefix + t.iface),
    },
    prov: calicoProv('policy-dispatch', { pod: t.pod }),
  });
  const rootEntries: Entry[] = [];
  for (const [c, list] of bins) {
    if (list.length === 1) {
      rootEntries.push(direct(list[0]!));
      continue;
    }
    const child = `${root}-${c}`;
    rootEntries.push({
      rule: { comments: [], match: [{ kind: side, iface: `${prefix}${c}+` }], action: goto(child) },
      prov: calicoProv('policy-dispatch'),
    });
    emit(out, 'filter', child, [
      ...list.map(direct),
      { rule: unknown, prov: calicoProv('policy-dispatch') },
    ]);
  }
  rootEntries.push({ rule: unknown, prov: calicoProv('policy-dispatch') });
  emit(out, 'filter', root, rootEntries);
}
