/**
 * A dump has rules but no interfaces or routes. This guesses a starting host from what the rules
 * name: interfaces in -i/-o, node addresses kube-proxy writes (NodePort addresses, the API
 * server's endpoints), bridge subnets Docker masquerades (`-s 172.17.0.0/16 ! -o docker0`), the
 * pod CIDR kube-proxy and flannel masquerade. Every guess carries its reason (the rule's line), so
 * the user can see what to correct. The result is a host document (docs/formats.md) that
 * readHost accepts.
 */
import { type Cidr, type Rule, type Ruleset, formatIPv4, parseIPv4 } from '../rules/index.ts';
import { maskOf } from './ipv4.ts';

export interface HostDocInterface {
  name: string;
  addresses: string[];
}

export interface HostDocRoute {
  to: string;
  via?: string;
  dev: string;
}

/** The part of a host document a guess fills in. */
export interface HostDocument {
  interfaces: HostDocInterface[];
  routes: HostDocRoute[];
  ipForward: boolean;
}

export type HostGuessKind =
  /** an address kube-proxy accepts NodePorts on (`-d X/32` in KUBE-NODEPORTS) */
  | 'nodeport-address'
  /** `-d X/32` together with `-m addrtype --dst-type LOCAL` */
  | 'local-address'
  /** the API server's endpoint (`default/kubernetes:https` DNAT): a control-plane node */
  | 'apiserver-endpoint'
  /** nothing in the rules names an address: a stand-in the user should replace */
  | 'placeholder-address'
  /** no uplink is named in the rules: eth0 stands in */
  | 'placeholder-uplink'
  /** an interface named by -i/-o */
  | 'named-interface'
  /** `-s NET ! -o IF -j MASQUERADE`: IF is the bridge of NET (Docker) */
  | 'masquerade-bridge'
  /** docker0 is named but its subnet is not: Docker's default 172.17.0.0/16 */
  | 'docker-default'
  /** the pod CIDR kube-proxy or flannel masquerades, on the pod bridge */
  | 'pod-cidr'
  /** Calico: the pod CIDR is known, but its pods sit behind one cali* interface each, no bridge */
  | 'pod-cidr-routed'
  /** the rules are Kubernetes' (KUBE-, cali-, FLANNEL chains) but name no pod CIDR: no pod bridge */
  | 'no-pod-network'
  /** a subnet the rules tie to an interface with -i/-o */
  | 'interface-subnet'
  /** `cali+`, `veth+`: interfaces that come and go with pods */
  | 'interface-pattern'
  | 'default-route'
  /** the FORWARD chain has rules or the dump DNATs: the node forwards */
  | 'forwarding'
  | 'no-forwarding';

export interface HostGuess {
  kind: HostGuessKind;
  /** the interface, address or route the guess is about */
  subject: string;
  /** what was guessed (an address, a route, true/false) */
  value: string;
  /** the line of the rule that suggested it, or null */
  line: number | null;
}

export interface InferredHost {
  host: HostDocument;
  guesses: HostGuess[];
}

const UPLINK = /^(eth|ens|enp|eno|em|bond|wlan|wlp|enx)[0-9a-z]*$/;
const POD_BRIDGES = ['cni0', 'cbr0', 'kube-bridge', 'weave'];
const DOCKER_DEFAULT = '172.17.0.1/16';
const PLACEHOLDER_NODE = 0xc0a8010a; // 192.168.1.10

interface Net {
  address: number;
  prefix: number;
}

function ipv4Net(c: Cidr | undefined): Net | undefined {
  if (!c || c.family !== 'ipv4' || c.mask !== undefined) return undefined;
  const address = parseIPv4(c.address);
  return address === undefined ? undefined : { address, prefix: c.prefix };
}

/** The first host of a network, written with the network's prefix: the usual gateway address. */
function gatewayOf(n: Net): string {
  const base = (n.address & maskOf(n.prefix)) >>> 0;
  return `${formatIPv4(n.prefix >= 31 ? base : base + 1)}/${n.prefix}`;
}

/** A node's share of a cluster-wide pod CIDR: the first /24 in it (the usual per-node size). */
function firstNodeSubnet(n: Net): Net {
  return n.prefix >= 24 ? n : { address: (n.address & maskOf(n.prefix)) >>> 0, prefix: 24 };
}

function commentOf(rule: Rule): string {
  for (const m of rule.matches)
    if (m.module === 'comment' && !m.unknown) return (m.data as { comment?: string }).comment ?? '';
  return '';
}

function dstLocal(rule: Rule): boolean {
  return rule.matches.some((m) => {
    if (m.module !== 'addrtype' || m.unknown) return false;
    const d = (m.data as { dst?: { value: string[]; negated: boolean } }).dst;
    return !!d && !d.negated && d.value.includes('LOCAL');
  });
}

