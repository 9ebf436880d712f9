/**
 * IPv4 text as kube-proxy reads it. kube-proxy parses Service addresses with k8s.io/utils/net's
 * ParseIPSloppy and ParseCIDRSloppy, which keep Go's pre-1.17 parser: an octet or a prefix length
 * with leading zeros is read as decimal (`172.30.0.041` is .41, `/025` is /25), never as octal.
 * Older API servers accepted such Services, so they can still be found in long-lived clusters.
 */
import type { Ipv4Prefix } from '../../netfilter/ipv4.ts';

export interface SloppyRead<T> {
  value: T;
  /** true when a number was written with a leading zero (`041`, `000`, `025`) */
  leadingZeros: boolean;
}

/** A run of decimal digits from `at`: its value (capped), its end, and whether it led with 0. */
function digits(text: string, at: number): { n: number; end: number; zero: boolean } {
  let n = 0;
  let end = at;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) {
    n = Math.min(n * 10 + (text.charCodeAt(end) - 48), 0xffffff);
    end++;
  }
  return { n, end, zero: end - at > 1 && text[at] === '0' };
}

/** Four dot-separated decimal numbers up to 255, each with any number of digits. */
export function sloppyIPv4(text: string): SloppyRead<number> | undefined {
  let at = 0;
  let value = 0;
  let leadingZeros = false;
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (text[at] !== '.') return undefined;
      at++;
    }
    const d = digits(text, at);
    if (d.end === at || d.n > 255) return undefined;
    value = value * 256 + d.n;
    leadingZeros ||= d.zero;
    at = d.end;
  }
  return at === text.length ? { value, leadingZeros } : undefined;
}

/** `A.B.C.D/N`, read as sloppily as the address (the prefix length may lead with zeros too). */
export function sloppyPrefix(text: string): SloppyRead<Ipv4Prefix> | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = sloppyIPv4(text.slice(0, slash));
  const d = digits(text, slash + 1);
  if (!address || d.end === slash + 1 || d.end !== text.length || d.n > 32) return undefined;
  return {
    value: { address: address.value, prefix: d.n },
    leadingZeros: address.leadingZeros || d.zero,
  };
}
