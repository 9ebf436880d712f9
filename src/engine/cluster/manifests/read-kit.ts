/** Small typed getters over a located manifest; each bad value becomes a positioned diagnostic. */
import { formatIPv4, formatPrefix, type Ipv4Prefix } from '../../netfilter/ipv4.ts';
import { parseCidr } from '../../rules/index.ts';
import { sloppyIPv4, sloppyPrefix } from './sloppy-ip.ts';
import type { DiagnosticArgs } from '../../rules/index.ts';
import type { ClusterReport } from './diagnostics.ts';
import { spanAt, type Located, type Path } from './source.ts';
import type { ObjectRef, Protocol } from '../model/model.ts';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function shown(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  try {
    const s = JSON.stringify(v);
    return s.length > 50 ? `${s.slice(0, 47)}...` : s;
  } catch {
    return String(v);
  }
}

export function getPath(root: unknown, path: Path): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (typeof k === 'number') v = Array.isArray(v) ? v[k] : undefined;
    else v = isRecord(v) ? v[k] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

/** Reads fields of one manifest, reporting against its YAML. */
export class Reader {
  /** where this reader's paths start in the object: [] unless made by within() */
  private readonly prefix: Path;
  /** the value at prefix */
  private readonly root: unknown;

  constructor(
    readonly obj: Located,
    readonly report: ClusterReport,
    prefix: Path = [],
    root: unknown = obj.value,
  ) {
    this.prefix = prefix;
    this.root = root;
  }

  /**
   * A reader of the value at `path`, with paths (and so messages and spans) still meaning the
   * same places: each field of a list item is then found from the item, not from the top.
   */
  within(path: Path): Reader {
    return new Reader(this.obj, this.report, this.full(path), this.get(path));
  }

  /** A path of this reader as a path in the whole object. */
  private full(path: Path): Path {
    return this.prefix.length === 0 ? path : [...this.prefix, ...path];
  }

  get(path: Path): unknown {
    return getPath(this.root, path);
  }

  span(path: Path = []) {
    return spanAt(this.obj, this.full(path));
  }

  error(
    path: Path,
    code: Parameters<ClusterReport['error']>[0],
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.report.error(code, this.span(path), message, args);
  }

  warn(
    path: Path,
    code: Parameters<ClusterReport['warn']>[0],
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.report.warn(code, this.span(path), message, args);
  }

  info(
    path: Path,
    code: Parameters<ClusterReport['info']>[0],
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.report.info(code, this.span(path), message, args);
  }

