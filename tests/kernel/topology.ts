// Builds the little network the kernel tests run in: a "host" namespace (the machine under test),
// outside peers joined to it by veth pairs (eth0 side), and pods behind a Linux bridge (cni0) in the
// host, each pod in its own namespace with a veth whose host end is a bridge port. Every namespace
// name starts with a prefix unique to this process and topology, so teardown can remove exactly
// what we made — the machine's own interfaces and rules are never touched.
// A spec of family ipv6 builds the same shape with IPv6 addresses (ipv6Topology): duplicate address
// detection and autoconfiguration off, forwarding and bridge-nf-call-ip6tables as for IPv4, and the
// endpoints' silencing table lets neighbour discovery through so the next hops resolve.
import { run, runIn } from './run.ts';

export interface PeerSpec {
  /** Role name, used as namespace suffix and as the `from` of packets (e.g. "peer"). */
  name: string;
  /** Interface name inside the peer namespace. */
  ifname: string;
  /** Addresses on the peer's interface; the first is the peer's own, others are extra sources. */
  addresses: string[];
  /** The peer's default gateway (normally the host's address on this link). */
  gateway: string;
}

export interface UplinkSpec {
  /** Interface name in the host (e.g. eth0). */
  ifname: string;
  address: string;
  peer: PeerSpec;
}

export interface PodSpec {
  name: string;
  address: string;
  /** Name of the bridge port in the host (the veth's host end). */
  hostIfname: string;
}

export interface BridgeSpec {
  name: string;
  address: string;
  /** hairpin mode on every port: a pod can reach itself through a Service. */
  hairpin?: boolean;
  pods: PodSpec[];
}

export interface RouteSpec {
  to: string;
  via?: string;
  dev: string;
}

export interface TopologySpec {
  /** The family of every address in the lab (default ipv4); the other family is switched off. */
  family?: 'ipv4' | 'ipv6';
  uplinks: UplinkSpec[];
  bridges: BridgeSpec[];
  routes: RouteSpec[];
  ipForward: boolean;
  /** bridge-nf-call-iptables in the host; undefined keeps the namespace's default. */
  bridgeNetfilter?: boolean;
  /** Extra sysctls for the host namespace, e.g. {"net.netfilter.nf_conntrack_tcp_loose": "0"}. */
  sysctls?: Record<string, string>;
}

/** The default lab: host eth0 192.168.50.10/24 to "peer", cni0 10.244.1.1/24 with pod1 and pod2. */
export function defaultTopology(): TopologySpec {
  return {
    uplinks: [
      {
        ifname: 'eth0',
        address: '192.168.50.10/24',
        peer: {
          name: 'peer',
          ifname: 'eth0',
          // .1 is the host's gateway, .100 an outside client, .11 another node.
          addresses: ['192.168.50.100/24', '192.168.50.1/24', '192.168.50.11/24'],
          gateway: '192.168.50.10',
        },
      },
    ],
    bridges: [
      {
        name: 'cni0',
        address: '10.244.1.1/24',
        pods: [
          { name: 'pod1', address: '10.244.1.5/24', hostIfname: 'vethpod1' },
          { name: 'pod2', address: '10.244.1.6/24', hostIfname: 'vethpod2' },
        ],
      },
    ],
    routes: [
      { to: 'default', via: '192.168.50.1', dev: 'eth0' },
      { to: '10.244.2.0/24', via: '192.168.50.11', dev: 'eth0' },
    ],
    ipForward: true,
  };
}

/** The default lab in IPv6: eth0 fd00:50::10/64 to "peer", cni0 fd00:244:1::1/64 with pod1 and pod2. */
export function ipv6Topology(): TopologySpec {
  return {
    family: 'ipv6',
    uplinks: [
      {
        ifname: 'eth0',
        address: 'fd00:50::10/64',
        peer: {
          name: 'peer',
          ifname: 'eth0',
          // ::1 is the host's gateway, ::100 an outside client, ::11 another node.
          addresses: ['fd00:50::100/64', 'fd00:50::1/64', 'fd00:50::11/64'],
          gateway: 'fd00:50::10',
        },
      },
    ],
    bridges: [
      {
        name: 'cni0',
        address: 'fd00:244:1::1/64',
        pods: [
          { name: 'pod1', address: 'fd00:244:1::5/64', hostIfname: 'vethpod1' },
          { name: 'pod2', address: 'fd00:244:1::6/64', hostIfname: 'vethpod2' },
        ],
      },
    ],
    routes: [
      { to: '::/0', via: 'fd00:50::1', dev: 'eth0' },
      { to: 'fd00:244:2::/64', via: 'fd00:50::11', dev: 'eth0' },
    ],
    ipForward: true,
  };
}

export interface BridgeNetfilterState {
  /** /proc/sys/net/bridge exists in the host namespace (br_netfilter is loaded or built in). */
  available: boolean;
  /** bridge-nf-call-iptables as set in the host namespace (false when unavailable). */
  enabled: boolean;
}

