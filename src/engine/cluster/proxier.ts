/**
 * What kube-proxy in iptables mode writes for one node, as the lines of its iptables-restore input
 * (filter and nat), each with its provenance. The facts follow syncProxyRules in kubernetes
 * pkg/proxy/iptables/proxier.go (the release with nfacct counters and KUBE-PROXY-FIREWALL):
 * - top-level chains: filter KUBE-SERVICES, KUBE-EXTERNAL-SERVICES, KUBE-FORWARD, KUBE-NODEPORTS,
 *   KUBE-PROXY-FIREWALL; nat KUBE-SERVICES, KUBE-NODEPORTS, KUBE-POSTROUTING, KUBE-MARK-MASQ;
 * - KUBE-POSTROUTING returns unmarked packets, clears the mark with --xor-mark, then
 *   MASQUERADEs (with --random-fully when iptables supports it); KUBE-MARK-MASQ sets the mark
 *   with --or-mark; the mark is 1 << masqueradeBit printed like Go's %#08x (0x004000);
 * - KUBE-FIREWALL's "block incoming localnet connections" rule when localhost NodePorts are on;
 * - per service port, in this order: the ClusterIP capture (nat) or a REJECT/DROP (filter);
 *   externalIP captures; load-balancer IP captures and KUBE-PROXY-FIREWALL drops; NodePort
 *   captures; the health-check ACCEPT; the SVC/SVL masquerade rule; the EXT chain; the FW chain;
 *   SVC and SVL chains (affinity checks first, then one statistic rule per endpoint with
 *   probability 1/(n-i) printed "%0.10f", the last without); one SEP chain per endpoint;
 * - KUBE-SERVICES ends with the jump to KUBE-NODEPORTS; KUBE-FORWARD drops INVALID (unless
 *   conntrack is liberal), then accepts marked and established traffic.
 * Services are written in name order (kube-proxy walks a Go map; on a node the order of the
 * KUBE-SERVICES rules varies from sync to sync).
 */
import { formatIPv4, formatPrefix, inPrefix, type Ipv4Prefix } from '../netfilter/ipv4.ts';
import { categorize, portTraits } from './categorize.ts';
import { endpointChain, serviceChains, servicePortName } from './chain-names.ts';
import { servicePortKey, type Endpoint } from './endpoints.ts';
import type { ClusterModel, ClusterNode, ClusterService, ObjectRef, ServicePort } from './model.ts';
import { RestoreRuleReader, type RulePart, type RuleWord } from './restore-rule.ts';
import {
  sourceOf,
  type ProvenanceSource,
  type RuleProvenance,
  type RuleRole,
} from './provenance.ts';

export type RestoreTable = 'filter' | 'nat';

export interface RestoreRule {
  table: RestoreTable;
  chain: string;
  /** the arguments after `-A CHAIN`, as kube-proxy writes them (parts stand for several) */
  args: RuleWord[];
  prov: RuleProvenance;
}

export interface ProxierOutput {
  /** chains kube-proxy declares (flushes) in each table, in the order it writes them */
  chains: Record<RestoreTable, string[]>;
  /** the rules in the order kube-proxy writes them (empty when a sink took them) */
  rules: RestoreRule[];
}

/** Takes each rule as it is made, instead of ProxierOutput.rules (see node-ruleset.ts). */
export type RuleSink = (
  table: RestoreTable,
  chain: string,
  args: RuleWord[],
  prov: RuleProvenance,
) => void;

export interface NodeView {
  node: ClusterNode;
  /** the node's primary IP (its first InternalIP) */
  nodeIP: number | null;
  /** addresses on the node's interfaces in interface order (lo, eth0, cni0) */
  localAddresses: number[];
}

/** Go's %#08x: "0x" and at least six hex digits. */
export function markText(bit: number): string {
  return `0x${((1 << bit) >>> 0).toString(16).padStart(6, '0')}`;
}

/** Go's %0.10f of 1/n (ties cannot occur below 1024 endpoints, where toFixed and Go agree). */
export function probabilityText(n: number): string {
  return (1 / n).toFixed(10);
}