  str(path: Path): string | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    this.error(
      path,
      'bad-type',
      `${pathText(this.full(path))} should be a string, got ${shown(v)}`,
      { path: pathText(this.full(path)), expected: 'string', got: shown(v) },
    );
    return undefined;
  }

  int(path: Path, min: number, max: number): number | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    const n = typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n)) {
      this.error(
        path,
        'bad-type',
        `${pathText(this.full(path))} should be a whole number, got ${shown(v)}`,
        { path: pathText(this.full(path)), expected: 'integer', got: shown(v) },
      );
      return undefined;
    }
    if (n < min || n > max) {
      this.error(
        path,
        'bad-value',
        `${pathText(this.full(path))} is ${n}; it must be between ${min} and ${max}`,
        { sentence: 'range', path: pathText(this.full(path)), value: n, min, max },
      );
      return undefined;
    }
    return n;
  }

  bool(path: Path): boolean | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    this.error(
      path,
      'bad-type',
      `${pathText(this.full(path))} should be true or false, got ${shown(v)}`,
      { path: pathText(this.full(path)), expected: 'boolean', got: shown(v) },
    );
    return undefined;
  }

  list(path: Path): unknown[] {
    const v = this.get(path);
    if (v === undefined || v === null) return [];
    if (Array.isArray(v)) return v;
    this.error(path, 'bad-type', `${pathText(this.full(path))} should be a list, got ${shown(v)}`, {
      path: pathText(this.full(path)),
      expected: 'list',
      got: shown(v),
    });
    return [];
  }

  record(path: Path): Record<string, unknown> | undefined {
    const v = this.get(path);
    if (v === undefined || v === null) return undefined;
    if (isRecord(v)) return v;
    this.error(
      path,
      'bad-type',
      `${pathText(this.full(path))} should be a mapping, got ${shown(v)}`,
      { path: pathText(this.full(path)), expected: 'mapping', got: shown(v) },
    );
    return undefined;
  }

  /** A string → string map such as labels or a selector. */
  labels(path: Path): Record<string, string> {
    const r = this.record(path);
    const out: Record<string, string> = {};
    if (!r) return out;
    for (const k of Object.keys(r)) {
      const v = r[k];
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
        out[k] = String(v);
      else
        this.error(
          [...path, k],
          'bad-type',
          `label ${JSON.stringify(k)} should have a string value, got ${shown(v)}`,
          { label: k, expected: 'label-string', got: shown(v) },
        );
    }
    return out;
  }

  oneOf<T extends string>(path: Path, allowed: readonly T[]): T | undefined {
    const s = this.str(path);
    if (s === undefined) return undefined;
    if ((allowed as readonly string[]).includes(s)) return s as T;
    this.error(
      path,
      'bad-value',
      `${pathText(this.full(path))} is ${JSON.stringify(s)}; expected one of ${allowed.join(', ')}`,
      {
        sentence: 'one-of',
        path: pathText(this.full(path)),
        value: s,
        allowed: allowed.join(', '),
      },
    );
    return undefined;
  }

  /** An IPv4 address; IPv6 is reported once as ignored (the model is IPv4 only). */
  ipv4(path: Path): number | undefined {
    const s = this.str(path);
    if (s === undefined) return undefined;
    const sloppy = sloppyIPv4(s.trim());
    if (sloppy) {
      if (sloppy.leadingZeros) this.leadingZeros(path, s, formatIPv4(sloppy.value));
      return sloppy.value;
    }
    if (s.includes(':'))
      this.warn(
        path,
        'ipv6-ignored',
        `${s} is an IPv6 address; this model covers IPv4 only, so it is ignored`,
      );
    else
      this.error(path, 'bad-value', `${JSON.stringify(s)} is not an IPv4 address`, {
        sentence: 'ipv4',
        value: s,
      });
    return undefined;
  }

  /**
   * An address of either family: IPv4 as a number, IPv6 as canonical text. An IPv6 address is
   * reported as ignored only if the cluster turns out to have no IPv6 (ClusterReport.ipv6Unused).
   */
  ip(path: Path): number | string | undefined {
    const s = this.str(path);
    if (s === undefined || !s.includes(':')) return this.ipv4(path);
    const v6 = parseCidr(s.trim(), 'ipv6');
    if (v6 === undefined || s.includes('/')) {
      this.error(path, 'bad-value', `${JSON.stringify(s)} is not an IP address`);
      return undefined;
    }
    this.report.ipv6Unused.push(() =>
      this.warn(
        path,
        'ipv6-ignored',
        `${s} is an IPv6 address and this cluster has IPv4 only, so it is ignored (the Cluster document's serviceCIDR names the families)`,
      ),
    );
    return v6.address;
  }

  /** A CIDR of either family, as ip() reads addresses: IPv6 as canonical `net/len` text. */
  cidrAny(path: Path): Ipv4Prefix | string | undefined {
    const s = this.str(path);
    if (s === undefined || !s.includes(':')) return this.cidr(path);
    const t = s.trim();
    const v6 = t.includes('/') ? parseCidr(t, 'ipv6') : undefined;
    if (v6 === undefined) {
      this.error(path, 'bad-value', `${JSON.stringify(s)} is not a CIDR such as fd00:10:244::/64`);
      return undefined;
    }
    this.report.ipv6Unused.push(() =>
      this.warn(
        path,
        'ipv6-ignored',
        `${t} is an IPv6 range and this cluster has IPv4 only, so it is ignored (the Cluster document's serviceCIDR names the families)`,
      ),
    );
    return `${v6.address}/${v6.prefix}`;
  }

  /** A CIDR, normalised to its network address (as Go's ParseCIDR does). */
  cidr(path: Path): Ipv4Prefix | undefined {
    const s = this.str(path);
    if (s === undefined) return undefined;
    const t = s.trim();
    const p = sloppyPrefix(t);
    if (p) {
      const net = normaliseCidr(p.value);
      if (p.leadingZeros) this.leadingZeros(path, s, formatPrefix(net));
      return net;
    }
    if (t.includes(':'))
      this.warn(
        path,
        'ipv6-ignored',
        `${t} is an IPv6 range; this model covers IPv4 only, so it is ignored`,
      );
    else
      this.error(
        path,
        'bad-value',
        `${JSON.stringify(s)} is not an IPv4 CIDR such as 10.244.0.0/16`,
        { sentence: 'cidr', value: s },
      );
    return undefined;
  }

  /** Old API servers accepted leading zeros; kube-proxy reads them as decimal, and so do we. */
  private leadingZeros(path: Path, written: string, read: string): void {
    this.warn(
      path,
      'leading-zeros',
      `${JSON.stringify(written)} has a number with leading zeros; kube-proxy reads each number as decimal, so this is ${read} (write it that way: stricter API servers reject leading zeros)`,
      { written, read },
    );
  }

  protocol(path: Path): Protocol {
    const p = this.get(path);
    if (p === undefined || p === null) return 'TCP';
    if (p === 'TCP' || p === 'UDP' || p === 'SCTP') return p;
    this.error(
      path,
      'bad-value',
      `protocol ${shown(p)} is not TCP, UDP or SCTP (Kubernetes spells them in capitals)`,
      { sentence: 'protocol', value: shown(p) },
    );
    return 'TCP';
  }

  /** A reference to this object, with the spans of `fields` (dotted paths) that are present. */
  ref(kind: string, name: string, namespace?: string, fields: string[] = []): ObjectRef {
    const ref: ObjectRef =
      namespace === undefined
        ? { kind, name, span: this.span() }
        : { kind, namespace, name, span: this.span() };
    for (const f of fields) {
      const path = fieldPath(f);
      if (this.get(path) === undefined) continue;
      ref.at ??= {};
      ref.at[f] = this.span(path);
    }
    return ref;
  }
}

/** Dotted field names as paths, split once: every object's ref asks for the same few. */
const fieldPaths = new Map<string, readonly string[]>();

function fieldPath(field: string): readonly string[] {
  let path = fieldPaths.get(field);
  if (path === undefined) fieldPaths.set(field, (path = field.split('.')));
  return path;
}

export function normaliseCidr(p: Ipv4Prefix): Ipv4Prefix {
  const mask = p.prefix === 0 ? 0 : (0xffffffff << (32 - p.prefix)) >>> 0;
  return { address: (p.address & mask) >>> 0, prefix: p.prefix };
}

export function pathText(path: Path, whole = 'the object'): string {
  let s = '';
  for (const k of path) s += typeof k === 'number' ? `[${k}]` : s ? `.${k}` : k;
  return s || whole;
}
