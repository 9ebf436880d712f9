/**
 * Reads the host file (docs/formats.md) from a plain object, as parsed from YAML or JSON. Every
 * problem is a field diagnostic naming the field and what was expected; reading goes on so one
 * run shows them all.
 */
import {
  emptyHost,
  IPSET_TYPES,
  LOOPBACK_INTERFACE,
  type Backend,
  type BridgePort,
  type Host,
  type HostRoute,
  type IpSet,
  type IpSetType,
} from './host.ts';
import { FieldReport, fieldPath, isRecord, shown, type FieldDiagnostic } from './fields.ts';
import { inPrefix, parseAddr, parseIpPrefix, type Addr, type IpPrefix } from './ipv4.ts';
import { readMemberWords } from './ipset-member.ts';
import { splitWords } from './ipset-words.ts';

export interface HostReadResult {
  host: Host;
  diagnostics: FieldDiagnostic[];
}

const TOP_FIELDS = [
  'interfaces',
  'routes',
  'ipForward',
  'bridgeNetfilter',
  'routeLocalnet',
  'bridges',
  'ipsets',
  'backend',
];

function isIfaceName(s: string): boolean {
  return s.length > 0 && s.length <= 15 && !/[\s/:]/.test(s);
}

function list(r: FieldReport, v: unknown, path: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    r.error(path, `expected a list, got ${shown(v)}`, 'bad-type', {
      expected: 'list',
      got: shown(v),
    });
    return [];
  }
  return v;
}

function bool(r: FieldReport, v: unknown, path: string, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v === 'boolean') return v;
  r.error(path, `expected true or false, got ${shown(v)}`, 'bad-type', {
    expected: 'boolean',
    got: shown(v),
  });
  return dflt;
}

function ifaceName(r: FieldReport, v: unknown, path: string): string | undefined {
  if (v === undefined) {
    r.error(path, 'missing: an interface name such as eth0 is required', 'missing-field', {
      sentence: 'interface-name',
    });
    return undefined;
  }
  if (typeof v !== 'string' || !isIfaceName(v)) {
    r.error(
      path,
      `${shown(v)} is not an interface name (1-15 characters, no spaces or slashes)`,
      'bad-value',
      { sentence: 'interface-name', value: shown(v) },
    );
    return undefined;
  }
  return v;
}

function address(r: FieldReport, v: unknown, path: string): Addr | undefined {
  const a = typeof v === 'string' ? parseAddr(v) : undefined;
  if (a === undefined)
    r.error(
      path,
      `${shown(v)} is not an IPv4 or IPv6 address`,
      typeof v === 'string' ? 'bad-value' : 'bad-type',
    );
  return a;
}

export function readHost(doc: unknown): HostReadResult {
  const r = new FieldReport();
  const host = emptyHost();
  if (doc === undefined || doc === null) return { host, diagnostics: [] };
  if (!isRecord(doc)) {
    r.error(
      '',
      `a host file must be a mapping with interfaces, routes, …; got ${shown(doc)}`,
      'bad-type',
    );
    return { host, diagnostics: r.diagnostics };
  }
  r.unknownKeys(doc, TOP_FIELDS, '', 'warning');

  readInterfaces(r, doc['interfaces'], host);
  host.ipForward = bool(r, doc['ipForward'], 'ipForward', false);
  host.bridgeNetfilter = bool(r, doc['bridgeNetfilter'], 'bridgeNetfilter', false);
  host.routeLocalnet = bool(r, doc['routeLocalnet'], 'routeLocalnet', false);
  const backend = doc['backend'];
  if (backend !== undefined) {
    if (backend === 'nft' || backend === 'legacy') host.backend = backend as Backend;
    else
      r.error(
        'backend',
        `${shown(backend)} is not an iptables backend (expected "nft" or "legacy")`,
      );
  }
  readBridges(r, doc['bridges'], host);
  readRoutes(r, doc['routes'], host);
  readIpsets(r, doc['ipsets'], host);
  return { host, diagnostics: r.diagnostics };
}

