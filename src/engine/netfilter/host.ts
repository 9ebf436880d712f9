/**
 * The host a packet meets: its interfaces and addresses, routes, sysctls that change the path
 * (ip_forward, bridge netfilter, route_localnet), Linux bridges with their ports, ipsets, and
 * which iptables backend loaded the rules. Plain data, so it crosses the worker boundary.
 */
import { broadcastOf, inPrefix, LOOPBACK_NET, type Addr, type IpPrefix } from './ipv4.ts';

export type Backend = 'nft' | 'legacy';

export interface HostInterface {
  name: string;
  /**
   * addresses with their prefix, e.g. 192.168.1.10/24 or fd00::5/64; the first of each family is
   * that family's primary one
   */
  addresses: IpPrefix[];
}

export interface HostRoute {
  /** null for `default` */
  to: IpPrefix | null;
  via: Addr | null;
  dev: string;
  /** preferred source address (`ip route … src`) */
  src: Addr | null;
  /** `default` of `ip -6 route`: which family's default route a `to: null` is */
  family?: 'ipv6';
}

export interface BridgePort {
  name: string;
  /** addresses known to sit behind this port (a pod's IP): lets a trace name physdev-out */
  addresses: Addr[];
  /** hairpin mode: a frame may leave by the port it came in on */
  hairpin: boolean;
}

export interface HostBridge {
  /** the bridge device, which is also an interface (cni0 with the pods' gateway address) */
  name: string;
  ports: BridgePort[];
}

export type IpSetType =
  | 'hash:ip'
  | 'hash:net'
  | 'hash:ip,port'
  | 'hash:net,port'
  | 'hash:ip,port,ip'
  | 'hash:ip,port,net'
  | 'hash:net,port,net'
  | 'hash:net,net'
  | 'hash:net,iface'
  | 'hash:ip,mark'
  | 'hash:mac'
  | 'hash:ip,mac'
  | 'bitmap:ip'
  | 'bitmap:ip,mac'
  | 'bitmap:port'
  | 'list:set';

export const IPSET_TYPES: readonly IpSetType[] = [
  'hash:ip',
  'hash:net',
  'hash:ip,port',
  'hash:net,port',
  'hash:ip,port,ip',
  'hash:ip,port,net',
  'hash:net,port,net',
  'hash:net,net',
  'hash:net,iface',
  'hash:ip,mark',
  'hash:mac',
  'hash:ip,mac',
  'bitmap:ip',
  'bitmap:ip,mac',
  'bitmap:port',
  'list:set',
];

/** One dimension of an ipset member. */
export type IpSetElement =
  /** an IPv4 prefix in a `family inet` set, an IPv6 one in a `family inet6` set */
  | { kind: 'net'; net: IpPrefix }
  /** proto null: bitmap:port, which keeps the port number only */
  | { kind: 'port'; proto: string | null; from: number; to: number }
  | { kind: 'iface'; name: string }
  | { kind: 'mark'; value: number }
  | { kind: 'mac'; mac: string }
  /** a member of a list:set */
  | { kind: 'set'; name: string };

export interface IpSetMember {
  elements: IpSetElement[];
  /** an exception: a packet whose most specific member is this one does not match the set */
  nomatch?: true;
  /** seconds left when the text was saved; the simulator takes the member as present */
  timeout?: number;
  /** the member's counters (sets made with `counters`), as decimal text */
  packets?: string;
  bytes?: string;
  comment?: string;
  /** why the simulator cannot test a packet against this member; the text is kept */
  unsupported?: string;
  /** the member as written */
  text: string;
}

export interface IpSet {
  name: string;
  type: IpSetType;
  /** the family of the addresses it holds: a packet of the other family never matches it */
  family: 'inet' | 'inet6';
  /** made with `counters`: the packet and byte count tests compare the members' counters */
  counters: boolean;
  members: IpSetMember[];
  /** the create options after the type, as written (hashsize, maxelem, timeout …) */
  options: string[];
}

export interface Host {
  interfaces: HostInterface[];
  routes: HostRoute[];
  ipForward: boolean;
  bridgeNetfilter: boolean;
  /** net.ipv4.conf.all.route_localnet: 127.0.0.0/8 may arrive from outside (kube-proxy sets it) */
  routeLocalnet: boolean;
  bridges: HostBridge[];
  ipsets: IpSet[];
  backend: Backend;
}

export const LOOPBACK_INTERFACE: HostInterface = {
  name: 'lo',
  addresses: [{ address: 0x7f000001, prefix: 8 }],
};

/** An empty host: only `lo`. */
export function emptyHost(): Host {
  return {
    interfaces: [LOOPBACK_INTERFACE],
    routes: [],
    ipForward: false,
    bridgeNetfilter: false,
    routeLocalnet: false,
    bridges: [],
    ipsets: [],
    backend: 'nft',
  };
}

export function findInterface(host: Host, name: string): HostInterface | undefined {
  return host.interfaces.find((i) => i.name === name);
}

/** The kernel's local table: every interface address, all of 127.0.0.0/8 and ::1 on lo. */
export function isLocalAddress(host: Host, addr: Addr, onlyIface?: string): boolean {
  for (const i of host.interfaces) {
    if (onlyIface !== undefined && i.name !== onlyIface) continue;
    if (i.name === 'lo' && (typeof addr === 'bigint' ? addr === 1n : inPrefix(addr, LOOPBACK_NET)))
      return true;
    for (const a of i.addresses) if (a.address === addr) return true;
  }
  return false;
}

/** Subnet broadcast addresses of the host's interfaces, and 255.255.255.255. */
export function isBroadcastAddress(host: Host, addr: Addr, onlyIface?: string): boolean {
  if (typeof addr === 'bigint') return false; // IPv6 has multicast, no broadcast
  if (addr === 0xffffffff) return true;
  for (const i of host.interfaces) {
    if (onlyIface !== undefined && i.name !== onlyIface) continue;
    for (const a of i.addresses) if (a.prefix < 31 && broadcastOf(a) === addr) return true;
  }
  return false;
}

/** The bridge a device belongs to as a port, with that port. */
export function bridgeOfPort(
  host: Host,
  dev: string,
): { bridge: HostBridge; port: BridgePort } | undefined {
  for (const bridge of host.bridges) {
    const port = bridge.ports.find((p) => p.name === dev);
    if (port) return { bridge, port };
  }
  return undefined;
}

export function findBridge(host: Host, name: string): HostBridge | undefined {
  return host.bridges.find((b) => b.name === name);
}

export function findIpSet(host: Host, name: string): IpSet | undefined {
  return host.ipsets.find((s) => s.name === name);
}