function q(text: string): string {
  return /\s/.test(text) ? `"${text}"` : text;
}

interface LocalDetector {
  ifLocal: string[];
  ifNotLocal: string[];
  source: ProvenanceSource;
}

function localDetector(model: ClusterModel, node: ClusterNode): LocalDetector | null {
  const cfg = model.proxy;
  const cfgSource = (field: string): ProvenanceSource =>
    cfg.ref
      ? sourceOf(cfg.ref, field)
      : { kind: 'KubeProxyConfiguration', name: 'defaults', span: node.ref.span, field };
  const byCidr = (c: Ipv4Prefix, source: ProvenanceSource): LocalDetector => ({
    ifLocal: ['-s', formatPrefix(c)],
    ifNotLocal: ['!', '-s', formatPrefix(c)],
    source,
  });
  switch (cfg.detectLocalMode) {
    case 'ClusterCIDR':
      return cfg.clusterCIDR ? byCidr(cfg.clusterCIDR, cfgSource('clusterCIDR')) : null;
    case 'NodeCIDR':
      return node.podCIDR ? byCidr(node.podCIDR, sourceOf(node.ref, 'spec.podCIDR')) : null;
    case 'BridgeInterface':
      return cfg.bridgeInterface
        ? {
            ifLocal: ['-i', cfg.bridgeInterface],
            ifNotLocal: ['!', '-i', cfg.bridgeInterface],
            source: cfgSource('detectLocal.bridgeInterface'),
          }
        : null;
    case 'InterfaceNamePrefix':
      return cfg.interfaceNamePrefix
        ? {
            ifLocal: ['-i', `${cfg.interfaceNamePrefix}+`],
            ifNotLocal: ['!', '-i', `${cfg.interfaceNamePrefix}+`],
            source: cfgSource('detectLocal.interfaceNamePrefix'),
          }
        : null;
  }
}

/** Which addresses accept NodePorts: all local ones, or those in nodePortAddresses. */
interface NodePortScope {
  matchAll: boolean;
  addresses: number[];
  /** localhost NodePorts survive only when the scope includes 127.0.0.1 */
  localhostNodePorts: boolean;
}

function nodePortScope(model: ClusterModel, view: NodeView): NodePortScope {
  const entries = model.proxy.nodePortAddresses;
  const cidrs = entries.filter((e): e is Ipv4Prefix => e !== 'primary');
  const matchAll = entries.length === 0 || cidrs.some((c) => c.prefix === 0);
  const containsLoopback = matchAll || cidrs.some((c) => inPrefix(0x7f000001, c));
  const localhostNodePorts = model.proxy.localhostNodePorts && containsLoopback;
  if (matchAll) return { matchAll, addresses: [], localhostNodePorts };
  const addresses: number[] = [];
  const primary = entries.includes('primary') ? view.node.internalIPs : [];
  for (const a of view.localAddresses) {
    if (addresses.includes(a)) continue;
    if (primary.includes(a) || cidrs.some((c) => inPrefix(a, c))) addresses.push(a);
  }
  return { matchAll, addresses, localhostNodePorts };
}

