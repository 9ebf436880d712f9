/**
 * Reads a DockerHost document (docs/formats.md, Docker hosts) into a DockerHostSpec. Bad input is
 * reported at its position and left out; the rest is still read, so one typo does not empty the
 * host. Networks come in creation order (the default bridge first), as dockerd makes them.
 */
import { digest } from '../cluster/proxier/hash.ts';
import { Reader } from '../cluster/manifests/read-kit.ts';
import { sloppyPrefix } from '../cluster/manifests/sloppy-ip.ts';
import {
  formatIPv4,
  formatPrefix,
  inPrefix,
  networkOf,
  parseIPv4,
  type Ipv4Prefix,
} from '../netfilter/ipv4.ts';
import type { Path } from '../cluster/manifests/source.ts';
import type {
  Attachment,
  DockerContainer,
  DockerHostSpec,
  DockerNetwork,
  HostInterface,
  PublishedPort,
} from './model.ts';
import { readPort } from './ports.ts';

/** dockerd's default bridge, as `docker network inspect bridge` shows it. */
const DEFAULT_BRIDGE: Ipv4Prefix = { address: 0xac110000, prefix: 16 };

/** The next subnets dockerd's default pool hands to user networks: 172.18.0.0/16, 172.19.0.0/16, … */
function poolSubnet(taken: readonly Ipv4Prefix[]): Ipv4Prefix {
  for (let second = 18; second < 32; second++) {
    const candidate = { address: (0xac000000 | (second << 16)) >>> 0, prefix: 16 };
    if (!taken.some((t) => overlaps(t, candidate))) return candidate;
  }
  return { address: 0xc0a80000, prefix: 20 };
}

function overlaps(a: Ipv4Prefix, b: Ipv4Prefix): boolean {
  return inPrefix(a.address, b) || inPrefix(b.address, a);
}

/** A user network's bridge name when the document gives none: br- and 12 hex digits, as dockerd
 * names it from the network's ID (here a digest of the name, so it stays the same). */
