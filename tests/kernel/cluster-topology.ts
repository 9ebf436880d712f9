// Builds a whole cluster in network namespaces, from the engine's own host model of each node
// (src/engine/cluster hostsOf), so the kernel runs exactly the network the journeys assume:
// - a "lan" namespace holding the nodes' link (bridge br0) and a router: its address on br0 is
//   the nodes' default gateway, and a second bridge (br1) holds the external clients;
// - one namespace per node: eth0 on br0 with the node IP, bridge cni0 with the podCIDR's first
//   address and one veth port per pod (hairpin as the host model says), the routes to the other
//   nodes' podCIDRs, ip_forward and bridge netfilter on;
// - one namespace per pod (eth0 with the pod IP, default route via cni0) and per client (an
//   IPv6 client behind the router on a bridge br2 of its own);
// - with Calico's host model, no cni0: each pod's veth is its own routed `cali…` interface with
//   proxy ARP on, the pod's /32 routed to it, and the pod's default route via 169.254.1.1 as
//   the Calico CNI plugin sets it up.
// A cluster with IPv6 (its host model gives eth0 and cni0 an IPv6 address) keeps IPv6 on: the
// router gets the nodes' IPv6 gateway, each pod its IPv6 address and default route, forwarding
// and bridge-nf-call-ip6tables follow ip_forward and bridge netfilter, and duplicate address
// detection is off so no address is tentative when the first connection starts. Otherwise IPv6
// is off in every namespace.
// Every namespace name starts with a prefix unique to this process and lab, teardown removes
// them and stops the servers it started; nothing outside those namespaces is touched.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hostsOf, type HostFile } from '../../src/engine/cluster/index.ts';
import type { ClusterModel, ClusterPod } from '../../src/engine/cluster/model/model.ts';
import { formatIPv4, inPrefix, parsePrefix } from '../../src/engine/netfilter/ipv4.ts';
import { kernelEnvironment } from './environment.ts';
import { run, runIn } from './run.ts';
import { deleteNamespaces, deleteStaleNamespaces } from './topology.ts';

const SERVER = fileURLToPath(new URL('./journeys/tcp_echo_server.py', import.meta.url));
const CONNECT = fileURLToPath(new URL('./journeys/tcp_connect.py', import.meta.url));

export interface ClientSpec {
  name: string;
  address: string;
}

export type ConnectAttempt =
  { ok: true; local: string; reply: string } | { ok: false; error: string };

export interface ClusterLab {
  prefix: string;
  nodeNs(name: string): string;
  podNs(namespace: string, name: string): string;
  clientNs(name: string): string;
  /** iptables-nft-restore (ip6tables-nft-restore for `ipv6`) of a node's rules into its namespace */
  loadRules(node: string, rulesetText: string, family?: 'ipv4' | 'ipv6'): void;
  /** `ipset restore` of a node's sets into its namespace (before rules that name them) */
  loadIpsets(node: string, restoreText: string): void;
  /** starts a TCP echo server in every pod on its container ports; resolves once all listen */
  startServers(): Promise<void>;
  /** real TCP connections from a namespace, one result per attempt */
  connect(
    fromNs: string,
    address: string,
    port: number,
    count: number,
    timeoutS: number,
  ): ConnectAttempt[];
  teardown(): void;
}

let counter = 0;
const live = new Set<string>();
const children = new Set<ChildProcess>();

process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  for (const prefix of live) deleteNamespaces(prefix);
});

function sysctl(ns: string, key: string, value: string): void {
  runIn(ns, ['sysctl', '-qw', `${key}=${value}`]);
}