export interface Topology {
  spec: TopologySpec;
  prefix: string;
  /** Namespace name for a role: "host", a peer's name or a pod's name. */
  ns(role: string): string;
  roles: string[];
  bridgeNetfilter: BridgeNetfilterState;
  /** The host as a host file (docs/formats.md) describes it, for the simulator. */
  hostFile(): HostFile;
  teardown(): void;
}

export interface HostFile {
  interfaces: { name: string; addresses: string[] }[];
  routes: RouteSpec[];
  ipForward: boolean;
  bridgeNetfilter: boolean;
  /** The simulator's extension of the host file: each bridge's ports, the pod behind each, hairpin. */
  bridges: { name: string; ports: { name: string; addresses: string[]; hairpin: boolean }[] }[];
  /** Sets created in the host namespace (scenario.ts adds them). */
  ipsets?: IpSetSpec[];
}

/** An ipset as the host file describes it and as `ipset restore` creates it. */
export interface IpSetSpec {
  name: string;
  /** e.g. "hash:ip", "hash:ip,port,ip" */
  type: string;
  /** members as `ipset add` takes them, e.g. "10.244.1.5,tcp:8080,10.244.1.5" */
  members: string[];
}

let counter = 0;
const live = new Set<string>();

/** Deletes every namespace whose name starts with `prefix`. Never throws. */
export function deleteNamespaces(prefix: string): void {
  const listed = run(['ip', 'netns', 'list'], { allowFailure: true }).stdout;
  for (const line of listed.split('\n')) {
    const name = line.split(' ')[0] ?? '';
    if (name.startsWith(prefix)) run(['ip', 'netns', 'del', name], { allowFailure: true });
  }
}