const TO_DESTINATION = /--to-destination (\d+\.\d+\.\d+\.\d+)/;

/** What the walk over the rules collects, each with the line that showed it first. */
class Evidence {
  named = new Map<string, number>();
  patterns = new Map<string, number>();
  nodeAddrs = new Map<number, { kind: HostGuessKind; line: number }>();
  bridges = new Map<string, { net: Net; line: number }>();
  subnets = new Map<string, { net: Net; line: number }>();
  podCidr: { net: Net; line: number } | null = null;
  forwardRule: number | null = null;
  dnatRule: number | null = null;
  /** the line of the first chain Kubernetes or its network plugin writes */
  kubeChain: number | null = null;

  nodeAddr(a: number, kind: HostGuessKind, line: number): void {
    const old = this.nodeAddrs.get(a);
    // a NodePort address says "this node" more surely than the API server's endpoint
    if (!old || rank(kind) < rank(old.kind)) this.nodeAddrs.set(a, { kind, line });
  }
}

function rank(kind: HostGuessKind): number {
  return kind === 'nodeport-address' ? 0 : kind === 'local-address' ? 1 : 2;
}

function noteInterface(ev: Evidence, name: string, line: number): void {
  if (name === 'lo' || name === '') return;
  const map = name.endsWith('+') ? ev.patterns : ev.named;
  if (!map.has(name)) map.set(name, line);
}

function walkRule(ev: Evidence, rule: Rule): void {
  const line = rule.span.line;
  const { core } = rule;
  const inIf = core.inInterface;
  const outIf = core.outInterface;
  if (inIf) noteInterface(ev, inIf.value, line);
  if (outIf) noteInterface(ev, outIf.value, line);
  const src = core.source && !core.source.negated ? ipv4Net(core.source.value) : undefined;
  const dst =
    core.destination && !core.destination.negated ? ipv4Net(core.destination.value) : undefined;
  const target = rule.target?.name ?? '';

  if (rule.table === 'filter' && rule.chain === 'FORWARD') ev.forwardRule ??= line;
  if (target === 'DNAT') ev.dnatRule ??= line;

  if (dst?.prefix === 32) {
    if (rule.chain === 'KUBE-NODEPORTS') ev.nodeAddr(dst.address, 'nodeport-address', line);
    else if (dstLocal(rule)) ev.nodeAddr(dst.address, 'local-address', line);
  }
  if (target === 'DNAT' && commentOf(rule).startsWith('default/kubernetes:https')) {
    const to = TO_DESTINATION.exec(rule.source)?.[1];
    const a = to === undefined ? undefined : parseIPv4(to);
    if (a !== undefined) ev.nodeAddr(a, 'apiserver-endpoint', line);
  }
  // Docker: traffic from a bridge's subnet leaving by any other interface is masqueraded
  if (
    target === 'MASQUERADE' &&
    src &&
    src.prefix < 32 &&
    outIf?.negated &&
    !outIf.value.endsWith('+') &&
    !ev.bridges.has(outIf.value)
  )
    ev.bridges.set(outIf.value, { net: src, line });
  // kube-proxy: `! -s CLUSTER_CIDR … -j KUBE-MARK-MASQ`; flannel: `-s CLUSTER_CIDR … -j MASQUERADE`
  if (!ev.podCidr) {
    const negSrc = core.source?.negated ? ipv4Net(core.source.value) : undefined;
    if (target === 'KUBE-MARK-MASQ' && negSrc && negSrc.prefix < 32)
      ev.podCidr = { net: negSrc, line };
    else if (target === 'MASQUERADE' && src && src.prefix < 32 && !outIf && !inIf)
      ev.podCidr = { net: src, line };
  }
  // a subnet written next to a named interface belongs behind it
  for (const [iface, net] of [
    [inIf, src],
    [outIf, dst],
    [inIf, dst],
    [outIf, src],
  ] as const) {
    if (!iface || iface.negated || !net || iface.value.endsWith('+')) continue;
    if (net.prefix < 8 || net.prefix > 30 || ev.subnets.has(iface.value)) continue;
    ev.subnets.set(iface.value, { net, line });
  }
}

class HostBuilder {
  readonly interfaces: HostDocInterface[] = [];
  readonly guesses: HostGuess[] = [];

  iface(name: string): HostDocInterface {
    let i = this.interfaces.find((x) => x.name === name);
    if (!i) {
      i = { name, addresses: [] };
      this.interfaces.push(i);
    }
    return i;
  }

