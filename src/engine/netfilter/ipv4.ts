/** IPv4 addresses as unsigned 32-bit numbers, and prefixes over them. */
import { formatIPv4, parseIPv4 } from '../rules/index.ts';
import { maskOf } from '../modules/cidr.ts';

export interface Ipv4Prefix {
  /** the address as written (host bits kept: an interface address 10.0.0.5/24) */
  address: number;
  prefix: number;
}

export { maskOf };

export function networkOf(p: Ipv4Prefix): number {
  return (p.address & maskOf(p.prefix)) >>> 0;
}

export function broadcastOf(p: Ipv4Prefix): number {
  return (networkOf(p) | ~maskOf(p.prefix)) >>> 0;
}

export function inPrefix(addr: number, p: Ipv4Prefix): boolean {
  const m = maskOf(p.prefix);
  return (addr & m) >>> 0 === (p.address & m) >>> 0;
}

/** `A.B.C.D/N` or a bare `A.B.C.D` (taken as /32). */
export function parsePrefix(text: string): Ipv4Prefix | undefined {
  const slash = text.indexOf('/');
  const address = parseIPv4(slash < 0 ? text : text.slice(0, slash));
  if (address === undefined) return undefined;
  if (slash < 0) return { address, prefix: 32 };
  const p = text.slice(slash + 1);
  if (!/^[0-9]{1,2}$/.test(p) || Number(p) > 32) return undefined;
  return { address, prefix: Number(p) };
}

export function formatPrefix(p: Ipv4Prefix): string {
  return `${formatIPv4(p.address)}/${p.prefix}`;
}

export const LOOPBACK_NET: Ipv4Prefix = { address: 0x7f000000, prefix: 8 };

export { formatIPv4, parseIPv4 };
