/** Names and families as the flow file's fields write them, shared by its readers. */
import type { Addr, AddrFamily } from '../../netfilter/ipv4.ts';
import type { ClusterModel, ClusterNode } from '../model/model.ts';

/** `NAMESPACE/NAME` or `NAME` (namespace default). */
export function splitName(text: string): { namespace: string; name: string } | null {
  const parts = text.split('/');
  if (parts.length === 1 && parts[0]) return { namespace: 'default', name: parts[0] };
  if (parts.length === 2 && parts[0] && parts[1]) return { namespace: parts[0], name: parts[1] };
  return null;
}

export function findNode(model: ClusterModel, name: string): ClusterNode | undefined {
  return model.nodes.find((n) => n.name === name);
}

export function nodeList(model: ClusterModel): string {
  return model.nodes.map((n) => n.name).join(', ') || 'none';
}

export function addrFamily(a: Addr): AddrFamily {
  return typeof a === 'number' ? 'ipv4' : 'ipv6';
}

export function familyName(f: AddrFamily): string {
  return f === 'ipv4' ? 'IPv4' : 'IPv6';
}