export function proxierRules(
  model: ClusterModel,
  view: NodeView,
  endpoints: Map<string, Endpoint[]>,
  parts: RestoreRuleReader = new RestoreRuleReader(),
  sink?: RuleSink,
): ProxierOutput {
  const out: ProxierOutput = {
    chains: {
      filter: [
        'KUBE-SERVICES',
        'KUBE-EXTERNAL-SERVICES',
        'KUBE-FORWARD',
        'KUBE-NODEPORTS',
        'KUBE-PROXY-FIREWALL',
      ],
      nat: ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ'],
    },
    rules: [],
  };
  const cfg = model.proxy;
  const settings = model.settings;
  const cfgSrc = (field: string): ProvenanceSource[] => (cfg.ref ? [sourceOf(cfg.ref, field)] : []);
  const featureSrc = (field: string): ProvenanceSource[] =>
    settings.ref ? [sourceOf(settings.ref, field)] : [];
  const add = (
    table: RestoreTable,
    chain: string,
    args: RuleWord[],
    role: RuleRole,
    sources: ProvenanceSource[],
    extra: Partial<RuleProvenance> = {},
  ): void => {
    // each shape written out whole: 160,000 of these on a big node, and a property added
    // later would move to a second allocation
    const { servicePort, endpoint } = extra;
    const writer = 'kube-proxy';
    const prov: RuleProvenance =
      servicePort === undefined
        ? endpoint === undefined
          ? { writer, role, sources }
          : { writer, role, sources, endpoint }
        : endpoint === undefined
          ? { writer, role, sources, servicePort }
          : { writer, role, sources, servicePort, endpoint };
    if (sink) sink(table, chain, args, prov);
    else out.rules.push({ table, chain, args, prov });
  };
  const mark = markText(cfg.masqueradeBit);
  const scope = nodePortScope(model, view);
  const detector = localDetector(model, view.node);

  add(
    'nat',
    'KUBE-POSTROUTING',
    ['-m', 'mark', '!', '--mark', `${mark}/${mark}`, '-j', 'RETURN'],
    'postrouting-return',
    cfgSrc('iptables.masqueradeBit'),
  );
  add(
    'nat',
    'KUBE-POSTROUTING',
    ['-j', 'MARK', '--xor-mark', mark],
    'postrouting-unmark',
    cfgSrc('iptables.masqueradeBit'),
  );
  add(
    'nat',
    'KUBE-POSTROUTING',
    [
      '-m',
      'comment',
      '--comment',
      q('kubernetes service traffic requiring SNAT'),
      '-j',
      'MASQUERADE',
      ...(settings.features.randomFully ? ['--random-fully'] : []),
    ],
    'masquerade',
    featureSrc('features.randomFully'),
  );
  add(
    'nat',
    'KUBE-MARK-MASQ',
    ['-j', 'MARK', '--or-mark', mark],
    'mark-for-masquerade',
    cfgSrc('iptables.masqueradeBit'),
  );
  if (scope.localhostNodePorts) {
    out.chains.filter.push('KUBE-FIREWALL');
    add(
      'filter',
      'KUBE-FIREWALL',
      [
        '-m',
        'comment',
        '--comment',
        q('block incoming localnet connections'),
        '-d',
        '127.0.0.0/8',
        '!',
        '-s',
        '127.0.0.0/8',
        '-m',
        'conntrack',
        '!',
        '--ctstate',
        'RELATED,ESTABLISHED,DNAT',
        '-j',
        'DROP',
      ],
      'block-localnet',
      cfgSrc('iptables.localhostNodePorts'),
    );
  }

  const ports: { svc: ClusterService; port: ServicePort; name: string }[] = [];
  for (const svc of model.services) {
    if (svc.clusterIP === null || svc.type === 'ExternalName') continue;
    for (const port of svc.ports)
      ports.push({ svc, port, name: servicePortName(svc.namespace, svc.name, port.name) });
  }
  ports.sort((a, b) =>
    a.name < b.name
      ? -1
      : a.name > b.name
        ? 1
        : a.port.protocol < b.port.protocol
          ? -1
          : a.port.protocol > b.port.protocol
            ? 1
            : 0,
  );
  const probabilities = new Map<number, RulePart>();
  const protocols = new Map<string, RulePart>();
  const markMasq = parts.jumpPart('KUBE-MARK-MASQ');
  const refSources = new Map<ObjectRef, ProvenanceSource>();
  for (const { svc, port, name } of ports) {
    servicePortRules(add, out, {
      model,
      view,
      svc,
      port,
      name,
      endpoints: endpoints.get(servicePortKey(svc, port)) ?? [],
      detector,
      scope,
      parts,
      probabilities,
      protocols,
      markMasq,
      refSources,
      portSrc: sourceOf(svc.ref, `spec.ports[${svc.ports.indexOf(port)}]`, port.span),
      seps: new Map(),
    });
  }

  // the NodePort hand-off must stay the last rule of KUBE-SERVICES
  const npComment = q(
    'kubernetes service nodeports; NOTE: this must be the last rule in this chain',
  );
  if (scope.matchAll) {
    const extra = scope.localhostNodePorts ? [] : ['!', '-d', '127.0.0.0/8'];
    add(
      'nat',
      'KUBE-SERVICES',
      [
        '-m',
        'comment',
        '--comment',
        npComment,
        '-m',
        'addrtype',
        '--dst-type',
        'LOCAL',
        ...extra,
        '-j',
        'KUBE-NODEPORTS',
      ],
      'nodeports-jump',
      cfgSrc('nodePortAddresses'),
    );
  } else {
    for (const a of scope.addresses) {
      if (a >>> 24 === 127 && !scope.localhostNodePorts) continue;
      add(
        'nat',
        'KUBE-SERVICES',
        ['-m', 'comment', '--comment', npComment, '-d', formatIPv4(a), '-j', 'KUBE-NODEPORTS'],
        'nodeports-jump',
        [...cfgSrc('nodePortAddresses'), sourceOf(view.node.ref, 'status.addresses')],
      );
    }
  }
  const invalid = [
    '-m',
    'conntrack',
    '--ctstate',
    'INVALID',
    ...(settings.features.nfacct
      ? ['-m', 'nfacct', '--nfacct-name', 'ct_state_invalid_dropped_pkts']
      : []),
    '-j',
    'DROP',
  ];
  add('filter', 'KUBE-FORWARD', invalid, 'forward-drop-invalid', featureSrc('features.nfacct'));
  add(
    'filter',
    'KUBE-FORWARD',
    [
      '-m',
      'comment',
      '--comment',
      q('kubernetes forwarding rules'),
      '-m',
      'mark',
      '--mark',
      `${mark}/${mark}`,
      '-j',
      'ACCEPT',
    ],
    'forward-accept-marked',
    cfgSrc('iptables.masqueradeBit'),
  );
  add(
    'filter',
    'KUBE-FORWARD',
    [
      '-m',
      'comment',
      '--comment',
      q('kubernetes forwarding conntrack rule'),
      '-m',
      'conntrack',
      '--ctstate',
      'RELATED,ESTABLISHED',
      '-j',
      'ACCEPT',
    ],
    'forward-accept-established',
    [],
  );
  return out;
}

