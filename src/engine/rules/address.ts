/**
 * IPv4 and IPv6 addresses and prefixes as iptables reads and prints them: `-s 10.0.0.5` is
 * stored as `10.0.0.5/32`, `10.1.2.3/8` is masked to `10.0.0.0/8`, and a dotted netmask becomes a
 * prefix length when it is contiguous.
 */
import type { Cidr, Family } from './model.ts';

export function parseIPv4(text: string): number | undefined {
  // a char-code loop: this runs for every -s/-d of a 100,000-rule dump
  let v = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits > 3) return undefined;
      part = part * 10 + (c - 48);
    } else if (c === 46) {
      if (digits === 0 || part > 255 || ++dots > 3) return undefined;
      v = v * 256 + part;
      part = 0;
      digits = 0;
    } else return undefined;
  }
  if (dots !== 3 || digits === 0 || part > 255) return undefined;
  return v * 256 + part;
}

export function formatIPv4(v: number): string {
  return `${(v >>> 24) & 255}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/** IPv6 as eight 16-bit groups. */
export function parseIPv6(text: string): number[] | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  let head = text;
  let tailV4: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tailV4 = [(v4 >>> 16) & 0xffff, v4 & 0xffff];
    head = text.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const dbl = head.indexOf('::');
  if (dbl !== head.lastIndexOf('::')) return undefined;
  const toGroups = (s: string): number[] | undefined => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  let groups: number[];
  if (dbl >= 0) {
    const a = toGroups(head.slice(0, dbl));
    const b = toGroups(head.slice(dbl + 2));
    if (!a || !b) return undefined;
    const fill = 8 - a.length - b.length - tailV4.length;
    if (fill < 1) return undefined;
    groups = [...a, ...new Array<number>(fill).fill(0), ...b, ...tailV4];
  } else {
    const a = toGroups(head);
    if (!a) return undefined;
    groups = [...a, ...tailV4];
  }
  return groups.length === 8 ? groups : undefined;
}

/** RFC 5952 text, as inet_ntop writes it. */
export function formatIPv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hexes = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hexes.join(':');
  return `${hexes.slice(0, bestStart).join(':')}::${hexes.slice(bestStart + bestLen).join(':')}`;
}

function maskIPv4(v: number, prefix: number): number {
  return prefix === 0 ? 0 : (v & (0xffffffff << (32 - prefix))) >>> 0;
}

function prefixOfMaskIPv4(mask: number): number | undefined {
  let p = 0;
  while (p < 32 && (mask & (0x80000000 >>> p)) !== 0) p++;
  return maskIPv4(0xffffffff, p) === mask >>> 0 ? p : undefined;
}

/** A number as iptables reads it (strtoul, base 0): decimal, `0x` hex or `0` octal, an optional `+`. */
function prefixLength(text: string): number | undefined {
  const m = /^\+?(?:0[xX]([0-9a-fA-F]+)|(0[0-7]*)|([1-9][0-9]*))$/.exec(text);
  if (!m) return undefined;
  const v =
    m[1] !== undefined ? parseInt(m[1], 16) : m[2] !== undefined ? parseInt(m[2], 8) : Number(m[3]);
  return v;
}

/** IPv4 as iptables reads it: four numbers 0-255, each decimal, `0x` hex or `0` octal. */
function parseIPv4Numeric(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let v = 0;
  for (const p of parts) {
    const n = prefixLength(p);
    if (n === undefined || n > 255) return undefined;
    v = v * 256 + n;
  }
  return v;
}

/**
 * Whether an address or prefix (`ADDR`, `ADDR/LEN`, `ADDR/MASK`) writes a number otherwise than
 * iptables prints it: with a leading 0 (octal), `0x` (hex) or `+`.
 */
export function numbersRespelled(text: string): boolean {
  if (text.includes(':')) {
    const slash = text.indexOf('/');
    return slash >= 0 && /^(\+|0[0-9xX])/.test(text.slice(slash + 1));
  }
  return /(^|[./])(\+|0[0-9xX])/.test(text);
}

/** Parses `ADDR`, `ADDR/LEN` or `ADDR/MASK`; undefined when it is not an address of `family`. */
export function parseCidr(text: string, family: Family): Cidr | undefined {
  const slash = text.indexOf('/');
  const addrText = slash < 0 ? text : text.slice(0, slash);
  const maskText = slash < 0 ? undefined : text.slice(slash + 1);
  if (family === 'ipv4') {
    const a = parseIPv4Numeric(addrText);
    if (a === undefined) return undefined;
    if (maskText === undefined) return { family, address: formatIPv4(a), prefix: 32 };
    if (!maskText.includes('.')) {
      // a length is read as strtoul reads it (`/010` is 8, `/0x10` 16, `/08` nothing)
      const prefix = prefixLength(maskText);
      if (prefix === undefined || prefix > 32) return undefined;
      return { family, address: formatIPv4(maskIPv4(a, prefix)), prefix };
    }
    const m = parseIPv4Numeric(maskText);
    if (m === undefined) return undefined;
    const prefix = prefixOfMaskIPv4(m);
    if (prefix !== undefined) return { family, address: formatIPv4(maskIPv4(a, prefix)), prefix };
    return { family, address: formatIPv4((a & m) >>> 0), prefix: 32, mask: formatIPv4(m) };
  }
  const g = parseIPv6(addrText);
  if (!g) return undefined;
  let prefix = 128;
  if (maskText !== undefined) {
    const length = prefixLength(maskText);
    if (length === undefined || length > 128) return undefined;
    prefix = length;
  }
  const masked = g.map((v, i) => {
    const bits = Math.max(0, Math.min(16, prefix - i * 16));
    return bits === 0 ? 0 : v & ((0xffff << (16 - bits)) & 0xffff);
  });
  return { family, address: formatIPv6(masked), prefix };
}

export function formatCidr(c: Cidr): string {
  return `${c.address}/${c.mask ?? c.prefix}`;
}

/** The `-L -n` form: a host address without its /32, `0.0.0.0/0` for anywhere. */
export function formatCidrList(c: Cidr): string {
  const full = c.family === 'ipv4' ? 32 : 128;
  return c.prefix === full && !c.mask ? c.address : formatCidr(c);
}

export function ipv4InCidr(addr: number, c: Cidr): boolean {
  const net = parseIPv4(c.address);
  if (net === undefined) return false;
  if (c.mask) {
    const m = parseIPv4(c.mask) ?? 0;
    return (addr & m) >>> 0 === net;
  }
  return maskIPv4(addr, c.prefix) === net;
}

/**
 * Where the IPv4 address text[from, to) ends when it is written exactly as formatIPv4 writes it
 * (four decimal numbers 0-255, no leading zero), and its value as the number parseIPv4 gives
 * (-1 when it is not written so). For the parsers' fast paths: an address already in its
 * canonical form can be kept as a slice of the text, with nothing parsed into strings and printed
 * back to compare.
 */
export function plainIPv4(text: string, from: number, to: number): number {
  let v = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits === 1 && part === 0) return -1; // a leading zero
      if (++digits > 3) return -1;
      part = part * 10 + (c - 48);
    } else if (c === 46) {
      if (digits === 0 || part > 255 || ++dots > 3) return -1;
      v = v * 256 + part;
      part = 0;
      digits = 0;
    } else return -1;
  }
  if (dots !== 3 || digits === 0 || part > 255) return -1;
  return v * 256 + part;
}

/**
 * parseCidr(text.slice(from, to), 'ipv4') for an address or `ADDR/LEN` written as iptables-save
 * writes it (canonical address, already masked, LEN without a leading zero), sharing the address
 * text with `text`; undefined for anything else (parseCidr then reads it). `canonical`: whether
 * formatCidr gives back the very text (not for a bare address, which it prints with `/32`).
 */
export function plainIPv4Cidr(
  text: string,
  from: number,
  to: number,
): { cidr: Cidr; canonical: boolean } | undefined {
  let slash = -1;
  for (let i = to - 1; i > from && i >= to - 3; i--)
    if (text.charCodeAt(i) === 47) {
      slash = i;
      break;
    }
  const end = slash < 0 ? to : slash;
  const v = plainIPv4(text, from, end);
  if (v < 0) return undefined;
  let prefix = 32;
  if (slash >= 0) {
    const digits = to - slash - 1;
    const a = text.charCodeAt(slash + 1) - 48;
    if (digits < 1 || !(a >= 0 && a <= 9)) return undefined;
    if (digits === 1) prefix = a;
    else {
      const b = text.charCodeAt(slash + 2) - 48;
      if (a === 0 || !(b >= 0 && b <= 9)) return undefined;
      prefix = a * 10 + b;
    }
    if (prefix > 32 || maskIPv4(v, prefix) !== v) return undefined;
  }
  return {
    cidr: { family: 'ipv4', address: text.slice(from, end), prefix },
    canonical: slash >= 0,
  };
}
