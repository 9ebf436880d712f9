/**
 * The ipsets kube-router keeps for policies: `hash:ip` sets of pod addresses and `hash:net` sets
 * of ipBlocks, created with timeout support and every member added with `timeout 0` (no
 * expiry); an ipBlock's `except` entries are `nomatch` members, and a /0 is written as two /1s.
 */
import type { IpSet, IpSetMember } from '../../../netfilter/host.ts';
import { formatIPv4, formatPrefix, type Ipv4Prefix } from '../../../netfilter/ipv4.ts';
import type { IpBlock } from '../types.ts';

const OPTIONS = ['hashsize', '1024', 'maxelem', '65536', 'timeout', '0'];

const HALVES: Ipv4Prefix[] = [
  { address: 0, prefix: 1 },
  { address: 0x80000000, prefix: 1 },
];

function netMember(net: Ipv4Prefix, nomatch: boolean): IpSetMember {
  // ipset save writes a /32 of a hash:net set as the bare address
  const text = net.prefix === 32 ? formatIPv4(net.address) : formatPrefix(net);
  const m: IpSetMember = { elements: [{ kind: 'net', net }], text, timeout: 0 };
  if (nomatch) m.nomatch = true;
  return m;
}

/** Collects the sets one node's rules name, once each, in the order they are first named. */
export class KubeRouterSets {
  private readonly sets = new Map<string, IpSet>();

  /** A `hash:ip` set of addresses (pods'), each once. */
  addresses(name: string, ips: readonly number[]): string {
    if (!this.sets.has(name)) {
      const members = [...new Set(ips)].map((ip): IpSetMember => ({
        elements: [{ kind: 'net', net: { address: ip, prefix: 32 } }],
        text: formatIPv4(ip),
        timeout: 0,
      }));
      this.sets.set(name, kubeRouterSet(name, 'hash:ip', members));
    }
    return name;
  }

  /** A `hash:net` set of a rule's ipBlocks, their exceptions as nomatch members. */
  blocks(name: string, blocks: readonly IpBlock[]): string {
    if (!this.sets.has(name)) {
      const members: IpSetMember[] = [];
      const add = (net: Ipv4Prefix, nomatch: boolean) => {
        for (const n of net.prefix === 0 ? HALVES : [net]) members.push(netMember(n, nomatch));
      };
      for (const b of blocks) {
        add(b.cidr, false);
        for (const e of b.except) add(e, true);
      }
      this.sets.set(name, kubeRouterSet(name, 'hash:net', members));
    }
    return name;
  }

  list(): IpSet[] {
    return [...this.sets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

function kubeRouterSet(name: string, type: IpSet['type'], members: IpSetMember[]): IpSet {
  return { name, type, family: 'inet', counters: false, options: [...OPTIONS], members };
}