type Add = (
  table: RestoreTable,
  chain: string,
  args: RuleWord[],
  role: RuleRole,
  sources: ProvenanceSource[],
  extra?: Partial<RuleProvenance>,
) => void;

interface PortContext {
  model: ClusterModel;
  view: NodeView;
  svc: ClusterService;
  port: ServicePort;
  name: string;
  endpoints: Endpoint[];
  detector: LocalDetector | null;
  scope: NodePortScope;
  parts: RestoreRuleReader;
  /** the Service's port, the source of most of its rules */
  portSrc: ProvenanceSource;
  /** `-m statistic --mode random --probability 1/n` by n, shared by every Service */
  probabilities: Map<number, RulePart>;
  /** `-m PROTO -p PROTO` in a KUBE-SEP chain, by protocol */
  protocols: Map<string, RulePart>;
  /** `-j KUBE-MARK-MASQ` */
  markMasq: RulePart;
  /** the provenance source of each object behind an endpoint (a Deployment is behind many) */
  refSources: Map<ObjectRef, ProvenanceSource>;
  /** each endpoint's chain and parts: named in up to four rules, hashed and read once */
  seps: Map<string, EndpointParts>;
}

interface EndpointParts {
  /** the KUBE-SEP chain */
  chain: string;
  jump: RulePart;
  /** `-m comment --comment "NAME -> ENDPOINT"` */
  comment: RulePart;
  /** `-s ENDPOINT-IP` */
  source: RulePart;
  /** the objects behind the endpoint, then its service port (the SEP rules' provenance) */
  sepSources: ProvenanceSource[];
  /** the service port, then the objects behind the endpoint (the load-balancing rule's) */
  balanceSources: ProvenanceSource[];
  /** the objects behind the endpoint */
  sources: ProvenanceSource[];
  /** the provenance extras of its rules */
  extra: Partial<RuleProvenance>;
}