function bridgeNameOf(network: string): string {
  const hex = Array.from(digest(`docker-network/${network}`).slice(0, 6), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return `br-${hex}`;
}

const IFNAME = /^[^\s/:]{1,15}$/;

function readInterfaces(r: Reader): HostInterface[] {
  const out: HostInterface[] = [];
  r.list(['spec', 'interfaces']).forEach((_, i) => {
    const at: Path = ['spec', 'interfaces', i];
    const name = r.str([...at, 'name']);
    const text = r.str([...at, 'address']);
    if (name === undefined || !IFNAME.test(name)) {
      r.error([...at, 'name'], 'missing-field', 'an interface needs a name such as eth0');
      return;
    }
    const p = text === undefined ? undefined : sloppyPrefix(text.trim())?.value;
    if (!p) {
      r.error(
        [...at, 'address'],
        'bad-value',
        `interface ${name} needs its address with the subnet's length, such as 203.0.113.5/24`,
      );
      return;
    }
    const gw = r.str([...at, 'gateway']);
    const gateway = gw === undefined ? null : (parseIPv4(gw.trim()) ?? null);
    if (gw !== undefined && gateway === null)
      r.error([...at, 'gateway'], 'bad-value', `${JSON.stringify(gw)} is not an IPv4 address`);
    out.push({ name, address: p.address, prefix: p.prefix, gateway, span: r.span(at) });
  });
  if (out.length === 0 && r.get(['spec', 'interfaces']) === undefined)
    r.info(
      ['spec'],
      'assumed',
      'no spec.interfaces: the host is given eth0 203.0.113.5/24 with its gateway at 203.0.113.1',
    );
  return out.length > 0 || r.get(['spec', 'interfaces']) !== undefined
    ? out
    : [
        {
          name: 'eth0',
          address: 0xcb007105,
          prefix: 24,
          gateway: 0xcb007101,
          span: r.span(['spec']),
        },
      ];
}

function readNetworks(r: Reader, defaultIcc: boolean): DockerNetwork[] {
  const def: DockerNetwork = {
    name: 'bridge',
    bridge: 'docker0',
    subnet: DEFAULT_BRIDGE,
    gateway: (DEFAULT_BRIDGE.address + 1) >>> 0,
    icc: defaultIcc,
    span: r.span(['spec']),
  };
  const out: DockerNetwork[] = [def];
  r.list(['spec', 'networks']).forEach((_, i) => {
    const at: Path = ['spec', 'networks', i];
    const name = r.str([...at, 'name']);
    if (!name) {
      r.error(at, 'missing-field', 'a network needs a name');
      return;
    }
    const isDefault = name === 'bridge';
    if (!isDefault && out.some((n) => n.name === name)) {
      r.error(
        [...at, 'name'],
        'duplicate-object',
        `network ${name} is defined twice; this one is ignored`,
      );
      return;
    }
    let subnet: Ipv4Prefix | undefined;
    if (r.get([...at, 'subnet']) !== undefined) {
      subnet = r.cidr([...at, 'subnet']);
      if (!subnet) return;
    } else if (!isDefault) {
      subnet = poolSubnet(out.map((n) => n.subnet));
      r.info(
        [...at, 'name'],
        'assumed',
        `network ${name} has no subnet; dockerd's default pool gives it ${formatPrefix(subnet)}`,
      );
    }
    const clash = subnet && out.find((n) => n.name !== name && overlaps(n.subnet, subnet));
    if (clash) {
      r.error(
        [...at, 'subnet'],
        'bad-value',
        `subnet ${formatPrefix(subnet!)} overlaps network ${clash.name}'s ${formatPrefix(clash.subnet)}; dockerd refuses it`,
      );
      return;
    }
    const net = isDefault ? def : { ...def, name, bridge: bridgeNameOf(name), icc: true };
    if (subnet) {
      net.subnet = subnet;
      net.gateway = (networkOf(subnet) + 1) >>> 0;
    }
    const bridge = r.str([...at, 'bridge']);
    if (bridge !== undefined) {
      if (IFNAME.test(bridge)) net.bridge = bridge;
      else
        r.error(
          [...at, 'bridge'],
          'bad-value',
          `${JSON.stringify(bridge)} is not an interface name (1–15 characters)`,
        );
    }
    const icc = r.bool([...at, 'icc']);
    if (icc !== undefined) net.icc = icc;
    net.span = r.span(at);
    if (!isDefault) out.push(net);
  });
  return out;
}

/** The next free host address of a network, from .2 (the gateway is .1). */
function nextAddress(net: DockerNetwork, used: Set<number>): number | undefined {
  const size = 2 ** (32 - net.subnet.prefix);
  for (let o = 1; o < size - 1; o++) {
    const a = (networkOf(net.subnet) + o) >>> 0;
    if (a !== net.gateway && !used.has(a)) return a;
  }
  return undefined;
}

function readAttachments(
  r: Reader,
  at: Path,
  networks: DockerNetwork[],
  used: Set<number>,
): Attachment[] {
  const out: Attachment[] = [];
  const items = r.get([...at, 'networks']) === undefined ? ['bridge'] : r.list([...at, 'networks']);
  items.forEach((item, i) => {
    const p: Path = r.get([...at, 'networks']) === undefined ? at : [...at, 'networks', i];
    const name = typeof item === 'string' ? item : r.str([...p, 'name']);
    const net = networks.find((n) => n.name === name);
    if (!net) {
      r.error(
        typeof item === 'string' ? p : [...p, 'name'],
        'unknown-network',
        `network ${String(name)} is not defined (networks: ${networks.map((n) => n.name).join(', ')})`,
      );
      return;
    }
    let address: number | undefined;
    if (typeof item !== 'string' && r.get([...p, 'ip']) !== undefined) {
      const written = r.str([...p, 'ip']);
      address = written === undefined ? undefined : parseIPv4(written.trim());
      if (address === undefined || !inPrefix(address, net.subnet)) {
        r.error(
          [...p, 'ip'],
          'address-outside-cidr',
          `${JSON.stringify(written)} is not an address in network ${net.name}'s subnet ${formatPrefix(net.subnet)}`,
        );
        return;
      }
      if (used.has(address)) {
        r.error([...p, 'ip'], 'duplicate-address', `${formatIPv4(address)} is already taken`);
        return;
      }
    } else address = nextAddress(net, used);
    if (address === undefined) return;
    used.add(address);
    out.push({ network: net.name, address, span: r.span(p) });
  });
  return out;
}

function readContainers(r: Reader, networks: DockerNetwork[]): DockerContainer[] {
  const out: DockerContainer[] = [];
  const used = new Set<number>();
  const published: { port: PublishedPort; owner: string }[] = [];
  r.list(['spec', 'containers']).forEach((_, i) => {
    const at: Path = ['spec', 'containers', i];
    const name = r.str([...at, 'name']);
    if (!name) {
      r.error(at, 'missing-field', 'a container needs a name');
      return;
    }
    if (out.some((c) => c.name === name)) {
      r.error(
        [...at, 'name'],
        'duplicate-object',
        `container ${name} is defined twice; this one is ignored`,
      );
      return;
    }
    const attachments = readAttachments(r, at, networks, used);
    const ports: PublishedPort[] = [];
    r.list([...at, 'ports']).forEach((_, j) => {
      const port = readPort(r, [...at, 'ports', j]);
      if (!port) return;
      if (attachments.length === 0) {
        r.error(
          [...at, 'ports', j],
          'unknown-network',
          `container ${name} is on no network, so nothing can be published`,
        );
        return;
      }
      const clash = published.find(
        (p) =>
          p.port.proto === port.proto &&
          p.port.hostPort === port.hostPort &&
          (p.port.hostIP === null || port.hostIP === null || p.port.hostIP === port.hostIP),
      );
      if (clash) {
        r.error(
          [...at, 'ports', j],
          'duplicate-published-port',
          `host port ${port.hostPort}/${port.proto} is already published by ${clash.owner}; dockerd cannot bind it twice`,
        );
        return;
      }
      published.push({ port, owner: `container ${name} (${port.text})` });
      ports.push(port);
    });
    out.push({ name, attachments, ports, span: r.span(at) });
  });
  return out;
}

/** Reads one DockerHost document. */
export function readDockerHost(r: Reader): DockerHostSpec {
  const name = r.str(['metadata', 'name']) ?? 'docker-host';
  const userlandProxy = r.bool(['spec', 'userlandProxy']) ?? true;
  const icc = r.bool(['spec', 'icc']) ?? true;
  const policy = r.str(['spec', 'forwardPolicy']);
  if (policy !== undefined && policy !== 'ACCEPT' && policy !== 'DROP')
    r.error(
      ['spec', 'forwardPolicy'],
      'bad-value',
      `forwardPolicy is ACCEPT or DROP, not ${JSON.stringify(policy)}`,
    );
  const interfaces = readInterfaces(r);
  const networks = readNetworks(r, icc);
  const containers = readContainers(r, networks);
  return {
    name,
    interfaces,
    userlandProxy,
    forwardPolicy: policy === 'ACCEPT' ? 'ACCEPT' : 'DROP',
    networks,
    containers,
    span: r.span(),
  };
}