/** Removes namespaces left by earlier runs whose process is gone (a crashed or killed run). */
export function deleteStaleNamespaces(): void {
  const listed = run(['ip', 'netns', 'list'], { allowFailure: true }).stdout;
  for (const line of listed.split('\n')) {
    const match = /^(nlk-(\d+)-)/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const pid = Number(match[2]);
    if (pid !== process.pid && !processAlive(pid)) deleteNamespaces(match[1]);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

process.once('exit', () => {
  for (const prefix of live) deleteNamespaces(prefix);
});

function sysctl(ns: string, key: string, value: string): void {
  runIn(ns, ['sysctl', '-qw', `${key}=${value}`]);
}

function readSysctl(ns: string, path: string): string | null {
  const r = runIn(ns, ['cat', path], { allowFailure: true });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Creates the namespaces and links of `spec`; on any failure removes what it made and rethrows. */
export function buildTopology(spec: TopologySpec = defaultTopology()): Topology {
  if (counter === 0) deleteStaleNamespaces();
  const prefix = `nlk-${process.pid}-${++counter}-`;
  const ipv6 = spec.family === 'ipv6';
  const ipFlag = ipv6 ? '-6' : '-4';
  live.add(prefix);
  const ns = (role: string): string => `${prefix}${role}`;
  const roles = [
    'host',
    ...spec.uplinks.map((u) => u.peer.name),
    ...spec.bridges.flatMap((b) => b.pods.map((p) => p.name)),
  ];
  const teardown = (): void => {
    deleteNamespaces(prefix);
    live.delete(prefix);
  };
  try {
    const host = ns('host');
    for (const role of roles) {
      run(['ip', 'netns', 'add', ns(role)]);
      // the other family only adds noise (DAD, router solicitations)
      if (ipv6) {
        for (const scope of ['all', 'default']) {
          sysctl(ns(role), `net.ipv6.conf.${scope}.accept_dad`, '0');
          sysctl(ns(role), `net.ipv6.conf.${scope}.accept_ra`, '0');
          sysctl(ns(role), `net.ipv6.conf.${scope}.autoconf`, '0');
        }
      } else {
        sysctl(ns(role), 'net.ipv6.conf.all.disable_ipv6', '1');
        sysctl(ns(role), 'net.ipv6.conf.default.disable_ipv6', '1');
      }
      run(['ip', '-n', ns(role), 'link', 'set', 'lo', 'up']);
    }
    for (const uplink of spec.uplinks) {
      const peer = ns(uplink.peer.name);
      run([
        'ip',
        'link',
        'add',
        uplink.ifname,
        'netns',
        host,
        'type',
        'veth',
        'peer',
        'name',
        uplink.peer.ifname,
        'netns',
        peer,
      ]);
      run(['ip', '-n', host, 'addr', 'add', uplink.address, 'dev', uplink.ifname]);
      // No multicast: the host would otherwise send IGMP reports that show up in the trace.
      run(['ip', '-n', host, 'link', 'set', uplink.ifname, 'multicast', 'off', 'up']);
      for (const address of uplink.peer.addresses)
        run(['ip', '-n', peer, 'addr', 'add', address, 'dev', uplink.peer.ifname]);
      run(['ip', '-n', peer, 'link', 'set', uplink.peer.ifname, 'up']);
      run(['ip', '-n', peer, ipFlag, 'route', 'add', 'default', 'via', uplink.peer.gateway]);
    }
    for (const bridge of spec.bridges) {
      run(['ip', '-n', host, 'link', 'add', bridge.name, 'type', 'bridge']);
      run(['ip', '-n', host, 'addr', 'add', bridge.address, 'dev', bridge.name]);
      run(['ip', '-n', host, 'link', 'set', bridge.name, 'multicast', 'off', 'up']);
      const gateway = bridge.address.split('/')[0] ?? '';
      for (const pod of bridge.pods) {
        const podNs = ns(pod.name);
        run([
          'ip',
          'link',
          'add',
          pod.hostIfname,
          'netns',
          host,
          'type',
          'veth',
          'peer',
          'name',
          'eth0',
          'netns',
          podNs,
        ]);
        run(['ip', '-n', host, 'link', 'set', pod.hostIfname, 'master', bridge.name]);
        if (bridge.hairpin)
          run([
            'ip',
            '-n',
            host,
            'link',
            'set',
            pod.hostIfname,
            'type',
            'bridge_slave',
            'hairpin',
            'on',
          ]);
        run(['ip', '-n', host, 'link', 'set', pod.hostIfname, 'up']);
        run(['ip', '-n', podNs, 'addr', 'add', pod.address, 'dev', 'eth0']);
        run(['ip', '-n', podNs, 'link', 'set', 'eth0', 'up']);
        run(['ip', '-n', podNs, ipFlag, 'route', 'add', 'default', 'via', gateway]);
      }
    }
    for (const route of spec.routes) {
      const argv = ['ip', '-n', host, 'route', 'add', route.to];
      if (route.via) argv.push('via', route.via);
      run([...argv, 'dev', route.dev]);
    }
    const forwarding = ipv6 ? 'net.ipv6.conf.all.forwarding' : 'net.ipv4.ip_forward';
    sysctl(host, forwarding, spec.ipForward ? '1' : '0');
    const bridgeNetfilter = setBridgeNetfilter(host, spec.bridgeNetfilter, ipv6);
    for (const [key, value] of Object.entries(spec.sysctls ?? {})) sysctl(host, key, value);
    for (const role of roles) if (role !== 'host') silence(ns(role), ipv6);
    return {
      spec,
      prefix,
      ns,
      roles,
      bridgeNetfilter,
      teardown,
      hostFile: () => hostFile(spec, bridgeNetfilter.enabled),
    };
  } catch (error) {
    teardown();
    throw error;
  }
}

function setBridgeNetfilter(
  host: string,
  wanted: boolean | undefined,
  ipv6: boolean,
): BridgeNetfilterState {
  const key = ipv6 ? 'bridge-nf-call-ip6tables' : 'bridge-nf-call-iptables';
  const path = `/proc/sys/net/bridge/${key}`;
  if (readSysctl(host, path) === null) {
    if (wanted)
      throw new Error(
        'bridge netfilter requested but br_netfilter is not loaded (no /proc/sys/net/bridge)',
      );
    return { available: false, enabled: false };
  }
  if (wanted !== undefined) sysctl(host, `net.bridge.${key}`, wanted ? '1' : '0');
  return { available: true, enabled: readSysctl(host, path) === '1' };
}

// Endpoints never answer: every reply in a scenario is a packet the test sends on purpose, so the
// host's conntrack sees exactly the packets the simulator is given. A drop at the very first hook
// does it; the sender's raw socket and ARP are unaffected. In IPv6 neighbour discovery is IP
// itself, so its solicitations and advertisements pass.
function silence(ns: string, ipv6: boolean): void {
  const input = ipv6
    ? 'table ip6 nlk_silence {\n  chain in { type filter hook prerouting priority -1000; policy drop;\n' +
      '    icmpv6 type { nd-neighbor-solicit, nd-neighbor-advert } accept; }\n}\n'
    : 'table ip nlk_silence {\n  chain in { type filter hook prerouting priority -1000; policy drop; }\n}\n';
  runIn(ns, ['nft', '-f', '-'], { input });
}

function hostFile(spec: TopologySpec, bridgeNetfilter: boolean): HostFile {
  return {
    interfaces: [
      ...spec.uplinks.map((u) => ({ name: u.ifname, addresses: [u.address] })),
      ...spec.bridges.map((b) => ({ name: b.name, addresses: [b.address] })),
    ],
    routes: spec.routes.map((r) => ({ ...r })),
    ipForward: spec.ipForward,
    bridgeNetfilter,
    bridges: spec.bridges.map((b) => ({
      name: b.name,
      ports: b.pods.map((p) => ({
        name: p.hostIfname,
        addresses: [p.address.split('/')[0] ?? ''],
        hairpin: b.hairpin ?? false,
      })),
    })),
  };
}
