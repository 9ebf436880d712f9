/**
 * A node's policy ipsets as `ipset restore` input (what `ipset save` prints): a create line per
 * set with the sizes felix asks for, then one add line per member.
 */
import { formatIPv4 } from '../../netfilter/ipv4.ts';
import type { IpSet, IpSetElement } from '../../netfilter/host.ts';

function elementText(e: IpSetElement): string {
  switch (e.kind) {
    case 'net':
      return e.net.prefix === 32
        ? formatIPv4(e.net.address)
        : `${formatIPv4(e.net.address)}/${e.net.prefix}`;
    case 'port':
      return `${e.proto}:${e.from === e.to ? e.from : `${e.from}-${e.to}`}`;
    case 'iface':
      return e.name;
    case 'mark':
      return `0x${e.value.toString(16)}`;
  }
}

export function ipsetRestoreText(sets: readonly IpSet[]): string {
  const lines: string[] = [];
  for (const s of sets) {
    lines.push(`create ${s.name} ${s.type} family inet hashsize 1024 maxelem 1048576`);
    for (const m of s.members) lines.push(`add ${s.name} ${m.map(elementText).join(',')}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
