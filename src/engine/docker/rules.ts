/**
 * The rules Docker Engine 28.5.2 (iptables backend, IPv4) writes for a DockerHostSpec, in the
 * order `iptables-save` lists them on such a host. The order follows how dockerd adds them:
 * per-network rules are appended when a network is created (in DOCKER-ISOLATION-STAGE-2, nat
 * POSTROUTING and nat DOCKER inserted at the top, so the newest network comes first), and a
 * published port's filter ACCEPT is inserted at the top of DOCKER, above every network's DROP.
 */
import { formatIPv4, formatPrefix } from '../netfilter/ipv4.ts';
import type { DockerContainer, DockerHostSpec, DockerNetwork, PublishedPort } from './model.ts';

export type DockerRuleRole =
  | 'hook-jump' // a built-in chain jumping into Docker's chains
  | 'forward-stage' // DOCKER-FORWARD handing the packet to the next stage
  | 'bridge-dispatch' // DOCKER-BRIDGE: packets going out to a bridge are checked in DOCKER
  | 'established' // DOCKER-CT: replies and related packets of allowed connections
  | 'isolation' // DOCKER-ISOLATION-STAGE-1/2: one bridge network may not reach another
  | 'outgoing' // a container's own connections leave its bridge
  | 'icc-drop' // icc off: containers of one bridge may not talk to each other
  | 'published-accept' // a published port may be reached from outside the bridge
  | 'unpublished-drop' // everything else coming into a bridge from outside
  | 'published-dnat' // the published port's DNAT to the container
  | 'skip-dnat' // nat DOCKER: packets from the bridge itself are not DNATed (userland proxy)
  | 'masquerade' // a bridge subnet's connections leaving by another interface
  | 'local-masquerade' // userland proxy off: the host's own packets into a bridge
  | 'hairpin-masquerade' // userland proxy off: a container reaching its own published port
  | 'direct-routing-drop' // raw: a container's address may be reached only from its bridge
  | 'loopback-drop'; // raw: a port published on 127.0.0.1 may be reached only from the host

export interface DockerProvenance {
  role: DockerRuleRole;
  network?: string;
  container?: string;
  /** the published port as written (`8080:80`, `127.0.0.1:5432:5432/udp`) */
  port?: string;
}

export interface DockerRule {
  table: 'raw' | 'nat' | 'filter';
  chain: string;
  /** the rule's arguments after `-A CHAIN`, as iptables-save prints them */
  args: string;
  provenance: DockerProvenance;
}

const FILTER_CHAINS = [
  'DOCKER',
  'DOCKER-BRIDGE',
  'DOCKER-CT',
  'DOCKER-FORWARD',
  'DOCKER-ISOLATION-STAGE-1',
  'DOCKER-ISOLATION-STAGE-2',
  'DOCKER-USER',
];

interface Published {
  container: DockerContainer;
  network: DockerNetwork;
  address: number;
  port: PublishedPort;
}

/** Every published port with the network it is published on: the container's first. */
function publishedPorts(spec: DockerHostSpec): Published[] {
  const out: Published[] = [];
  for (const container of spec.containers) {
    const first = container.attachments[0];
    const network = spec.networks.find((n) => n.name === first?.network);
    if (!first || !network) continue;
    for (const port of container.ports)
      out.push({ container, network, address: first.address, port });
  }
  return out;
}

const protoMatch = (p: PublishedPort, port: number) =>
  `-p ${p.proto} -m ${p.proto} --dport ${port}`;

