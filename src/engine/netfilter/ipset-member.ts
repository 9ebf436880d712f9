/**
 * Reads ipset members as `ipset add` takes them: `10.244.1.5,tcp:8080,10.244.1.5` for
 * hash:ip,port,ip. A port without a protocol is TCP, as ipset assumes.
 */
import type { IpSetElement, IpSetType } from './host.ts';
import { parsePrefix } from './ipv4.ts';
import { parseUint } from '../modules/values.ts';

type Dim = 'ip' | 'net' | 'port' | 'iface' | 'mark';

export function dimensionsOf(type: IpSetType): Dim[] {
  const [, dims = ''] = type.split(':');
  return dims.split(',') as Dim[];
}

const PORT_PROTOS = ['tcp', 'udp', 'sctp', 'udplite'];

function parsePortElement(text: string): IpSetElement | string {
  const colon = text.indexOf(':');
  const proto = colon < 0 ? 'tcp' : text.slice(0, colon).toLowerCase();
  const ports = colon < 0 ? text : text.slice(colon + 1);
  if (!PORT_PROTOS.includes(proto))
    return `"${proto}" is not a port protocol (expected tcp, udp or sctp)`;
  const dash = ports.indexOf('-');
  const from = parseUint(dash < 0 ? ports : ports.slice(0, dash), 65535);
  const to = dash < 0 ? from : parseUint(ports.slice(dash + 1), 65535);
  if (from === undefined || to === undefined || to < from)
    return `"${text}" is not a port (expected PROTO:PORT such as tcp:8080)`;
  return { kind: 'port', proto, from, to };
}

/** Parses one member; a string result is the problem, for the reader to report. */
export function parseIpSetMember(text: string, type: IpSetType): IpSetElement[] | string {
  const dims = dimensionsOf(type);
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== dims.length)
    return `"${text}" has ${parts.length} part(s); a ${type} member has ${dims.length} (e.g. ${example(type)})`;
  const out: IpSetElement[] = [];
  for (let i = 0; i < dims.length; i++) {
    const d = dims[i]!;
    const p = parts[i]!;
    if (d === 'ip' || d === 'net') {
      const net = parsePrefix(p);
      if (!net || (d === 'ip' && net.prefix !== 32 && !p.includes('/')))
        return `"${p}" in "${text}" is not an IPv4 ${d === 'ip' ? 'address' : 'address/prefix'}`;
      out.push({ kind: 'net', net });
    } else if (d === 'port') {
      const e = parsePortElement(p);
      if (typeof e === 'string') return e;
      out.push(e);
    } else if (d === 'iface') {
      if (!p) return `"${text}" needs an interface name`;
      out.push({ kind: 'iface', name: p });
    } else {
      const v = parseUint(p, 0xffffffff);
      if (v === undefined) return `"${p}" is not a mark`;
      out.push({ kind: 'mark', value: v });
    }
  }
  return out;
}

function example(type: IpSetType): string {
  const sample: Record<Dim, string> = {
    ip: '10.0.0.1',
    net: '10.0.0.0/24',
    port: 'tcp:80',
    iface: 'eth0',
    mark: '0x1',
  };
  return dimensionsOf(type)
    .map((d) => sample[d])
    .join(',');
}
