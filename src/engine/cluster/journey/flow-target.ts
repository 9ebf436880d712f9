/**
 * The "to" field of a flow file: a Service port, a node's or pod's port, or an address and port,
 * resolved to the address of the flow's family.
 */
import { shown, type FieldReport } from '../../netfilter/fields.ts';
import {
  formatAddr,
  formatAddrPort,
  parseAddr,
  parseIPv6Number,
  type Addr,
  type AddrFamily,
} from '../../netfilter/ipv4.ts';
import type { ClusterModel, ClusterService, ServicePort } from '../model/model.ts';
import { addrFamily, familyName, findNode, nodeList, splitName } from './flow-names.ts';
import { addressRole, nodeAddresses, podAddress } from './places.ts';

export interface FlowTarget {
  address: Addr;
  port: number;
  /** how the user named it, e.g. `svc/default/web:80` */
  text: string;
  /** what the address is, e.g. `cluster IP of default/web` */
  role: string | null;
  service?: { namespace: string; name: string; port: ServicePort };
}

function readPort(r: FieldReport, text: string, what: string): number | null {
  if (!/^[0-9]{1,5}$/.test(text) || Number(text) > 65535) {
    r.error('to', `${shown(text)} is not a port number (0-65535) in ${what}`);
    return null;
  }
  return Number(text);
}

function servicePort(svc: ClusterService, port: string): ServicePort | undefined {
  return /^[0-9]+$/.test(port)
    ? svc.ports.find((p) => p.port === Number(port))
    : svc.ports.find((p) => p.name === port);
}

export function readTarget(
  r: FieldReport,
  model: ClusterModel,
  v: unknown,
  family: AddrFamily,
): FlowTarget | null {
  const expected =
    'expected "svc/NAMESPACE/NAME:PORT", "node/NAME:PORT", "pod/NAMESPACE/NAME:PORT", "ADDRESS:PORT" or "[IPV6-ADDRESS]:PORT"';
  if (typeof v !== 'string' || v === '') {
    r.error(
      'to',
      `${shown(v)} is not a destination (${expected})`,
      v === undefined ? 'missing-field' : 'bad-type',
    );
    return null;
  }
  const colon = v.lastIndexOf(':');
  if (colon < 0) {
    r.error('to', `${shown(v)} has no port (${expected})`);
    return null;
  }
  const head = v.slice(0, colon);
  const portText = v.slice(colon + 1);
  const slash = head.indexOf('/');
  const kind = slash < 0 ? '' : head.slice(0, slash);
  const rest = head.slice(slash + 1);
  const target = (address: Addr, port: number, extra?: Partial<FlowTarget>): FlowTarget => ({
    address,
    port,
    text: v,
    role: addressRole(model, address),
    ...extra,
  });
  if (kind === 'svc' || kind === 'service') {
    const id = splitName(rest);
    const svc =
      id && model.services.find((s) => s.namespace === id.namespace && s.name === id.name);
    if (!svc) {
      r.error(
        'to',
        `there is no Service ${id ? `${id.namespace}/${id.name}` : shown(rest)}`,
        'unknown-reference',
      );
      return null;
    }
    const port = servicePort(svc, portText);
    if (!port) {
      const ports = svc.ports
        .map((p) => (p.name ? `${p.port} (${p.name})` : `${p.port}`))
        .join(', ');
      r.error(
        'to',
        `Service ${svc.namespace}/${svc.name} has no port ${shown(portText)} (ports: ${ports || 'none'})`,
        'unknown-reference',
      );
      return null;
    }
    const clusterIP = family === 'ipv4' ? svc.clusterIP : serviceIPv6(svc);
    if (clusterIP === null) {
      r.error(
        'to',
        `Service ${svc.namespace}/${svc.name} has no ${familyName(family)} cluster IP (${noClusterIP(svc, family)}): name a pod or an address instead`,
      );
      return null;
    }
    return target(clusterIP, port.port, {
      service: { namespace: svc.namespace, name: svc.name, port },
    });
  }
  const port = readPort(r, portText, v);
  if (port === null) return null;
  if (kind === 'node') {
    const node = findNode(model, rest);
    const address = node ? nodeAddresses(node, family)[0] : undefined;
    if (!node || address === undefined) {
      r.error(
        'to',
        node
          ? `node ${node.name} has no ${familyName(family)} InternalIP`
          : `there is no node ${shown(rest)} (nodes: ${nodeList(model)})`,
        node ? 'bad-value' : 'unknown-reference',
      );
      return null;
    }
    return target(address, port);
  }
  if (kind === 'pod') {
    const id = splitName(rest);
    const pod = id && model.pods.find((p) => p.namespace === id.namespace && p.name === id.name);
    const address = pod ? podAddress(pod, family) : null;
    if (!pod || address === null) {
      r.error(
        'to',
        pod
          ? `pod ${pod.namespace}/${pod.name} has no ${familyName(family)} address`
          : `there is no pod ${shown(rest)}`,
        pod ? 'bad-value' : 'unknown-reference',
      );
      return null;
    }
    return target(address, port);
  }
  const address = slash >= 0 ? undefined : targetAddress(head);
  if (address === undefined) {
    r.error('to', `${shown(v)} is not a destination (${expected})`);
    return null;
  }
  if (addrFamily(address) !== family) {
    r.error(
      'to',
      `${formatAddr(address)} is an ${familyName(addrFamily(address))} address; this flow is ${familyName(family)}`,
    );
    return null;
  }
  return target(address, port);
}

/** `10.96.0.10`, or an IPv6 address in brackets (`[fd00::1]`), which a bare one would not allow for its port. */
function targetAddress(head: string): Addr | undefined {
  if (head.startsWith('[') && head.endsWith(']')) return parseIPv6Number(head.slice(1, -1));
  return head.includes(':') ? undefined : parseAddr(head);
}

function noClusterIP(svc: ClusterService, family: AddrFamily): string {
  if (svc.headless) return 'headless';
  return family === 'ipv6' && !svc.ipv6?.clusterIP ? 'no IPv6 family' : svc.type;
}

function serviceIPv6(svc: ClusterService): Addr | null {
  const text = svc.ipv6?.clusterIP;
  return text ? (parseIPv6Number(text) ?? null) : null;
}

/** `10.96.0.10:80 (cluster IP of default/web)`, `[fd00:10:96::80]:80 (…)` */
export function describeTarget(t: FlowTarget): string {
  return `${formatAddrPort(t.address, t.port)}${t.role ? ` (${t.role})` : ''}`;
}