function filterRules(spec: DockerHostSpec, ports: Published[]): DockerRule[] {
  const out: DockerRule[] = [];
  const add = (chain: string, args: string, provenance: DockerProvenance) =>
    out.push({ table: 'filter', chain, args, provenance });
  add('FORWARD', '-j DOCKER-USER', { role: 'hook-jump' });
  add('FORWARD', '-j DOCKER-FORWARD', { role: 'hook-jump' });
  // each port's ACCEPT was inserted at the top when its container started: the last one first
  for (const p of [...ports].reverse())
    add(
      'DOCKER',
      `-d ${formatIPv4(p.address)}/32 ! -i ${p.network.bridge} -o ${p.network.bridge} ${protoMatch(p.port, p.port.containerPort)} -j ACCEPT`,
      {
        role: 'published-accept',
        network: p.network.name,
        container: p.container.name,
        port: p.port.text,
      },
    );
  const nets = spec.networks;
  for (const n of nets)
    add('DOCKER', `! -i ${n.bridge} -o ${n.bridge} -j DROP`, {
      role: 'unpublished-drop',
      network: n.name,
    });
  for (const n of nets)
    add('DOCKER-BRIDGE', `-o ${n.bridge} -j DOCKER`, { role: 'bridge-dispatch', network: n.name });
  for (const n of nets)
    add('DOCKER-CT', `-o ${n.bridge} -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`, {
      role: 'established',
      network: n.name,
    });
  for (const next of ['DOCKER-CT', 'DOCKER-ISOLATION-STAGE-1', 'DOCKER-BRIDGE'])
    add('DOCKER-FORWARD', `-j ${next}`, { role: 'forward-stage' });
  for (const n of nets) {
    if (n.icc) {
      add('DOCKER-FORWARD', `-i ${n.bridge} -j ACCEPT`, { role: 'outgoing', network: n.name });
      continue;
    }
    add('DOCKER-FORWARD', `-i ${n.bridge} -o ${n.bridge} -j DROP`, {
      role: 'icc-drop',
      network: n.name,
    });
    add('DOCKER-FORWARD', `-i ${n.bridge} ! -o ${n.bridge} -j ACCEPT`, {
      role: 'outgoing',
      network: n.name,
    });
  }
  for (const n of nets)
    add('DOCKER-ISOLATION-STAGE-1', `-i ${n.bridge} ! -o ${n.bridge} -j DOCKER-ISOLATION-STAGE-2`, {
      role: 'isolation',
      network: n.name,
    });
  for (const n of [...nets].reverse())
    add('DOCKER-ISOLATION-STAGE-2', `-o ${n.bridge} -j DROP`, {
      role: 'isolation',
      network: n.name,
    });
  return out;
}

function natRules(spec: DockerHostSpec, ports: Published[]): DockerRule[] {
  const out: DockerRule[] = [];
  const add = (chain: string, args: string, provenance: DockerProvenance) =>
    out.push({ table: 'nat', chain, args, provenance });
  const proxy = spec.userlandProxy;
  add('PREROUTING', '-m addrtype --dst-type LOCAL -j DOCKER', { role: 'hook-jump' });
  // with the proxy, connections to 127.0.0.1 are left to docker-proxy; without it, DNAT takes them
  add('OUTPUT', `${proxy ? '! -d 127.0.0.0/8 ' : ''}-m addrtype --dst-type LOCAL -j DOCKER`, {
    role: 'hook-jump',
  });
  const newestFirst = [...spec.networks].reverse();
  for (const n of newestFirst) {
    if (!proxy)
      add('POSTROUTING', `-o ${n.bridge} -m addrtype --src-type LOCAL -j MASQUERADE`, {
        role: 'local-masquerade',
        network: n.name,
      });
    add('POSTROUTING', `-s ${formatPrefix(n.subnet)} ! -o ${n.bridge} -j MASQUERADE`, {
      role: 'masquerade',
      network: n.name,
    });
  }
  if (!proxy)
    for (const p of ports) {
      const ip = `${formatIPv4(p.address)}/32`;
      add(
        'POSTROUTING',
        `-s ${ip} -d ${ip} ${protoMatch(p.port, p.port.containerPort)} -j MASQUERADE`,
        {
          role: 'hairpin-masquerade',
          network: p.network.name,
          container: p.container.name,
          port: p.port.text,
        },
      );
    }
  if (proxy)
    for (const n of newestFirst)
      add('DOCKER', `-i ${n.bridge} -j RETURN`, { role: 'skip-dnat', network: n.name });
  for (const p of ports) {
    const dst = p.port.hostIP === null ? '' : `-d ${formatIPv4(p.port.hostIP)}/32 `;
    const notIn = proxy ? `! -i ${p.network.bridge} ` : '';
    add(
      'DOCKER',
      `${dst}${notIn}${protoMatch(p.port, p.port.hostPort)} -j DNAT --to-destination ${formatIPv4(p.address)}:${p.port.containerPort}`,
      {
        role: 'published-dnat',
        network: p.network.name,
        container: p.container.name,
        port: p.port.text,
      },
    );
  }
  return out;
}

