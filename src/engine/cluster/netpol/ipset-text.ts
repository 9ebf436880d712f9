/**
 * A node's policy ipsets as `ipset restore` input (what `ipset save` prints): a create line per
 * set with the options the CNI asks for, then one add line per member as written, with its
 * timeout and nomatch flag when it has them (kube-router adds every member with `timeout 0`).
 */
import type { IpSet } from '../../netfilter/host.ts';

export function ipsetRestoreText(sets: readonly IpSet[]): string {
  const lines: string[] = [];
  for (const s of sets) {
    lines.push(['create', s.name, s.type, 'family', s.family, ...s.options].join(' '));
    for (const m of s.members) {
      const extra = `${m.timeout === undefined ? '' : ` timeout ${m.timeout}`}${m.nomatch ? ' nomatch' : ''}`;
      lines.push(`add ${s.name} ${m.text}${extra}`);
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
