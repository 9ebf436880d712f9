// A Docker host in network namespaces, built from the host model the Docker compiler makes: the
// host with its uplink and one Linux bridge per Docker network, a namespace per container behind
// its veth (named as the compiled host names it), and one "outside" namespace on the uplink that
// plays the internet and the client. Private addresses only; every namespace name starts with a
// prefix unique to this process, so teardown removes exactly what was made.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostFile } from '../../../src/engine/cluster/node/hosts.ts';
import { kernelEnvironment } from '../environment.ts';
import { run, runIn } from '../run.ts';
import { deleteNamespaces, deleteStaleNamespaces } from '../topology.ts';

const SERVER = fileURLToPath(new URL('../journeys/tcp_echo_server.py', import.meta.url));
const CONNECT = fileURLToPath(new URL('../journeys/tcp_connect.py', import.meta.url));

export type Attempt = { ok: true; local: string; reply: string } | { ok: false; error: string };

export interface DockerLab {
  ns(role: string): string;
  loadRules(text: string): void;
  /** a TCP echo server in a namespace; resolves once it listens */
  serve(role: string, port: number): Promise<void>;
  connect(role: string, address: string, port: number, timeoutS: number): Attempt;
  teardown(): void;
}

function sysctl(ns: string, key: string, value: string): void {
  runIn(ns, ['sysctl', '-qw', `${key}=${value}`]);
}

function addNamespace(ns: string): void {
  run(['ip', 'netns', 'add', ns]);
  run(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
  sysctl(ns, 'net.ipv6.conf.all.disable_ipv6', '1');
  sysctl(ns, 'net.ipv4.conf.all.rp_filter', '0');
  sysctl(ns, 'net.ipv4.conf.default.rp_filter', '0');
}

const veth = (a: string, inner: string, b: string, outer: string) =>
  run(['ip', 'link', 'add', inner, 'netns', a, 'type', 'veth', 'peer', 'name', outer, 'netns', b]);

/**
 * `outside` holds the uplink's far end with `outsideAddresses` (the gateway among them), and
 * routes back to the host by its uplink address.
 */
export function buildDockerLab(
  host: HostFile,
  containers: { name: string; veth: string; address: string; prefix: number; gateway: string }[],
  outsideAddresses: string[],
): DockerLab {
  deleteStaleNamespaces();
  const prefix = `nlk-${process.pid}-docker-`;
  const ns = (role: string) => `${prefix}${role}`;
  const children: ChildProcess[] = [];
  const teardown = () => {
    for (const c of children) c.kill('SIGKILL');
    deleteNamespaces(prefix);
  };
  try {
    const h = ns('host');
    addNamespace(h);
    addNamespace(ns('outside'));
    const uplink = host.interfaces[0]!;
    veth(h, uplink.name, ns('outside'), 'eth0');
    run(['ip', '-n', h, 'addr', 'add', uplink.addresses[0]!, 'dev', uplink.name]);
    run(['ip', '-n', h, 'link', 'set', uplink.name, 'up']);
    for (const a of outsideAddresses)
      run(['ip', '-n', ns('outside'), 'addr', 'add', a, 'dev', 'eth0']);
    run(['ip', '-n', ns('outside'), 'link', 'set', 'eth0', 'up']);
    run([
      'ip',
      '-n',
      ns('outside'),
      'route',
      'add',
      'default',
      'via',
      uplink.addresses[0]!.split('/')[0]!,
    ]);
    for (const b of host.bridges) {
      const iface = host.interfaces.find((i) => i.name === b.name)!;
      run(['ip', '-n', h, 'link', 'add', b.name, 'type', 'bridge']);
      run(['ip', '-n', h, 'addr', 'add', iface.addresses[0]!, 'dev', b.name]);
      run(['ip', '-n', h, 'link', 'set', b.name, 'up']);
    }
    for (const c of containers) {
      const bridge = host.bridges.find((b) => b.ports.some((p) => p.name === c.veth))!;
      addNamespace(ns(c.name));
      veth(h, c.veth, ns(c.name), 'eth0');
      run(['ip', '-n', h, 'link', 'set', c.veth, 'master', bridge.name, 'up']);
      run(['ip', '-n', ns(c.name), 'addr', 'add', `${c.address}/${c.prefix}`, 'dev', 'eth0']);
      run(['ip', '-n', ns(c.name), 'link', 'set', 'eth0', 'up']);
      run(['ip', '-n', ns(c.name), 'route', 'add', 'default', 'via', c.gateway]);
    }
    for (const r of host.routes)
      run(['ip', '-n', h, 'route', 'add', r.to, 'via', r.via!, 'dev', r.dev]);
    sysctl(h, 'net.ipv4.ip_forward', '1');
    // dockerd turns bridge netfilter on; without br_netfilter the bridge cases cannot be checked
    if (
      run(
        ['ip', 'netns', 'exec', h, 'test', '-e', '/proc/sys/net/bridge/bridge-nf-call-iptables'],
        { allowFailure: true },
      ).status === 0
    )
      sysctl(h, 'net.bridge.bridge-nf-call-iptables', '1');
  } catch (error) {
    teardown();
    throw error;
  }
  const python = kernelEnvironment().python;
  return {
    ns,
    teardown,
    loadRules(text) {
      runIn(ns('host'), ['iptables-nft-restore'], { input: text });
    },
    serve(role, port) {
      const child = spawn('ip', ['netns', 'exec', ns(role), python, SERVER, String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`server in ${role} did not start`)),
          10_000,
        );
        child.stdout.on('data', (d: Buffer) => {
          if (d.toString().includes('ready')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    },
    connect(role, address, port, timeoutS) {
      const r = runIn(ns(role), [python, CONNECT, address, String(port), '1', String(timeoutS)], {
        timeoutMs: (timeoutS + 10) * 1000,
      });
      return JSON.parse(r.stdout.trim().split('\n')[0]!) as Attempt;
    },
  };
}
