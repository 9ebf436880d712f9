/**
 * Tells which text a user pasted: iptables-save (`*table` … `COMMIT`), iptables -S (`-P`, `-N`,
 * `-A` lines without tables) or iptables -L (`Chain NAME (policy …)` headers), and whether it is
 * IPv4 or IPv6.
 */
import type { DumpFormat, Family } from './model.ts';

export function detectFormat(text: string): DumpFormat {
  return recognizeFormat(text)?.format ?? 'save';
}

/**
 * The format the first meaningful line shows, and that line (1-based); null when no line looks
 * like any of the three (or there is no meaningful line at all).
 */
export function recognizeFormat(text: string): { format: DumpFormat; line: number } | null {
  // look at the first meaningful lines only: a 14 MB dump must not be scanned twice
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  // line by line up to the first that tells (mostly the first or second): no array of every line
  for (let i = 0, start = 0; start <= head.length; i++) {
    let end = head.indexOf('\n', start);
    if (end < 0) end = head.length;
    const line = head.slice(start, end).trim();
    start = end + 1;
    if (line === '' || line.startsWith('#')) continue;
    const at = (format: DumpFormat) => ({ format, line: i + 1 });
    if (
      line.startsWith('*') ||
      line.startsWith(':') ||
      line === 'COMMIT' ||
      /^\[\d+:\d+\]/.test(line)
    )
      return at('save');
    if (/^Chain \S+ \((policy \S+|\d+ references)/.test(line)) return at('L');
    if (/^(num\s+)?(pkts\s+bytes\s+)?target\s+prot\s+opt\b/.test(line)) return at('L');
    if (/^-[PNAI] /.test(line)) return at('S');
  }
  return null;
}

/** The first line that is neither blank nor a comment (1-based), or null. */
export function firstMeaningfulLine(text: string): { line: number; text: string } | null {
  let start = 0;
  for (let n = 1; start <= text.length; n++) {
    const end = text.indexOf('\n', start);
    const raw = text.slice(start, end === -1 ? text.length : end);
    const line = raw.trim();
    if (line !== '' && !line.startsWith('#')) return { line: n, text: raw };
    if (end === -1) break;
    start = end + 1;
  }
  return null;
}

export function detectFamily(text: string): Family {
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  // each pattern only where the words it needs are in the text: a multi-line pattern is tried at
  // every line, includes() finds a word much sooner, and most dumps hold none of these words
  if (head.includes('ip6tables') && /^#.*ip6tables/m.test(head)) return 'ipv6';
  if (/(^|\s)-[sd] !? ?[0-9a-fA-F]*:[0-9a-fA-F:]*(\/\d+)?(\s|$)/m.test(head)) return 'ipv6';
  if (head.includes('icmp6') || head.includes('icmpv6') || head.includes('ipv6-icmp'))
    return 'ipv6';
  if (
    head.includes('::') &&
    /^\s*\d+\s+\d+\s+\S+\s+\S+\s+(--|!f|-f)?\s*\S+\s+\S+\s+[0-9a-fA-F]*::/m.test(head)
  )
    return 'ipv6';
  // -L rows: after the opt column (and in/out with -v), source and destination both hold `:`
  if (
    head.includes('Chain ') &&
    /^Chain /m.test(head) &&
    /\s(?:--|-f|!f)\s+(?:\S+\s+\S+\s+)?!?[0-9a-fA-F]*:[0-9a-fA-F:]*(?:\/\d{1,3})?\s+!?[0-9a-fA-F]*:[0-9a-fA-F:]*(?:\/\d{1,3})?(?:\s|$)/m.test(
      head,
    )
  )
    return 'ipv6';
  return 'ipv4';
}
