/**
 * Value parsers shared by modules: ports, ranges, marks, numbers. Each returns undefined on bad
 * input so the caller can report it at the right position.
 */
import { SERVICE_PORTS, serviceProtocols } from './services.ts';

/** Reads a number as iptables does (strtoul base 0): `0x1f` hex, `017` octal, else decimal. */
export function parseUint(text: string, max: number): number | undefined {
  if (!/^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/.test(text)) return undefined;
  const v = /^0[xX]/.test(text)
    ? parseInt(text.slice(2), 16)
    : text.startsWith('0')
      ? parseInt(text, 8)
      : parseInt(text, 10);
  return Number.isFinite(v) && v >= 0 && v <= max ? v : undefined;
}

/**
 * A port number or service name. iptables reads the number as strtoul does (`026` is octal 22,
 * `0x50` is 80) except where a module reads decimal only (`decimal`: conntrack's ports). A name
 * counts only for a protocol /etc/services lists it for, when the reader names one (`proto`).
 */
export function parsePort(text: string, decimal = false, proto?: string): number | undefined {
  if (text === '') return undefined;
  // own keys only: `constructor` or `toString` are not service names
  const named = Object.hasOwn(SERVICE_PORTS, text) ? SERVICE_PORTS[text] : undefined;
  if (named !== undefined)
    return proto === undefined || serviceProtocols(text).includes(proto) ? named : undefined;
  if (!decimal) return parseUint(text, 65535);
  if (!/^[0-9]+$/.test(text)) return undefined;
  const v = Number(text);
  return v <= 65535 ? v : undefined;
}

/** Whether a port list or range writes a number in octal or hex (`026`, `0x50`), for a warning. */
export function hasNonDecimalNumber(text: string): boolean {
  return /(^|[:,])0[0-9xX]/.test(text);
}

export interface PortRange {
  from: number;
  to: number;
}

/**
 * `80`, `1024:65535`, `:1024` (from 0), `1024:` (to 65535), names from /etc/services, each port
 * read as `parsePort` reads it. A range written backwards (`5:1`) stays as written: tcp refuses
 * it, while udp and conntrack keep it and it then matches nothing, so the caller decides.
 */
export function parsePortRange(
  text: string,
  decimal = false,
  proto?: string,
): PortRange | undefined {
  const colon = text.indexOf(':');
  if (colon < 0) {
    const p = parsePort(text, decimal, proto);
    return p === undefined ? undefined : { from: p, to: p };
  }
  const a = text.slice(0, colon);
  const b = text.slice(colon + 1);
  const from = a === '' ? 0 : parsePort(a, decimal, proto);
  const to = b === '' ? 65535 : parsePort(b, decimal, proto);
  return from === undefined || to === undefined ? undefined : { from, to };
}

export function formatPortRange(r: PortRange, sep = ':'): string {
  return r.from === r.to ? String(r.from) : `${r.from}${sep}${r.to}`;
}

export interface MarkMask {
  value: number;
  mask: number;
}

/** `0x4000`, `0x4000/0x4000`, decimal too; the mask defaults to all ones. */
export function parseMarkMask(text: string): MarkMask | undefined {
  const slash = text.indexOf('/');
  const value = parseUint(slash < 0 ? text : text.slice(0, slash), 0xffffffff);
  const mask = slash < 0 ? 0xffffffff : parseUint(text.slice(slash + 1), 0xffffffff);
  if (value === undefined || mask === undefined) return undefined;
  return { value, mask };
}

export function hex(v: number): string {
  return `0x${(v >>> 0).toString(16)}`;
}

/** `0x4000/0x4000`, or just `0x4000` when the mask is all ones — as iptables prints marks. */
export function formatMarkMask(m: MarkMask): string {
  return m.mask === 0xffffffff ? hex(m.value) : `${hex(m.value)}/${hex(m.mask)}`;
}

/** A comma-separated list of choices, upper-cased, each checked against `allowed`. */
export function parseChoiceList(text: string, allowed: readonly string[]): string[] | undefined {
  const items = text.split(',').map((s) => s.trim().toUpperCase());
  return items.every((s) => allowed.includes(s)) && items.length > 0 ? items : undefined;
}

/** Byte length of a string in UTF-8 (the engine has no TextEncoder: it runs without DOM types). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
