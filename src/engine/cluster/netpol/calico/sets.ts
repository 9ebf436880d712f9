/** The ipsets felix programs for policy rules, with members from the whole cluster. */
import type { IpSet, IpSetElement, IpSetMember, IpSetType } from '../../../netfilter/host.ts';
import { formatAddr } from '../../../netfilter/ipv4.ts';
import type { ClusterModel, ClusterPod, Protocol } from '../../model/model.ts';
import { policyEndpoints } from '../select.ts';

/** Collects the sets a node's rules name, once each. */
export class SetRegistry {
  private readonly sets = new Map<string, IpSet>();

  constructor(private readonly model: ClusterModel) {}

  /** A `hash:net` set of the pods' addresses. */
  selectorSet(name: string, pods: () => ClusterPod[]): string {
    if (!this.sets.has(name))
      this.sets.set(
        name,
        policySet(
          name,
          'hash:net',
          pods().map((p) => [{ kind: 'net', net: { address: p.podIP ?? 0, prefix: 32 } }]),
        ),
      );
    return name;
  }

  /** A `hash:ip,port` set: each pod's address with the port its container calls `portName`. */
  namedPortSet(
    name: string,
    pods: () => ClusterPod[],
    protocol: Protocol,
    portName: string,
  ): string {
    if (!this.sets.has(name)) {
      const proto = protocol.toLowerCase();
      const members = pods().flatMap((p) =>
        p.ports
          .filter((c) => c.name === portName && c.protocol === protocol)
          .map((c) => [
            { kind: 'net' as const, net: { address: p.podIP ?? 0, prefix: 32 } },
            { kind: 'port' as const, proto, from: c.containerPort, to: c.containerPort },
          ]),
      );
      this.sets.set(name, policySet(name, 'hash:ip,port', members));
    }
    return name;
  }

  /** A `hash:net` set of fixed ranges (the IP pools). */
  netSet(name: string, nets: { address: number; prefix: number }[]): string {
    if (!this.sets.has(name))
      this.sets.set(
        name,
        policySet(
          name,
          'hash:net',
          nets.map((net) => [{ kind: 'net', net }]),
        ),
      );
    return name;
  }

  everyPod(): ClusterPod[] {
    return policyEndpoints(this.model);
  }

  list(): IpSet[] {
    return [...this.sets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

function elementText(e: IpSetElement): string {
  switch (e.kind) {
    case 'net':
      return e.net.prefix === 32
        ? formatAddr(e.net.address)
        : `${formatAddr(e.net.address)}/${e.net.prefix}`;
    case 'port': {
      const ports = e.from === e.to ? `${e.from}` : `${e.from}-${e.to}`;
      return e.proto === null ? ports : `${e.proto}:${ports}`;
    }
    case 'iface':
      return e.name;
    case 'mark':
      return `0x${e.value.toString(16)}`;
    case 'mac':
      return e.mac;
    case 'set':
      return e.name;
  }
}

/** A set as felix creates it (its hash size and element limit), members as `ipset save` writes them. */
export function policySet(name: string, type: IpSetType, members: IpSetElement[][]): IpSet {
  return {
    name,
    type,
    family: 'inet',
    counters: false,
    options: ['hashsize', '1024', 'maxelem', '1048576'],
    members: members.map((elements): IpSetMember => ({
      elements,
      text: elements.map(elementText).join(','),
    })),
  };
}