function readInterfaces(r: FieldReport, v: unknown, host: Host): void {
  const seen = new Set<string>();
  list(r, v, 'interfaces').forEach((item, i) => {
    const path = fieldPath('interfaces', i);
    if (!isRecord(item)) {
      r.error(path, `expected {name, addresses}, got ${shown(item)}`, 'bad-type');
      return;
    }
    r.unknownKeys(item, ['name', 'addresses'], path, 'warning');
    const name = ifaceName(r, item['name'], fieldPath(path, 'name'));
    const addresses: IpPrefix[] = [];
    list(r, item['addresses'], fieldPath(path, 'addresses')).forEach((a, k) => {
      const p = typeof a === 'string' ? parseIpPrefix(a) : undefined;
      if (!p)
        r.error(
          fieldPath(fieldPath(path, 'addresses'), k),
          `${shown(a)} is not an address/prefix (expected e.g. 10.0.0.1/24 or fd00::1/64)`,
        );
      else addresses.push(p);
    });
    if (name === undefined) return;
    if (seen.has(name)) {
      r.error(fieldPath(path, 'name'), `interface "${name}" is listed twice`, 'bad-value', {
        sentence: 'interface-twice',
        name,
      });
      return;
    }
    seen.add(name);
    if (name === 'lo') {
      // lo always carries 127.0.0.1/8 (and ::1/128, which isLocalAddress knows); extra
      // addresses on it are local too
      const lo = {
        name: 'lo',
        addresses: [
          ...LOOPBACK_INTERFACE.addresses,
          ...addresses.filter((a) => a.address !== 0x7f000001 && a.address !== 1n),
        ],
      };
      host.interfaces[0] = lo;
    } else host.interfaces.push({ name, addresses });
  });
}

function readBridges(r: FieldReport, v: unknown, host: Host): void {
  list(r, v, 'bridges').forEach((item, i) => {
    const path = fieldPath('bridges', i);
    if (!isRecord(item)) {
      r.error(path, `expected {name, ports}, got ${shown(item)}`, 'bad-type');
      return;
    }
    r.unknownKeys(item, ['name', 'ports'], path, 'warning');
    const name = ifaceName(r, item['name'], fieldPath(path, 'name'));
    const ports: BridgePort[] = [];
    list(r, item['ports'], fieldPath(path, 'ports')).forEach((p, k) => {
      const ppath = fieldPath(fieldPath(path, 'ports'), k);
      if (typeof p === 'string') {
        const n = ifaceName(r, p, ppath);
        if (n) ports.push({ name: n, addresses: [], hairpin: false });
        return;
      }
      if (!isRecord(p)) {
        r.error(
          ppath,
          `expected a port name or {name, addresses, hairpin}, got ${shown(p)}`,
          'bad-type',
        );
        return;
      }
      r.unknownKeys(p, ['name', 'addresses', 'hairpin'], ppath, 'warning');
      const n = ifaceName(r, p['name'], fieldPath(ppath, 'name'));
      const addrs: Addr[] = [];
      list(r, p['addresses'], fieldPath(ppath, 'addresses')).forEach((a, j) => {
        const x = address(r, a, fieldPath(fieldPath(ppath, 'addresses'), j));
        if (x !== undefined) addrs.push(x);
      });
      const hairpin = bool(r, p['hairpin'], fieldPath(ppath, 'hairpin'), false);
      if (n) ports.push({ name: n, addresses: addrs, hairpin });
    });
    if (name === undefined) return;
    // a bridge without an address of its own is still a device
    if (!host.interfaces.some((x) => x.name === name))
      host.interfaces.push({ name, addresses: [] });
    host.bridges.push({ name, ports });
  });
}

