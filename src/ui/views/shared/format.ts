/** Small text helpers the views share: addresses with ports, percentages, marks. */

/**
 * An endpoint as ip6tables, conntrack and the trace write it: `10.0.0.1:80`, and an IPv6 address
 * in brackets before its port (`[fd00::1]:80`), since its own colons would swallow the port.
 */
export function addrPort(addr: string, port: number | null | undefined): string {
  if (port === null || port === undefined) return addr;
  return addr.includes(':') ? `[${addr}]:${port}` : `${addr}:${port}`;
}

/** A share as people read it: one decimal, with tiny non-zero shares not shown as 0. */
export function percent(p: number): string {
  if (!Number.isFinite(p) || p <= 0) return '0%';
  if (p >= 1) return '100%';
  const v = p * 100;
  if (v < 0.1) return '<0.1%';
  if (v > 99.9) return '>99.9%';
  return `${v.toFixed(1)}%`;
}

export function hex(n: number): string {
  return `0x${(n >>> 0).toString(16)}`;
}

/** Long kube-proxy chain names cut in the middle keep their recognisable prefix. */
export function shorten(name: string, max: number): string {
  if (name.length <= max) return name;
  return `${name.slice(0, Math.max(1, max - 1))}…`;
}