  address(name: string, addr: string, kind: HostGuessKind, line: number | null): void {
    const i = this.iface(name);
    if (i.addresses.includes(addr)) return;
    i.addresses.push(addr);
    this.guesses.push({ kind, subject: name, value: addr, line });
  }

  hasAddress(name: string): boolean {
    return (this.interfaces.find((x) => x.name === name)?.addresses.length ?? 0) > 0;
  }
}

function pickUplink(ev: Evidence, b: HostBuilder): string {
  for (const name of ev.named.keys()) if (UPLINK.test(name)) return name;
  b.guesses.push({ kind: 'placeholder-uplink', subject: 'eth0', value: 'eth0', line: null });
  return 'eth0';
}

function podBridge(ev: Evidence): string {
  for (const name of POD_BRIDGES) if (ev.named.has(name)) return name;
  return 'cni0';
}

const KUBE_CHAIN = /^(KUBE-|cali-|FLANNEL|WEAVE)/;

export function inferHost(ruleset: Ruleset): InferredHost {
  const ev = new Evidence();
  for (const t of ruleset.tables)
    for (const c of t.chains) {
      if (ev.kubeChain === null && KUBE_CHAIN.test(c.name)) ev.kubeChain = c.span.line;
      for (const r of c.rules) walkRule(ev, r);
    }
  const b = new HostBuilder();

  // the uplink and the node's own addresses
  const uplink = pickUplink(ev, b);
  const sorted = [...ev.nodeAddrs].sort((x, y) => rank(x[1].kind) - rank(y[1].kind));
  // the API server's endpoints are control-plane nodes, maybe not this one: take one at most
  const own = sorted.filter(([, why]) => why.kind !== 'apiserver-endpoint');
  const nodes = own.length > 0 ? own : sorted.slice(0, 1);
  const first = nodes[0];
  const nodeAddr = first ? first[0] : PLACEHOLDER_NODE;
  if (first)
    for (const [a, why] of nodes) b.address(uplink, `${formatIPv4(a)}/24`, why.kind, why.line);
  else b.address(uplink, `${formatIPv4(nodeAddr)}/24`, 'placeholder-address', null);

  // bridges whose subnets are masqueraded, Docker's default bridge, the pod bridge
  for (const [name, { net, line }] of ev.bridges)
    b.address(name, gatewayOf(net), 'masquerade-bridge', line);
  if (ev.named.has('docker0') && !b.hasAddress('docker0'))
    b.address('docker0', DOCKER_DEFAULT, 'docker-default', ev.named.get('docker0') ?? null);
  const pods = ev.podCidr;
  const calico = [...ev.patterns].find(([p]) => p.startsWith('cali'));
  // Calico routes each pod's own interface instead of using a bridge: nothing to list
  if (calico)
    b.guesses.push({
      kind: 'pod-cidr-routed',
      subject: calico[0],
      value: pods ? `${formatIPv4(pods.net.address)}/${pods.net.prefix}` : '',
      line: pods?.line ?? calico[1],
    });
  else if (pods) {
    const bridge = podBridge(ev);
    if (!b.hasAddress(bridge))
      b.address(bridge, gatewayOf(firstNodeSubnet(pods.net)), 'pod-cidr', pods.line);
  } else if (ev.kubeChain !== null)
    b.guesses.push({ kind: 'no-pod-network', subject: '', value: '', line: ev.kubeChain });
  for (const [name, { net, line }] of ev.subnets)
    if (!b.hasAddress(name) && name !== uplink)
      b.address(name, gatewayOf(net), 'interface-subnet', line);

  // every other interface the rules name, without an address
  for (const [name, line] of ev.named)
    if (!b.interfaces.some((x) => x.name === name)) {
      b.iface(name);
      b.guesses.push({ kind: 'named-interface', subject: name, value: '', line });
    }
  for (const [name, line] of ev.patterns)
    b.guesses.push({ kind: 'interface-pattern', subject: name, value: '', line });

  const gw = formatIPv4(((nodeAddr & maskOf(24)) + 1) >>> 0);
  const routes: HostDocRoute[] = [{ to: 'default', via: gw, dev: uplink }];
  b.guesses.push({
    kind: 'default-route',
    subject: 'default',
    value: `via ${gw} dev ${uplink}`,
    line: null,
  });

  const forwardLine = ev.forwardRule ?? ev.dnatRule;
  const ipForward = forwardLine !== null;
  b.guesses.push({
    kind: ipForward ? 'forwarding' : 'no-forwarding',
    subject: 'ipForward',
    value: String(ipForward),
    line: forwardLine,
  });
  return { host: { interfaces: b.interfaces, routes, ipForward }, guesses: b.guesses };
}