function readRoutes(r: FieldReport, v: unknown, host: Host): void {
  list(r, v, 'routes').forEach((item, i) => {
    const path = fieldPath('routes', i);
    if (!isRecord(item)) {
      r.error(path, `expected {to, via, dev}, got ${shown(item)}`, 'bad-type');
      return;
    }
    r.unknownKeys(item, ['to', 'via', 'dev', 'src'], path, 'warning');
    const toRaw = item['to'];
    let to: IpPrefix | null | undefined;
    if (toRaw === undefined)
      r.error(
        fieldPath(path, 'to'),
        'missing: "default" or a destination such as 10.244.2.0/24',
        'missing-field',
      );
    else if (toRaw === 'default') to = null;
    else {
      to = typeof toRaw === 'string' ? parseIpPrefix(toRaw) : undefined;
      if (!to)
        r.error(
          fieldPath(path, 'to'),
          `${shown(toRaw)} is not "default" or an address/prefix (10.244.2.0/24, fd00:10:244:2::/64)`,
        );
    }
    const via =
      item['via'] === undefined
        ? null
        : (address(r, item['via'], fieldPath(path, 'via')) ?? undefined);
    const src =
      item['src'] === undefined
        ? null
        : (address(r, item['src'], fieldPath(path, 'src')) ?? undefined);
    let dev: string | undefined;
    if (item['dev'] !== undefined) {
      dev = ifaceName(r, item['dev'], fieldPath(path, 'dev'));
      if (dev && !host.interfaces.some((x) => x.name === dev))
        r.error(
          fieldPath(path, 'dev'),
          `"${dev}" is not one of the host's interfaces (${host.interfaces.map((x) => x.name).join(', ')})`,
          'unknown-reference',
          { sentence: 'route-dev', dev, interfaces: host.interfaces.map((x) => x.name).join(', ') },
        );
    } else if (via !== null && via !== undefined) {
      // like `ip route add … via GW` without dev: the device whose subnet holds the gateway
      dev = host.interfaces.find((x) => x.addresses.some((a) => inPrefix(via, a)))?.name;
      if (!dev)
        r.error(
          fieldPath(path, 'via'),
          `gateway ${shown(item['via'])} is on none of the host's subnets; give "dev" too`,
          'unknown-reference',
        );
    } else
      r.error(path, 'a route needs "dev" or "via"', 'missing-field', {
        sentence: 'route-dev-or-via',
      });
    if (to === undefined || via === undefined || src === undefined || dev === undefined) return;
    // a route is of one family: `default` takes the family of its gateway or source
    const family = typeof (to?.address ?? via ?? src ?? 0);
    for (const [k, a] of [
      ['via', via],
      ['src', src],
    ] as const)
      if (a !== null && typeof a !== family) {
        r.error(
          fieldPath(path, k),
          `${shown(item[k])} is not of the route's family (${family === 'bigint' ? 'IPv6' : 'IPv4'})`,
        );
        return;
      }
    const route: HostRoute = { to, via, dev, src };
    if (to === null && family === 'bigint') route.family = 'ipv6';
    host.routes.push(route);
  });
}

function readIpsets(r: FieldReport, v: unknown, host: Host): void {
  list(r, v, 'ipsets').forEach((item, i) => {
    const path = fieldPath('ipsets', i);
    if (!isRecord(item)) {
      r.error(path, `expected {name, type, members}, got ${shown(item)}`, 'bad-type');
      return;
    }
    r.unknownKeys(item, ['name', 'type', 'members'], path, 'warning');
    const name = item['name'];
    if (typeof name !== 'string' || name.length === 0 || name.length > 31) {
      r.error(
        fieldPath(path, 'name'),
        `${shown(name)} is not a set name (1-31 characters)`,
        name === undefined ? 'missing-field' : 'bad-value',
      );
      return;
    }
    const type = item['type'];
    if (typeof type !== 'string' || !(IPSET_TYPES as readonly string[]).includes(type)) {
      r.error(
        fieldPath(path, 'type'),
        `${shown(type)} is not a supported set type (expected one of ${IPSET_TYPES.join(', ')})`,
        type === undefined ? 'missing-field' : 'bad-value',
      );
      return;
    }
    const set: IpSet = {
      name,
      type: type as IpSetType,
      family: 'inet',
      counters: false,
      members: [],
      options: [],
    };
    list(r, item['members'], fieldPath(path, 'members')).forEach((m, k) => {
      const mpath = fieldPath(fieldPath(path, 'members'), k);
      if (typeof m !== 'string')
        return r.error(mpath, `expected a member such as "10.0.0.1", got ${shown(m)}`, 'bad-type');
      // the member as `ipset add` takes it, options too: "10.0.0.0/24 nomatch"
      const words = splitWords(m).words.map((w) => w.text);
      const { member, problems } = readMemberWords(words, set);
      for (const p of problems) r.error(mpath, p.message);
      if (member) set.members.push(member);
    });
    if (host.ipsets.some((s) => s.name === name))
      r.error(fieldPath(path, 'name'), `set "${name}" is listed twice`, 'bad-value', {
        sentence: 'set-twice',
        name,
      });
    else host.ipsets.push(set);
  });
}
