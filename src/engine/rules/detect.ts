/**
 * Tells which text a user pasted: iptables-save (`*table` … `COMMIT`), iptables -S (`-P`, `-N`,
 * `-A` lines without tables) or iptables -L (`Chain NAME (policy …)` headers), and whether it is
 * IPv4 or IPv6.
 */
import type { DumpFormat, Family } from './model.ts';

export function detectFormat(text: string): DumpFormat {
  // look at the first meaningful lines only: a 14 MB dump must not be scanned twice
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  for (const raw of head.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (
      line.startsWith('*') ||
      line.startsWith(':') ||
      line === 'COMMIT' ||
      /^\[\d+:\d+\]/.test(line)
    )
      return 'save';
    if (/^Chain \S+ \((policy \S+|\d+ references)/.test(line)) return 'L';
    if (/^(num\s+)?(pkts\s+bytes\s+)?target\s+prot\s+opt\b/.test(line)) return 'L';
    if (/^-[PNAI] /.test(line)) return 'S';
  }
  return 'save';
}

export function detectFamily(text: string): Family {
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  if (/^#.*ip6tables/m.test(head)) return 'ipv6';
  if (/(^|\s)-[sd] !? ?[0-9a-fA-F]*:[0-9a-fA-F:]*(\/\d+)?(\s|$)/m.test(head)) return 'ipv6';
  if (/(ipv6-icmp|icmpv6|icmp6)/.test(head)) return 'ipv6';
  if (/^\s*\d+\s+\d+\s+\S+\s+\S+\s+(--|!f|-f)?\s*\S+\s+\S+\s+[0-9a-fA-F]*::/m.test(head))
    return 'ipv6';
  // -L rows: after the opt column (and in/out with -v), source and destination both hold `:`
  if (
    /^Chain /m.test(head) &&
    /\s(?:--|-f|!f)\s+(?:\S+\s+\S+\s+)?!?[0-9a-fA-F]*:[0-9a-fA-F:]*(?:\/\d{1,3})?\s+!?[0-9a-fA-F]*:[0-9a-fA-F:]*(?:\/\d{1,3})?(?:\s|$)/m.test(
      head,
    )
  )
    return 'ipv6';
  return 'ipv4';
}