function addNamespace(ns: string, ipv6: boolean): void {
  run(['ip', 'netns', 'add', ns]);
  if (ipv6) {
    // set before any interface exists, so every one inherits them: no DAD, no autoconfiguration
    for (const scope of ['all', 'default']) {
      sysctl(ns, `net.ipv6.conf.${scope}.accept_dad`, '0');
      sysctl(ns, `net.ipv6.conf.${scope}.accept_ra`, '0');
      sysctl(ns, `net.ipv6.conf.${scope}.autoconf`, '0');
    }
  } else {
    sysctl(ns, 'net.ipv6.conf.all.disable_ipv6', '1');
    sysctl(ns, 'net.ipv6.conf.default.disable_ipv6', '1');
  }
  run(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
  // the engine does not model reverse-path filtering; the lab must not depend on the host's value
  sysctl(ns, 'net.ipv4.conf.all.rp_filter', '0');
  sysctl(ns, 'net.ipv4.conf.default.rp_filter', '0');
}

/** A veth pair: `inner` in namespace `a`, `outer` in namespace `b`. */
function veth(a: string, inner: string, b: string, outer: string): void {
  run(['ip', 'link', 'add', inner, 'netns', a, 'type', 'veth', 'peer', 'name', outer, 'netns', b]);
}

const isIPv6 = (address: string): boolean => address.includes(':');

function addressesOf(host: HostFile, dev: string): string[] {
  return host.interfaces.find((i) => i.name === dev)?.addresses ?? [];
}

export function buildClusterLab(
  model: ClusterModel,
  clients: readonly ClientSpec[] = [],
): ClusterLab {
  if (counter === 0) deleteStaleNamespaces();
  const prefix = `nlk-${process.pid}-c${++counter}-`;
  live.add(prefix);
  const started: ChildProcess[] = [];
  const nodeIndex = new Map(model.nodes.map((n, i) => [n.name, i]));
  const podList = model.pods.filter((p) => p.podIP !== null && p.nodeName !== null && !p.finished);
  const podKey = (namespace: string, name: string) => `${namespace}/${name}`;
  const podIndex = new Map(podList.map((p, i) => [podKey(p.namespace, p.name), i]));
  const lan = `${prefix}lan`;
  const nodeNs = (name: string): string => {
    const i = nodeIndex.get(name);
    if (i === undefined) throw new Error(`no node ${name}`);
    return `${prefix}n${i}`;
  };
  const podNs = (namespace: string, name: string): string => {
    const i = podIndex.get(podKey(namespace, name));
    if (i === undefined) throw new Error(`no running pod ${namespace}/${name}`);
    return `${prefix}p${i}`;
  };
  const clientNs = (name: string): string => {
    const i = clients.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`no client ${name}`);
    return `${prefix}c${i}`;
  };
  const teardown = (): void => {
    for (const c of started) {
      c.kill('SIGKILL');
      children.delete(c);
    }
    deleteNamespaces(prefix);
    live.delete(prefix);
  };

  const hosts = hostsOf(model);
  const ipv6 = Object.values(hosts).some((h) => addressesOf(h, 'eth0').some(isIPv6));
  const addNs = (ns: string): void => addNamespace(ns, ipv6);
  try {
    addNs(lan);
    sysctl(lan, 'net.ipv4.ip_forward', '1');
    if (ipv6) sysctl(lan, 'net.ipv6.conf.all.forwarding', '1');
    run(['ip', '-n', lan, 'link', 'add', 'br0', 'type', 'bridge']);
    run(['ip', '-n', lan, 'link', 'set', 'br0', 'up']);
    // the router: the nodes' default gateway, on their link
    const first = hosts[model.nodes[0]?.name ?? ''];
    const gateway = first?.routes.find((r) => r.to === 'default')?.via;
    const linkPrefix = Number(addressesOf(first!, 'eth0')[0]?.split('/')[1] ?? 24);
    if (gateway) run(['ip', '-n', lan, 'addr', 'add', `${gateway}/${linkPrefix}`, 'dev', 'br0']);
    const link = gateway ? parsePrefix(`${gateway}/${linkPrefix}`) : undefined;
    const gateway6 = first?.routes.find((r) => r.to === '::/0')?.via;
    const link6 = addressesOf(first!, 'eth0').find(isIPv6)?.split('/')[1] ?? '64';
    if (gateway6) run(['ip', '-n', lan, 'addr', 'add', `${gateway6}/${link6}`, 'dev', 'br0']);

    /** A pod behind its own routed interface (Calico): no bridge, proxy ARP for its gateway. */
    const routedPod = (ns: string, dev: string, ip: string, nodeName: string): void => {
      const pod = podList.find((p) => formatIPv4(p.podIP ?? 0) === ip && p.nodeName === nodeName);
      if (!pod) throw new Error(`no pod behind ${dev} of ${nodeName}`);
      const pns = podNs(pod.namespace, pod.name);
      addNs(pns);
      veth(ns, dev, pns, 'eth0');
      sysctl(ns, `net.ipv4.conf.${dev}.proxy_arp`, '1');
      sysctl(ns, `net.ipv4.neigh.${dev}.proxy_delay`, '0');
      run(['ip', '-n', ns, 'link', 'set', dev, 'up']);
      run(['ip', '-n', pns, 'addr', 'add', `${ip}/32`, 'dev', 'eth0']);
      run(['ip', '-n', pns, 'link', 'set', 'eth0', 'up']);
      run(['ip', '-n', pns, 'route', 'add', '169.254.1.1', 'dev', 'eth0', 'scope', 'link']);
      run(['ip', '-n', pns, 'route', 'add', 'default', 'via', '169.254.1.1', 'dev', 'eth0']);
    };

    model.nodes.forEach((node, i) => {
      const ns = nodeNs(node.name);
      const host = hosts[node.name]!;
      addNs(ns);
      veth(ns, 'eth0', lan, `n${i}`);
      run(['ip', '-n', lan, 'link', 'set', `n${i}`, 'master', 'br0', 'up']);
      for (const a of addressesOf(host, 'eth0'))
        run(['ip', '-n', ns, 'addr', 'add', a, 'dev', 'eth0']);
      run(['ip', '-n', ns, 'link', 'set', 'eth0', 'multicast', 'off', 'up']);
      for (const bridge of host.bridges) {
        run(['ip', '-n', ns, 'link', 'add', bridge.name, 'type', 'bridge']);
        const cni = addressesOf(host, bridge.name);
        for (const a of cni) run(['ip', '-n', ns, 'addr', 'add', a, 'dev', bridge.name]);
        run(['ip', '-n', ns, 'link', 'set', bridge.name, 'multicast', 'off', 'up']);
        for (const port of bridge.ports) {
          const pod = podList.find(
            (p) => formatIPv4(p.podIP ?? 0) === port.addresses[0] && p.nodeName === node.name,
          );
          if (!pod) throw new Error(`no pod behind port ${port.name} of ${node.name}`);
          const pns = podNs(pod.namespace, pod.name);
          addNs(pns);
          veth(ns, port.name, pns, 'eth0');
          run(['ip', '-n', ns, 'link', 'set', port.name, 'master', bridge.name]);
          if (port.hairpin)
            run([
              'ip',
              '-n',
              ns,
              'link',
              'set',
              port.name,
              'type',
              'bridge_slave',
              'hairpin',
              'on',
            ]);
          run(['ip', '-n', ns, 'link', 'set', port.name, 'up']);
          // each address in the bridge's subnet of its family, a default route per family
          const own = (a: string) => cni.find((c) => isIPv6(c) === isIPv6(a));
          for (const a of port.addresses)
            run(['ip', '-n', pns, 'addr', 'add', `${a}/${own(a)?.split('/')[1]}`, 'dev', 'eth0']);
          run(['ip', '-n', pns, 'link', 'set', 'eth0', 'up']);
          for (const a of port.addresses) {
            const family = isIPv6(a) ? '-6' : '-4';
            const via = own(a)?.split('/')[0] ?? '';
            run(['ip', '-n', pns, family, 'route', 'add', 'default', 'via', via]);
          }
        }
      }
      for (const r of host.routes) {
        if (r.to.endsWith('/32') && !r.via) routedPod(ns, r.dev, r.to.slice(0, -3), node.name);
      }
      for (const r of host.routes) {
        const argv = ['ip', '-n', ns, 'route', 'add', r.to];
        if (r.via) argv.push('via', r.via);
        run([...argv, 'dev', r.dev]);
      }
      sysctl(ns, 'net.ipv4.ip_forward', host.ipForward ? '1' : '0');
      sysctl(ns, 'net.bridge.bridge-nf-call-iptables', host.bridgeNetfilter ? '1' : '0');
      if (ipv6) {
        sysctl(ns, 'net.ipv6.conf.all.forwarding', host.ipForward ? '1' : '0');
        sysctl(ns, 'net.bridge.bridge-nf-call-ip6tables', host.bridgeNetfilter ? '1' : '0');
      }
      if (host.routeLocalnet) sysctl(ns, 'net.ipv4.conf.all.route_localnet', '1');
    });

    // clients on the nodes' link sit on br0; the others behind the router, on br1
    let br1: string | null = null;
    let br2: string | null = null;
    clients.forEach((c, i) => {
      const ns = clientNs(c.name);
      addNs(ns);
      veth(ns, 'eth0', lan, `c${i}`);
      if (isIPv6(c.address)) {
        // an IPv6 client (written PREFIX::HOST) sits behind the router on its /64, the router at ::1
        const router = `${c.address.split('::')[0]}::1`;
        if (br2 === null) {
          br2 = router;
          run(['ip', '-n', lan, 'link', 'add', 'br2', 'type', 'bridge']);
          run(['ip', '-n', lan, 'addr', 'add', `${router}/64`, 'dev', 'br2']);
          run(['ip', '-n', lan, 'link', 'set', 'br2', 'up']);
        } else if (br2 !== router) throw new Error('IPv6 clients must share one /64');
        run(['ip', '-n', lan, 'link', 'set', `c${i}`, 'master', 'br2', 'up']);
        run(['ip', '-n', ns, 'addr', 'add', `${c.address}/64`, 'dev', 'eth0']);
        run(['ip', '-n', ns, 'link', 'set', 'eth0', 'up']);
        run(['ip', '-n', ns, '-6', 'route', 'add', 'default', 'via', router]);
        return;
      }
      const onLink = link !== undefined && inPrefix(parsePrefix(c.address)!.address, link);
      if (onLink) {
        run(['ip', '-n', lan, 'link', 'set', `c${i}`, 'master', 'br0', 'up']);
        run(['ip', '-n', ns, 'addr', 'add', `${c.address}/${linkPrefix}`, 'dev', 'eth0']);
      } else {
        const net = c.address.split('.').slice(0, 3).join('.');
        const router = `${net}.${c.address.endsWith('.1') ? 254 : 1}`;
        if (br1 === null) {
          br1 = router;
          run(['ip', '-n', lan, 'link', 'add', 'br1', 'type', 'bridge']);
          run(['ip', '-n', lan, 'addr', 'add', `${router}/24`, 'dev', 'br1']);
          run(['ip', '-n', lan, 'link', 'set', 'br1', 'up']);
        } else if (!br1.startsWith(`${net}.`))
          throw new Error('clients off the nodes link must share one /24');
        run(['ip', '-n', lan, 'link', 'set', `c${i}`, 'master', 'br1', 'up']);
        run(['ip', '-n', ns, 'addr', 'add', `${c.address}/24`, 'dev', 'eth0']);
      }
      run(['ip', '-n', ns, 'link', 'set', 'eth0', 'up']);
      run(['ip', '-n', ns, 'route', 'add', 'default', 'via', onLink ? gateway! : br1!]);
    });
  } catch (error) {
    teardown();
    throw error;
  }

  return {
    prefix,
    nodeNs,
    podNs,
    clientNs,
    teardown,
    loadIpsets(node, restoreText) {
      if (restoreText !== '') runIn(nodeNs(node), ['ipset', 'restore'], { input: restoreText });
    },
    loadRules(node, rulesetText, family = 'ipv4') {
      const text = rulesetText.endsWith('\n') ? rulesetText : `${rulesetText}\n`;
      const restore = family === 'ipv6' ? 'ip6tables-nft-restore' : 'iptables-nft-restore';
      runIn(nodeNs(node), [restore], { input: text });
    },
    async startServers() {
      const waits: Promise<void>[] = [];
      for (const pod of podList) {
        const ports = [...new Set(serverPorts(pod))];
        if (ports.length === 0) continue;
        const withIPv6 = pod.podIPv6 !== undefined && ipv6;
        const server = startEchoServer(podNs(pod.namespace, pod.name), ports, withIPv6, pod.name);
        started.push(server.child);
        waits.push(server.ready);
      }
      await Promise.all(waits);
    },
    connect: connectFrom,
  };
}

