/**
 * Addresses inside the simulator: an IPv4 address is an unsigned 32-bit number (the fast path
 * every IPv4 comparison keeps), an IPv6 address a 128-bit bigint. The family follows from the
 * type, so a prefix of one family never contains an address of the other.
 */
import { formatIPv4, formatIPv6, parseIPv4, parseIPv6 } from '../rules/model-face.ts';
import { maskOf } from '../modules/cidr.ts';

export type Addr = number | bigint;
export type AddrFamily = 'ipv4' | 'ipv6';

/** An address of either family with its prefix length (up to 32, or 128 for IPv6). */
export interface IpPrefix {
  /** the address as written (host bits kept: an interface address 10.0.0.5/24) */
  address: Addr;
  prefix: number;
}

export interface Ipv4Prefix extends IpPrefix {
  address: number;
}

export { maskOf };

const ALL128 = (1n << 128n) - 1n;

export function maskOf6(prefix: number): bigint {
  return prefix === 0 ? 0n : (ALL128 << BigInt(128 - prefix)) & ALL128;
}

export function familyOf(a: Addr): AddrFamily {
  return typeof a === 'number' ? 'ipv4' : 'ipv6';
}

export function networkOf(p: Ipv4Prefix): number;
export function networkOf(p: IpPrefix): Addr;
export function networkOf(p: IpPrefix): Addr {
  if (typeof p.address === 'number') return (p.address & maskOf(p.prefix)) >>> 0;
  return p.address & maskOf6(p.prefix);
}

export function broadcastOf(p: IpPrefix): Addr {
  if (typeof p.address === 'bigint') return -1n; // IPv6 has no broadcast
  return ((networkOf(p) as number) | ~maskOf(p.prefix)) >>> 0;
}

export function inPrefix(addr: Addr, p: IpPrefix): boolean {
  if (typeof addr === 'number') {
    if (typeof p.address !== 'number') return false;
    const m = maskOf(p.prefix);
    return (addr & m) >>> 0 === (p.address & m) >>> 0;
  }
  if (typeof p.address !== 'bigint') return false;
  const m = maskOf6(p.prefix);
  return (addr & m) === (p.address & m);
}

/** IPv6 text to its 128-bit number; undefined when it is not an IPv6 address. */
export function parseIPv6Number(text: string): bigint | undefined {
  const g = parseIPv6(text);
  if (!g) return undefined;
  let v = 0n;
  for (const x of g) v = (v << 16n) | BigInt(x);
  return v;
}

/** RFC 5952 text of a 128-bit number. */
export function formatIPv6Number(v: bigint): string {
  const g: number[] = [];
  for (let i = 7; i >= 0; i--) g.push(Number((v >> BigInt(i * 16)) & 0xffffn));
  return formatIPv6(g);
}

/** Either family's text: dotted quad, or IPv6 (written with colons). */
export function parseAddr(text: string): Addr | undefined {
  return text.includes(':') ? parseIPv6Number(text) : parseIPv4(text);
}

export function formatAddr(a: Addr): string {
  return typeof a === 'number' ? formatIPv4(a) : formatIPv6Number(a);
}

/** `addr:port`, or `[addr]:port` for IPv6 so the port cannot be read as a group. */
export function formatAddrPort(a: Addr, port: number): string {
  return typeof a === 'number' ? `${formatIPv4(a)}:${port}` : `[${formatIPv6Number(a)}]:${port}`;
}

/** `A.B.C.D/N` or a bare `A.B.C.D` (taken as /32). */
export function parsePrefix(text: string): Ipv4Prefix | undefined {
  const p = parseIpPrefix(text);
  return p && typeof p.address === 'number' ? (p as Ipv4Prefix) : undefined;
}

/** `A.B.C.D/N`, `ADDR6/N`, or a bare address (a host prefix: /32, /128). */
export function parseIpPrefix(text: string): IpPrefix | undefined {
  const slash = text.indexOf('/');
  const address = parseAddr(slash < 0 ? text : text.slice(0, slash));
  if (address === undefined) return undefined;
  const full = typeof address === 'number' ? 32 : 128;
  if (slash < 0) return { address, prefix: full };
  const p = text.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(p) || Number(p) > full) return undefined;
  return { address, prefix: Number(p) };
}

export function formatPrefix(p: IpPrefix): string {
  return `${formatAddr(p.address)}/${p.prefix}`;
}

export const LOOPBACK_NET: Ipv4Prefix = { address: 0x7f000000, prefix: 8 };
export const LOOPBACK6: IpPrefix = { address: 1n, prefix: 128 };

export { formatIPv4, parseIPv4 };

/** The unspecified address of the family `a` belongs to (0.0.0.0 or ::). */
export function zeroOf(a: Addr): Addr {
  return typeof a === 'number' ? 0 : 0n;
}

/** Multicast (224.0.0.0/4, ff00::/8) or the IPv4 limited broadcast: never a packet's source. */
export function isMulticastOrBroadcast(a: Addr): boolean {
  if (typeof a === 'bigint') return a >> 120n === 0xffn;
  return a >>> 28 === 0xe || a === 0xffffffff;
}
