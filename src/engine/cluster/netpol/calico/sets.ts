/** The ipsets felix programs for policy rules, with members from the whole cluster. */
import type { IpSet } from '../../../netfilter/host.ts';
import type { ClusterModel, ClusterPod, Protocol } from '../../model.ts';
import { policyEndpoints } from '../select.ts';

/** Collects the sets a node's rules name, once each. */
export class SetRegistry {
  private readonly sets = new Map<string, IpSet>();

  constructor(private readonly model: ClusterModel) {}

  /** A `hash:net` set of the pods' addresses. */
  selectorSet(name: string, pods: () => ClusterPod[]): string {
    if (!this.sets.has(name))
      this.sets.set(name, {
        name,
        type: 'hash:net',
        members: pods().map((p) => [{ kind: 'net', net: { address: p.podIP ?? 0, prefix: 32 } }]),
      });
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
      this.sets.set(name, { name, type: 'hash:ip,port', members });
    }
    return name;
  }

  /** A `hash:net` set of fixed ranges (the IP pools). */
  netSet(name: string, nets: { address: number; prefix: number }[]): string {
    if (!this.sets.has(name))
      this.sets.set(name, {
        name,
        type: 'hash:net',
        members: nets.map((net) => [{ kind: 'net', net }]),
      });
    return name;
  }

  everyPod(): ClusterPod[] {
    return policyEndpoints(this.model);
  }

  list(): IpSet[] {
    return [...this.sets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