function sepOf(c: PortContext, ep: Endpoint): EndpointParts {
  let sep = c.seps.get(ep.text);
  if (sep === undefined) {
    const chain = endpointChain(c.name, c.port.protocol, ep.text);
    const sources = ep.sources.map((ref) => {
      let s = c.refSources.get(ref);
      if (s === undefined) c.refSources.set(ref, (s = sourceOf(ref)));
      return s;
    });
    c.seps.set(
      ep.text,
      (sep = {
        chain,
        jump: c.parts.jumpPart(chain),
        comment: c.parts.commentPart(`${c.name} -> ${ep.text}`),
        source: c.parts.hostSourcePart(ep.ip),
        // concat, not spread: a spread array keeps room to grow (100,000 of these)
        sepSources: sources.concat(c.portSrc),
        balanceSources: [c.portSrc].concat(sources),
        sources,
        extra: { servicePort: c.name, endpoint: ep.text },
      }),
    );
  }
  return sep;
}

function servicePortRules(add: Add, out: ProxierOutput, c: PortContext): void {
  const { svc, port, name } = c;
  const proto = port.protocol.toLowerCase();
  const traits = portTraits(svc, port);
  const cat = categorize(c.endpoints, traits, c.view.node.name);
  const chains = serviceChains(name, port.protocol);
  const idx = svc.ports.indexOf(port);
  const svcSrc = sourceOf(svc.ref);
  const portSrc = c.portSrc;
  const base = { servicePort: name };
  const clusterIP = formatIPv4(svc.clusterIP ?? 0);
  const dport = String(port.port);

  const usesClusterChain = cat.cluster.length > 0 && traits.usesClusterEndpoints;
  const usesLocalChain = cat.local.length > 0 && traits.usesLocalEndpoints;
  const hasEndpoints = cat.hasAny;
  const internalChain = traits.internalPolicyLocal ? chains.svl : chains.svc;
  const hasInternal = hasEndpoints && !(traits.internalPolicyLocal && cat.local.length === 0);
  const externalPolicyChain = traits.externalPolicyLocal ? chains.svl : chains.svc;
  const hasExternal = hasEndpoints && !(traits.externalPolicyLocal && cat.local.length === 0);
  const usesExtChain = hasEndpoints && traits.externallyAccessible;
  const lbIPs = svc.loadBalancerIngressIPs.map(formatIPv4);
  const usesFwChain = hasEndpoints && lbIPs.length > 0 && svc.loadBalancerSourceRanges.length > 0;
  const lbChain = usesFwChain ? chains.fw : chains.ext;

  let internalTarget = '';
  let internalComment = '';
  let externalTarget = '';
  let externalComment = '';
  if (!hasEndpoints) {
    internalTarget = externalTarget = 'REJECT';
    internalComment = externalComment = q(`${name} has no endpoints`);
  } else {
    if (!hasInternal)
      [internalTarget, internalComment] = ['DROP', q(`${name} has no local endpoints`)];
    if (!hasExternal)
      [externalTarget, externalComment] = ['DROP', q(`${name} has no local endpoints`)];
  }
  const noEpRole = (target: string): RuleRole =>
    target === 'REJECT' ? 'reject-no-endpoints' : 'drop-no-local-endpoints';
  const capture = ['-m', proto, '-p', proto];

  // ClusterIP
  if (hasInternal)
    add(
      'nat',
      'KUBE-SERVICES',
      [
        '-m',
        'comment',
        '--comment',
        q(`${name} cluster IP`),
        ...capture,
        '-d',
        clusterIP,
        '--dport',
        dport,
        '-j',
        internalChain,
      ],
      'cluster-ip',
      [portSrc, sourceOf(svc.ref, 'spec.clusterIP')],
      base,
    );
  else
    add(
      'filter',
      'KUBE-SERVICES',
      [
        '-m',
        'comment',
        '--comment',
        internalComment,
        ...capture,
        '-d',
        clusterIP,
        '--dport',
        dport,
        '-j',
        internalTarget,
      ],
      noEpRole(internalTarget),
      [portSrc, svcSrc],
      base,
    );

  // externalIPs
  svc.externalIPs.forEach((ip, i) => {
    const src = [portSrc, sourceOf(svc.ref, `spec.externalIPs[${i}]`)];
    if (hasEndpoints)
      add(
        'nat',
        'KUBE-SERVICES',
        [
          '-m',
          'comment',
          '--comment',
          q(`${name} external IP`),
          ...capture,
          '-d',
          formatIPv4(ip),
          '--dport',
          dport,
          '-j',
          chains.ext,
        ],
        'external-ip',
        src,
        base,
      );
    if (!hasExternal)
      add(
        'filter',
        'KUBE-EXTERNAL-SERVICES',
        [
          '-m',
          'comment',
          '--comment',
          externalComment,
          ...capture,
          '-d',
          formatIPv4(ip),
          '--dport',
          dport,
          '-j',
          externalTarget,
        ],
        noEpRole(externalTarget),
        src,
        base,
      );
  });

  // load-balancer ingress IPs
  lbIPs.forEach((ip, i) => {
    const src = [portSrc, sourceOf(svc.ref, `status.loadBalancer.ingress[${i}]`)];
    if (hasEndpoints)
      add(
        'nat',
        'KUBE-SERVICES',
        [
          '-m',
          'comment',
          '--comment',
          q(`${name} loadbalancer IP`),
          ...capture,
          '-d',
          ip,
          '--dport',
          dport,
          '-j',
          lbChain,
        ],
        'load-balancer-ip',
        src,
        base,
      );
    if (usesFwChain)
      add(
        'filter',
        'KUBE-PROXY-FIREWALL',
        [
          '-m',
          'comment',
          '--comment',
          q(`${name} traffic not accepted by ${chains.fw}`),
          ...capture,
          '-d',
          ip,
          '--dport',
          dport,
          '-j',
          'DROP',
        ],
        'firewall-drop',
        [...src, sourceOf(svc.ref, 'spec.loadBalancerSourceRanges')],
        base,
      );
  });
  if (!hasExternal) {
    lbIPs.forEach((ip, i) => {
      add(
        'filter',
        'KUBE-EXTERNAL-SERVICES',
        [
          '-m',
          'comment',
          '--comment',
          externalComment,
          ...capture,
          '-d',
          ip,
          '--dport',
          dport,
          '-j',
          externalTarget,
        ],
        noEpRole(externalTarget),
        [portSrc, sourceOf(svc.ref, `status.loadBalancer.ingress[${i}]`)],
        base,
      );
    });
  }

  // NodePort
  if (port.nodePort !== 0) {
    const np = String(port.nodePort);
    const src = [sourceOf(svc.ref, `spec.ports[${idx}].nodePort`, port.span)];
    if (hasEndpoints) {
      if (c.scope.localhostNodePorts && c.model.settings.features.nfacct)
        add(
          'nat',
          'KUBE-NODEPORTS',
          [
            '-m',
            'comment',
            '--comment',
            q(name),
            ...capture,
            '-d',
            '127.0.0.0/8',
            '--dport',
            np,
            '-m',
            'nfacct',
            '--nfacct-name',
            'localhost_nps_accepted_pkts',
            '-j',
            chains.ext,
          ],
          'node-port-localhost',
          src,
          base,
        );
      add(
        'nat',
        'KUBE-NODEPORTS',
        ['-m', 'comment', '--comment', q(name), ...capture, '--dport', np, '-j', chains.ext],
        'node-port',
        src,
        base,
      );
    }
    if (!hasExternal)
      add(
        'filter',
        'KUBE-EXTERNAL-SERVICES',
        [
          '-m',
          'comment',
          '--comment',
          externalComment,
          '-m',
          'addrtype',
          '--dst-type',
          'LOCAL',
          ...capture,
          '--dport',
          np,
          '-j',
          externalTarget,
        ],
        noEpRole(externalTarget),
        src,
        base,
      );
  }

  // health check node port (only LoadBalancer with externalTrafficPolicy Local has one)
  if (svc.healthCheckNodePort !== 0 && svc.type === 'LoadBalancer' && traits.externalPolicyLocal)
    add(
      'filter',
      'KUBE-NODEPORTS',
      [
        '-m',
        'comment',
        '--comment',
        q(`${name} health check node port`),
        '-m',
        'tcp',
        '-p',
        'tcp',
        '--dport',
        String(svc.healthCheckNodePort),
        '-j',
        'ACCEPT',
      ],
      'health-check-node-port',
      [sourceOf(svc.ref, 'spec.healthCheckNodePort')],
      base,
    );

  // masquerade off-cluster traffic to the ClusterIP
  if (hasInternal) {
    const args = [
      '-m',
      'comment',
      '--comment',
      q(`${name} cluster IP`),
      ...capture,
      '-d',
      clusterIP,
      '--dport',
      dport,
    ];
    const cfg = c.model.proxy;
    if (cfg.masqueradeAll)
      add(
        'nat',
        internalChain,
        [...args, '-j', 'KUBE-MARK-MASQ'],
        'cluster-ip-masquerade',
        [portSrc, ...(cfg.ref ? [sourceOf(cfg.ref, 'iptables.masqueradeAll')] : [])],
        base,
      );
    else if (c.detector)
      add(
        'nat',
        internalChain,
        [...args, ...c.detector.ifNotLocal, '-j', 'KUBE-MARK-MASQ'],
        'cluster-ip-masquerade',
        [portSrc, c.detector.source],
        base,
      );
  }

  // the EXT chain: every external destination goes through it
  if (usesExtChain) {
    out.chains.nat.push(chains.ext);
    if (!traits.externalPolicyLocal) {
      add(
        'nat',
        chains.ext,
        [
          '-m',
          'comment',
          '--comment',
          q(`masquerade traffic for ${name} external destinations`),
          '-j',
          'KUBE-MARK-MASQ',
        ],
        'external-masquerade',
        [sourceOf(svc.ref, 'spec.externalTrafficPolicy')],
        base,
      );
    } else {
      if (c.detector)
        add(
          'nat',
          chains.ext,
          [
            '-m',
            'comment',
            '--comment',
            q(`pod traffic for ${name} external destinations`),
            ...c.detector.ifLocal,
            '-j',
            chains.svc,
          ],
          'external-pod-shortcut',
          [sourceOf(svc.ref, 'spec.externalTrafficPolicy'), c.detector.source],
          base,
        );
      add(
        'nat',
        chains.ext,
        [
          '-m',
          'comment',
          '--comment',
          q(`masquerade LOCAL traffic for ${name} external destinations`),
          '-m',
          'addrtype',
          '--src-type',
          'LOCAL',
          '-j',
          'KUBE-MARK-MASQ',
        ],
        'external-local-masquerade',
        [sourceOf(svc.ref, 'spec.externalTrafficPolicy')],
        base,
      );
      add(
        'nat',
        chains.ext,
        [
          '-m',
          'comment',
          '--comment',
          q(`route LOCAL traffic for ${name} external destinations`),
          '-m',
          'addrtype',
          '--src-type',
          'LOCAL',
          '-j',
          chains.svc,
        ],
        'external-local-shortcut',
        [sourceOf(svc.ref, 'spec.externalTrafficPolicy')],
        base,
      );
    }
    if (hasExternal)
      add(
        'nat',
        chains.ext,
        ['-j', externalPolicyChain],
        'external-policy',
        [sourceOf(svc.ref, 'spec.externalTrafficPolicy')],
        base,
      );
  }

  // the FW chain: loadBalancerSourceRanges
  if (usesFwChain) {
    out.chains.nat.push(chains.fw);
    const head = ['-m', 'comment', '--comment', q(`${name} loadbalancer IP`)];
    let allowFromNode = false;
    svc.loadBalancerSourceRanges.forEach((r, i) => {
      add(
        'nat',
        chains.fw,
        [...head, '-s', formatPrefix(r), '-j', chains.ext],
        'firewall-allow-range',
        [sourceOf(svc.ref, `spec.loadBalancerSourceRanges[${i}]`)],
        base,
      );
      if (c.view.nodeIP !== null && inPrefix(c.view.nodeIP, r)) allowFromNode = true;
    });
    if (allowFromNode) {
      lbIPs.forEach((ip, i) =>
        add(
          'nat',
          chains.fw,
          [...head, '-s', ip, '-j', chains.ext],
          'firewall-allow-self',
          [
            sourceOf(svc.ref, `status.loadBalancer.ingress[${i}]`),
            sourceOf(c.view.node.ref, 'status.addresses'),
          ],
          base,
        ),
      );
    }
    add(
      'nat',
      chains.fw,
      [
        '-m',
        'comment',
        '--comment',
        q(`other traffic to ${name} will be dropped by KUBE-PROXY-FIREWALL`),
      ],
      'firewall-fallthrough',
      [sourceOf(svc.ref, 'spec.loadBalancerSourceRanges')],
      base,
    );
  }

  if (usesClusterChain) {
    out.chains.nat.push(chains.svc);
    endpointRules(add, c, chains.svc, cat.cluster);
  }
  if (usesLocalChain) {
    out.chains.nat.push(chains.svl);
    endpointRules(add, c, chains.svl, cat.local);
  }

  // one KUBE-SEP chain per reachable endpoint
  const nameComment = c.parts.commentPart(name);
  for (const ep of cat.reachable) {
    const sep = sepOf(c, ep);
    out.chains.nat.push(sep.chain);
    const src = sep.sepSources;
    add(
      'nat',
      sep.chain,
      [nameComment, sep.source, c.markMasq],
      'endpoint-hairpin-masquerade',
      src,
      sep.extra,
    );
    const dnat = c.parts.endpointDnatPart(ep.ip, ep.port, ep.text, proto);
    add(
      'nat',
      sep.chain,
      svc.sessionAffinity === 'ClientIP'
        ? [
            nameComment,
            '-m',
            'recent',
            '--name',
            sep.chain,
            '--set',
            '-m',
            proto,
            '-p',
            proto,
            dnat,
          ]
        : [nameComment, protocolPart(c, sep.chain, proto), dnat],
      'endpoint-dnat',
      src,
      sep.extra,
    );
  }
}