/**
 * Starts tcp_echo_server.py in `ns` on `ports` (and on IPv6 too with `ipv6`); `ready` resolves
 * once every port listens. The process is killed at exit if the caller has not done it.
 */
export function startEchoServer(
  ns: string,
  ports: readonly number[],
  ipv6: boolean,
  label = ns,
): { child: ChildProcess; ready: Promise<void> } {
  const python = kernelEnvironment().python;
  const family = ipv6 ? ['--ipv6'] : [];
  const child = spawn(
    'ip',
    ['netns', 'exec', ns, python, SERVER, ...family, ...ports.map(String)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  const ready = new Promise<void>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`server in ${label} did not start: ${err}`)),
      10_000,
    );
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server in ${label} exited (${code}): ${err}`));
    });
  });
  return { child, ready };
}

/** `count` real TCP connections from namespace `ns` (tcp_connect.py), one result per attempt. */
export function connectFrom(
  ns: string,
  address: string,
  port: number,
  count: number,
  timeoutS: number,
): ConnectAttempt[] {
  const python = kernelEnvironment().python;
  const r = runIn(ns, [python, CONNECT, address, String(port), String(count), String(timeoutS)], {
    timeoutMs: (count * timeoutS + 10) * 1000,
  });
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ConnectAttempt);
}

function serverPorts(pod: ClusterPod): number[] {
  return pod.ports.filter((p) => p.protocol === 'TCP').map((p) => p.containerPort);
}