function rawRules(ports: Published[]): DockerRule[] {
  const out: DockerRule[] = [];
  const seen = new Set<string>();
  for (const p of ports) {
    const provenance = { network: p.network.name, container: p.container.name };
    if (!seen.has(p.container.name)) {
      seen.add(p.container.name);
      out.push({
        table: 'raw',
        chain: 'PREROUTING',
        args: `-d ${formatIPv4(p.address)}/32 ! -i ${p.network.bridge} -j DROP`,
        provenance: { role: 'direct-routing-drop', ...provenance },
      });
    }
    if (p.port.hostIP !== null && p.port.hostIP >>> 24 === 127)
      out.push({
        table: 'raw',
        chain: 'PREROUTING',
        args: `-d ${formatIPv4(p.port.hostIP)}/32 ! -i lo ${protoMatch(p.port, p.port.hostPort)} -j DROP`,
        provenance: { role: 'loopback-drop', ...provenance, port: p.port.text },
      });
  }
  return out;
}

export interface DockerTables {
  rules: DockerRule[];
  /** the iptables-save text: raw (when dockerd wrote to it), nat, filter */
  text: string;
}

const BUILTIN: Record<DockerRule['table'], string[]> = {
  raw: ['PREROUTING', 'OUTPUT'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
};

function tableText(
  table: DockerRule['table'],
  rules: DockerRule[],
  policy: (chain: string) => string,
  chains: string[],
): string {
  const lines = [`*${table}`];
  for (const c of BUILTIN[table]) lines.push(`:${c} ${policy(c)} [0:0]`);
  for (const c of chains) lines.push(`:${c} - [0:0]`);
  // iptables-save lists the built-in chains' rules first, then the user chains' in name order
  const order = [...BUILTIN[table], ...chains];
  for (const c of order) for (const r of rules) if (r.chain === c) lines.push(`-A ${c} ${r.args}`);
  lines.push('COMMIT');
  return lines.join('\n');
}

export function dockerTables(spec: DockerHostSpec): DockerTables {
  const ports = publishedPorts(spec);
  const raw = rawRules(ports);
  const nat = natRules(spec, ports);
  const filter = filterRules(spec, ports);
  const parts: string[] = [];
  if (raw.length > 0) parts.push(tableText('raw', raw, () => 'ACCEPT', []));
  parts.push(tableText('nat', nat, () => 'ACCEPT', ['DOCKER']));
  parts.push(
    tableText(
      'filter',
      filter,
      (c) => (c === 'FORWARD' ? spec.forwardPolicy : 'ACCEPT'),
      FILTER_CHAINS,
    ),
  );
  // the rules in the order the text lists them, so a rule's index in its chain is its place here
  const listed = [raw, nat, filter].flatMap((rs) => {
    const byChain = new Map<string, DockerRule[]>();
    for (const r of rs) byChain.set(r.chain, [...(byChain.get(r.chain) ?? []), r]);
    return [...byChain.values()].flat();
  });
  return { rules: listed, text: `${parts.join('\n')}\n` };
}
