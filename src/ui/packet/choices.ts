/**
 * The packet builder's choices as <select> values: `pod:NS/NAME`, `svc:NS/NAME:PORT`, … and
 * back. Plain string values keep the selects native (keyboard and screen readers for free).
 */
import type { ClusterSummary } from '../../worker/protocol.ts';
import type { PacketDestination, PacketSource } from './packet-form.ts';
import { addrPort } from '../views/shared/format.ts';

export function sourceValue(s: PacketSource): string {
  switch (s.kind) {
    case 'pod':
      return `pod:${s.namespace}/${s.name}`;
    case 'node':
      return `node:${s.name}`;
    case 'client':
      return `client:${s.name}`;
    case 'address':
      return 'address';
  }
}

function nsName(rest: string): { namespace: string; name: string } {
  const slash = rest.indexOf('/');
  return { namespace: rest.slice(0, slash), name: rest.slice(slash + 1) };
}

export function parseSourceValue(v: string, previous: PacketSource): PacketSource {
  const colon = v.indexOf(':');
  const kind = colon < 0 ? v : v.slice(0, colon);
  const rest = v.slice(colon + 1);
  if (kind === 'pod') return { kind: 'pod', ...nsName(rest) };
  if (kind === 'node') return { kind: 'node', name: rest };
  if (kind === 'client') return { kind: 'client', name: rest };
  return { kind: 'address', address: previous.kind === 'address' ? previous.address : '' };
}

/**
 * `known`: the values of address options the list offers (a LoadBalancer IP or externalIP with
 * its port); an address destination that is one of them shows as that option.
 */
export function destinationValue(
  d: PacketDestination,
  dport = 0,
  known: readonly string[] = [],
): string {
  switch (d.kind) {
    case 'service':
      return `svc${six(d.family)}:${d.namespace}/${d.name}:${d.port}`;
    case 'nodeport':
      return `np${six(d.family)}:${d.node}:${d.nodePort}:${d.namespace}/${d.name}`;
    case 'pod':
      return `pod${six(d.family)}:${d.namespace}/${d.name}`;
    case 'address': {
      const ext = externalValue(d.address, dport);
      return known.includes(ext) ? ext : 'address';
    }
  }
}

/** An IPv6 choice's value has `6` after its kind: `svc6:`, `np6:`, `pod6:`. */
function six(family: 'ipv6' | undefined): string {
  return family === 'ipv6' ? '6' : '';
}

function externalValue(address: string, port: number): string {
  return `ext:${address}:${port}`;
}

/** The port an `ext:ADDRESS:PORT` value carries, or null for any other value. */
export function externalPort(v: string): number | null {
  if (!v.startsWith('ext:')) return null;
  return Number(v.slice(v.lastIndexOf(':') + 1));
}

export function parseDestinationValue(v: string, previous: PacketDestination): PacketDestination {
  const colon = v.indexOf(':');
  const head = v.slice(0, colon);
  const family = head.endsWith('6') ? ({ family: 'ipv6' } as const) : {};
  const kind = head.replace(/6$/, '');
  const rest = v.slice(colon + 1);
  if (colon > 0 && kind === 'svc') {
    const lastColon = rest.lastIndexOf(':');
    return {
      kind: 'service',
      ...nsName(rest.slice(0, lastColon)),
      port: Number(rest.slice(lastColon + 1)),
      ...family,
    };
  }
  if (colon > 0 && kind === 'np') {
    const [node = '', port = '0', ...svc] = rest.split(':');
    return { kind: 'nodeport', node, nodePort: Number(port), ...nsName(svc.join(':')), ...family };
  }
  if (colon > 0 && kind === 'pod') return { kind: 'pod', ...nsName(rest), ...family };
  if (v.startsWith('ext:')) return { kind: 'address', address: v.slice(4, v.lastIndexOf(':')) };
  return { kind: 'address', address: previous.kind === 'address' ? previous.address : '' };
}

export interface DestinationOption {
  value: string;
  label: string;
  /** the protocol the Service port speaks, to preset the protocol field */
  protocol?: string;
}

export function serviceOptions(c: ClusterSummary): DestinationOption[] {
  return c.services.flatMap((s) =>
    [
      { ip: s.clusterIP, mark: '' },
      { ip: s.clusterIPv6 ?? null, mark: '6' },
    ].flatMap(({ ip, mark }) =>
      ip === null
        ? []
        : s.ports.map((p) => ({
            value: `svc${mark}:${s.namespace}/${s.name}:${p.port}`,
            label: `${s.namespace}/${s.name} → ${addrPort(ip, p.port)}/${p.protocol}`,
            protocol: p.protocol.toLowerCase(),
          })),
    ),
  );
}

export function nodePortOptions(c: ClusterSummary): DestinationOption[] {
  return c.services.flatMap((s) =>
    s.ports
      .filter((p) => p.nodePort > 0)
      .flatMap((p) =>
        c.nodes.flatMap((n) =>
          [
            { ip: n.ip, mark: '' },
            { ip: n.ipv6 ?? null, mark: '6' },
          ].flatMap(({ ip, mark }) =>
            ip === null
              ? []
              : [
                  {
                    value: `np${mark}:${n.name}:${p.nodePort}:${s.namespace}/${s.name}`,
                    label: `${s.namespace}/${s.name} → ${addrPort(ip, p.nodePort)} (${n.name})`,
                    protocol: p.protocol.toLowerCase(),
                  },
                ],
          ),
        ),
      ),
  );
}

/** Each pod once per address it has. */
export function podOptions(c: ClusterSummary): DestinationOption[] {
  return c.pods.flatMap((p) =>
    [
      { ip: p.ip, mark: '' },
      { ip: p.ipv6 ?? '', mark: '6' },
    ].flatMap(({ ip, mark }) =>
      ip === ''
        ? []
        : [{ value: `pod${mark}:${p.namespace}/${p.name}`, label: `${p.name} (${ip})` }],
    ),
  );
}

/**
 * Each pod once as a sender, named with the address it sends from: that of the destination's
 * family (its IPv4 address when it has no IPv6 one, and the other way round).
 */
export function senderPodOptions(
  c: ClusterSummary,
  family: 'ipv4' | 'ipv6',
): { value: string; label: string }[] {
  return c.pods.map((p) => {
    const ip = (family === 'ipv6' ? p.ipv6 || p.ip : p.ip || p.ipv6) ?? '';
    return { value: `pod:${p.namespace}/${p.name}`, label: `${p.name} (${ip})` };
  });
}

/**
 * A Service's LoadBalancer ingress IPs and externalIPs with each of its ports: addresses a
 * packet from outside is sent to, offered so nobody has to type them as "any address".
 */
export function externalOptions(c: ClusterSummary): DestinationOption[] {
  return c.services.flatMap((s) =>
    [
      ...s.loadBalancerIPs.map((ip) => ({ ip, kind: 'LoadBalancer' })),
      ...s.externalIPs.map((ip) => ({ ip, kind: 'externalIP' })),
    ].flatMap(({ ip, kind }) =>
      s.ports.map((p) => ({
        value: externalValue(ip, p.port),
        label: `${s.namespace}/${s.name} → ${addrPort(ip, p.port)}/${p.protocol} (${kind})`,
        protocol: p.protocol.toLowerCase(),
      })),
    ),
  );
}

/** The first port a pod's containers declare, if any. */
export function podPort(
  c: ClusterSummary,
  namespace: string,
  name: string,
): { port: number; protocol: string } | null {
  const pod = c.pods.find((p) => p.namespace === namespace && p.name === name);
  return pod?.ports?.[0] ?? null;
}
