/**
 * A node's policy ipsets as `ipset restore` input (what `ipset save` prints): a create line per
 * set with the options felix asks for, then one add line per member as written.
 */
import type { IpSet } from '../../netfilter/host.ts';

export function ipsetRestoreText(sets: readonly IpSet[]): string {
  const lines: string[] = [];
  for (const s of sets) {
    lines.push(['create', s.name, s.type, 'family', s.family, ...s.options].join(' '));
    for (const m of s.members) lines.push(`add ${s.name} ${m.text}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