/** `-m PROTO -p PROTO` in a KUBE-SEP chain (all are user chains: one part serves them all). */
function protocolPart(c: PortContext, chain: string, proto: string): RulePart {
  let part = c.protocols.get(proto);
  if (part === undefined)
    c.protocols.set(proto, (part = c.parts.protocolPart(proto, 'nat', chain)));
  return part;
}

/** The statistic match of the i-th of n endpoints (n - i = left): 1/left, as kube-proxy writes it. */
function probabilityPart(c: PortContext, chain: string, left: number): RulePart {
  let part = c.probabilities.get(left);
  if (part === undefined) {
    const words = ['-m', 'statistic', '--mode', 'random', '--probability', probabilityText(left)];
    c.probabilities.set(left, (part = c.parts.matchPart(words, 'nat', chain)));
  }
  return part;
}

function endpointRules(add: Add, c: PortContext, chain: string, eps: Endpoint[]): void {
  const { svc } = c;
  if (svc.sessionAffinity === 'ClientIP') {
    const affinitySrc = sourceOf(svc.ref, 'spec.sessionAffinity');
    for (const ep of eps) {
      const sep = sepOf(c, ep);
      add(
        'nat',
        chain,
        [
          sep.comment,
          '-m',
          'recent',
          '--name',
          sep.chain,
          '--rcheck',
          '--seconds',
          String(svc.affinityTimeoutSeconds),
          '--reap',
          sep.jump,
        ],
        'affinity-check',
        [affinitySrc].concat(sep.sources),
        sep.extra,
      );
    }
  }
  const n = eps.length;
  for (let i = 0; i < n; i++) {
    const sep = sepOf(c, eps[i]!);
    // the last endpoint takes what is left: no statistic match
    const args =
      i < n - 1
        ? [sep.comment, probabilityPart(c, chain, n - i), sep.jump]
        : [sep.comment, sep.jump];
    add('nat', chain, args, 'load-balance', sep.balanceSources, sep.extra);
  }
}
