/**
 * The rules kube-proxy wrote before v1.24 (the layout of its 1.19 to 1.21 proxier.go, which the
 * study articles show), for `kubeProxyVersion` 1.19 to 1.23:
 * - the cluster IP's masquerade rule sits in KUBE-SERVICES, just before the jump to KUBE-SVC,
 *   and NodePorts masquerade in KUBE-NODEPORTS; addresses are written with /32;
 * - an external IP is masqueraded always, then reaches KUBE-SVC only from off the node (physdev
 *   and addrtype tricks) or when it is one of the node's own addresses;
 * - every load-balancer IP goes through KUBE-FW (masquerade unless Local, the source ranges),
 *   which ends in KUBE-MARK-DROP, kubelet's chain;
 * - externalTrafficPolicy Local uses one KUBE-XLB chain: the pod and node short-cuts, then the
 *   local endpoints ("Balancing rule N"), or KUBE-MARK-DROP when there is none;
 * - KUBE-SVC and KUBE-SEP comments are the bare `ns/svc:port`; only ready endpoints are used.
 * internalTrafficPolicy (beta in 1.22) and the health check node port rule are not written.
 */
import { formatIPv4, formatPrefix, inPrefix } from '../../netfilter/ipv4.ts';
import { endpointChain, servicePortName } from './chain-names.ts';
import { servicePortKey, type Endpoint } from '../model/endpoints.ts';
import { hashedNames } from './hash.ts';
import type { ClusterService } from '../model/model.ts';
import { sourceOf } from '../node/provenance.ts';
import { portContext, type NodeContext, type PortContext } from './context.ts';
import { markText, probabilityText } from './node-settings.ts';
import { rule } from './rule.ts';

export const MARK_DROP = 'KUBE-MARK-DROP';

/** The pre-1.24 KUBE-XLB chain shares the hash of the port's other chains. */
function xlbChain(portName: string, proto: string): string {
  return hashedNames(['KUBE-XLB-'], portName + proto)[0]!;
}

/** Services whose external traffic stays on the node (RequestsOnlyLocalTraffic then). */
function requestsOnlyLocal(svc: ClusterService): boolean {
  return (
    svc.externalTrafficPolicy === 'Local' &&
    (svc.type === 'NodePort' || svc.type === 'LoadBalancer')
  );
}

interface LegacyPort {
  p: PortContext;
  ready: Endpoint[];
  local: Endpoint[];
  xlb: string;
  /** where cluster-wide traffic goes: KUBE-SVC */
  svcChain: string;
  onlyLocal: boolean;
  seps: string[];
}

export function legacyServicePortRules(c: NodeContext, endpoints: Map<string, Endpoint[]>): void {
  const ports: { svc: ClusterService; port: ClusterService['ports'][number]; name: string }[] = [];
  for (const svc of c.model.services) {
    if (svc.clusterIP === null || svc.type === 'ExternalName') continue;
    for (const port of svc.ports)
      ports.push({ svc, port, name: servicePortName(svc.namespace, svc.name, port.name) });
  }
  ports.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { svc, port, name } of ports) {
    const all = endpoints.get(servicePortKey(svc, port)) ?? [];
    const p = portContext(c, svc, port, name, all);
    const ready = all.filter((e) => e.ready);
    const lp: LegacyPort = {
      p,
      ready,
      local: ready.filter((e) => e.nodeName === c.view.node.name),
      xlb: xlbChain(name, p.proto),
      svcChain: p.chains.svc,
      onlyLocal: requestsOnlyLocal(svc),
      seps: ready.map((e) => endpointChain(name, port.protocol, e.text)),
    };
    const has = ready.length > 0;
    if (has) p.w.declare('nat', lp.svcChain);
    if (lp.onlyLocal) p.w.declare('nat', lp.xlb);
    clusterIPRules(lp, has);
    externalIPRules(lp, has);
    loadBalancerRules(lp, has);
    nodePortRules(lp, has);
    if (!has) continue;
    endpointRules(lp);
    if (lp.onlyLocal) xlbRules(lp);
  }
}

function rejectRule(lp: LegacyPort, chain: string, dest: string[]): void {
  const { w, name, proto, port, portSrc, owner } = lp.p;
  w.add(
    rule`-t filter -A ${chain} -m comment --comment "${name} has no endpoints"
      -m ${proto} -p ${proto} ${dest} --dport ${port.port} -j REJECT`,
    'reject-no-endpoints',
    [portSrc],
    owner,
  );
}

function clusterIPRules(lp: LegacyPort, has: boolean): void {
  const { w, name, proto, port, portSrc, owner, clusterIP } = lp.p;
  const dest = `${clusterIP}/32`;
  if (!has) return rejectRule(lp, 'KUBE-SERVICES', ['-d', dest]);
  const { detector } = lp.p.node;
  const masq = lp.p.node.model.proxy.masqueradeAll ? [] : (detector?.ifNotLocal ?? null);
  if (masq !== null)
    w.add(
      rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} cluster IP"
        -m ${proto} -p ${proto} -d ${dest} --dport ${port.port} ${masq} -j KUBE-MARK-MASQ`,
      'cluster-ip-masquerade',
      detector ? [portSrc, detector.source] : [portSrc],
      owner,
    );
  w.add(
    rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} cluster IP"
      -m ${proto} -p ${proto} -d ${dest} --dport ${port.port} -j ${lp.svcChain}`,
    'cluster-ip',
    [portSrc],
    owner,
  );
}

function externalIPRules(lp: LegacyPort, has: boolean): void {
  const { w, name, proto, port, svc, owner } = lp.p;
  svc.externalIPs.forEach((ip, i) => {
    const dest = `${formatIPv4(ip)}/32`;
    if (!has) return rejectRule(lp, 'KUBE-EXTERNAL-SERVICES', ['-d', dest]);
    const src = [sourceOf(svc.ref, `spec.externalIPs[${i}]`)];
    const head = rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} external IP"
      -m ${proto} -p ${proto} -d ${dest} --dport ${port.port}`.args;
    w.add(
      rule`-t nat -A KUBE-SERVICES ${head} -j KUBE-MARK-MASQ`,
      'external-masquerade',
      src,
      owner,
    );
    w.add(
      rule`-t nat -A KUBE-SERVICES ${head} -m physdev ! --physdev-is-in
        -m addrtype ! --src-type LOCAL -j ${lp.svcChain}`,
      'external-ip',
      src,
      owner,
    );
    w.add(
      rule`-t nat -A KUBE-SERVICES ${head} -m addrtype --dst-type LOCAL -j ${lp.svcChain}`,
      'external-ip',
      src,
      owner,
    );
  });
}

function loadBalancerRules(lp: LegacyPort, has: boolean): void {
  const { w, name, proto, port, svc, owner } = lp.p;
  const { fw } = lp.p.chains;
  if (has && lp.p.loadBalancerIPs.length > 0) w.declare('nat', fw);
  lp.p.loadBalancerIPs.forEach((ip, i) => {
    const dest = `${ip}/32`;
    // before 1.20 this REJECT went to KUBE-SERVICES; 1.20 moved it with the other external ones
    if (!has) return rejectRule(lp, 'KUBE-EXTERNAL-SERVICES', ['-d', dest]);
    const src = [sourceOf(svc.ref, `status.loadBalancer.ingress[${i}]`)];
    w.add(
      rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} loadbalancer IP"
        -m ${proto} -p ${proto} -d ${dest} --dport ${port.port} -j ${fw}`,
      'load-balancer-ip',
      src,
      owner,
    );
    firewallChainRules(lp, dest, src);
  });
}

/** KUBE-FW for one load-balancer IP: kube-proxy wrote these rules once per IP. */
function firewallChainRules(lp: LegacyPort, dest: string, src: ReturnType<typeof sourceOf>[]) {
  const { w, name, svc, owner } = lp.p;
  const { fw } = lp.p.chains;
  const head = rule`-t nat -A ${fw} -m comment --comment "${name} loadbalancer IP"`.args;
  let target = lp.xlb;
  if (!lp.onlyLocal) {
    w.add(rule`-t nat -A ${fw} ${head} -j KUBE-MARK-MASQ`, 'external-masquerade', src, owner);
    target = lp.svcChain;
  }
  const ranges = svc.loadBalancerSourceRanges;
  if (ranges.length === 0)
    w.add(rule`-t nat -A ${fw} ${head} -j ${target}`, 'external-policy', src, owner);
  const nodeIP = lp.p.node.view.nodeIP;
  ranges.forEach((range, i) =>
    w.add(
      rule`-t nat -A ${fw} ${head} -s ${formatPrefix(range)} -j ${target}`,
      'firewall-allow-range',
      [sourceOf(svc.ref, `spec.loadBalancerSourceRanges[${i}]`)],
      owner,
    ),
  );
  if (nodeIP !== null && ranges.some((r) => inPrefix(nodeIP, r)))
    w.add(rule`-t nat -A ${fw} ${head} -s ${dest} -j ${target}`, 'firewall-allow-self', src, owner);
  w.add(rule`-t nat -A ${fw} ${head} -j ${MARK_DROP}`, 'firewall-fallthrough', src, owner);
}

function nodePortRules(lp: LegacyPort, has: boolean): void {
  const { w, name, proto, port, svc, owner, portSrc } = lp.p;
  if (port.nodePort === 0) return;
  const np = port.nodePort;
  if (!has) {
    w.add(
      rule`-t filter -A KUBE-EXTERNAL-SERVICES -m comment --comment "${name} has no endpoints"
        -m addrtype --dst-type LOCAL -m ${proto} -p ${proto} --dport ${np} -j REJECT`,
      'reject-no-endpoints',
      [portSrc],
      owner,
    );
    return;
  }
  const src = [sourceOf(svc.ref, `spec.ports[${svc.ports.indexOf(port)}].nodePort`)];
  const head = rule`-t nat -A KUBE-NODEPORTS -m comment --comment ${name}
    -m ${proto} -p ${proto} --dport ${np}`.args;
  if (!lp.onlyLocal) {
    w.add(
      rule`-t nat -A KUBE-NODEPORTS ${head} -j KUBE-MARK-MASQ`,
      'external-masquerade',
      src,
      owner,
    );
    w.add(rule`-t nat -A KUBE-NODEPORTS ${head} -j ${lp.svcChain}`, 'node-port', src, owner);
    return;
  }
  // localhost traffic to a Local NodePort is masqueraded ("martian source" otherwise)
  w.add(
    rule`-t nat -A KUBE-NODEPORTS ${head} -s 127.0.0.0/8 -j KUBE-MARK-MASQ`,
    'node-port-localhost',
    src,
    owner,
  );
  w.add(rule`-t nat -A KUBE-NODEPORTS ${head} -j ${lp.xlb}`, 'node-port', src, owner);
}

/** KUBE-SVC's dispatch and the KUBE-SEP chains, written endpoint by endpoint. */
function endpointRules(lp: LegacyPort): void {
  const { w, name, proto, svc, owner, portSrc } = lp.p;
  const n = lp.ready.length;
  for (const chain of lp.seps) w.declare('nat', chain);
  if (svc.sessionAffinity === 'ClientIP') affinityRules(lp, lp.svcChain, lp.seps, name);
  lp.ready.forEach((ep, i) => {
    const sep = lp.seps[i]!;
    const epOwner = { ...owner, endpoint: ep.text };
    const stat =
      i < n - 1
        ? ['-m', 'statistic', '--mode', 'random', '--probability', probabilityText(n - i)]
        : [];
    w.add(
      rule`-t nat -A ${lp.svcChain} -m comment --comment ${name} ${stat} -j ${sep}`,
      'load-balance',
      [portSrc],
      epOwner,
    );
    w.add(
      rule`-t nat -A ${sep} -m comment --comment ${name} -s ${`${formatIPv4(ep.ip)}/32`}
        -j KUBE-MARK-MASQ`,
      'endpoint-hairpin-masquerade',
      [portSrc],
      epOwner,
    );
    const recent =
      svc.sessionAffinity === 'ClientIP' ? ['-m', 'recent', '--name', sep, '--set'] : [];
    w.add(
      rule`-t nat -A ${sep} -m comment --comment ${name} ${recent}
        -m ${proto} -p ${proto} -j DNAT --to-destination ${ep.text}`,
      'endpoint-dnat',
      [portSrc],
      epOwner,
    );
  });
}

function affinityRules(lp: LegacyPort, chain: string, seps: string[], comment: string): void {
  const { w, svc, owner } = lp.p;
  const src = [sourceOf(svc.ref, 'spec.sessionAffinity')];
  for (const sep of seps)
    w.add(
      rule`-t nat -A ${chain} -m comment --comment ${comment} -m recent --name ${sep}
        --rcheck --seconds ${svc.affinityTimeoutSeconds} --reap -j ${sep}`,
      'affinity-check',
      src,
      owner,
    );
}

/** KUBE-XLB: pods and the node itself short-cut to KUBE-SVC; others reach local endpoints only. */
function xlbRules(lp: LegacyPort): void {
  const { w, name, svc, owner } = lp.p;
  const { detector } = lp.p.node;
  const src = [sourceOf(svc.ref, 'spec.externalTrafficPolicy')];
  if (detector)
    w.add(
      rule`-t nat -A ${lp.xlb}
        -m comment --comment "Redirect pods trying to reach external loadbalancer VIP to clusterIP"
        ${detector.ifLocal} -j ${lp.svcChain}`,
      'external-pod-shortcut',
      [...src, detector.source],
      owner,
    );
  w.add(
    rule`-t nat -A ${lp.xlb} -m comment --comment "masquerade LOCAL traffic for ${name} LB IP"
      -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ`,
    'external-local-masquerade',
    src,
    owner,
  );
  w.add(
    rule`-t nat -A ${lp.xlb} -m comment --comment "route LOCAL traffic for ${name} LB IP to service chain"
      -m addrtype --src-type LOCAL -j ${lp.svcChain}`,
    'external-local-shortcut',
    src,
    owner,
  );
  if (lp.local.length === 0) {
    w.add(
      rule`-t nat -A ${lp.xlb} -m comment --comment "${name} has no local endpoints" -j ${MARK_DROP}`,
      'drop-no-local-endpoints',
      src,
      owner,
    );
    return;
  }
  const seps = lp.local.map((e) => lp.seps[lp.ready.indexOf(e)]!);
  if (svc.sessionAffinity === 'ClientIP') affinityRules(lp, lp.xlb, seps, name);
  const n = seps.length;
  seps.forEach((sep, i) => {
    const stat =
      i < n - 1
        ? ['-m', 'statistic', '--mode', 'random', '--probability', probabilityText(n - i)]
        : [];
    w.add(
      rule`-t nat -A ${lp.xlb} -m comment --comment "Balancing rule ${i} for ${name}" ${stat} -j ${sep}`,
      'load-balance',
      src,
      { ...owner, endpoint: lp.local[i]!.text },
    );
  });
}

/** The fixed chains' rules of the older layout (the filter chains have no KUBE-PROXY-FIREWALL). */
export function legacyLeadingRules(c: NodeContext): void {
  const { w } = c;
  const mark = markText(c.model.proxy.masqueradeBit);
  const randomFully = c.model.settings.features.randomFully ? ['--random-fully'] : [];
  w.output.chains.filter = ['KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES', 'KUBE-FORWARD'];
  w.add(
    rule`-t nat -A KUBE-POSTROUTING -m mark ! --mark ${`${mark}/${mark}`} -j RETURN`,
    'postrouting-return',
    [],
  );
  w.add(rule`-t nat -A KUBE-POSTROUTING -j MARK --xor-mark ${mark}`, 'postrouting-unmark', []);
  w.add(
    rule`-t nat -A KUBE-POSTROUTING
      -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE ${randomFully}`,
    'masquerade',
    [],
  );
  w.add(rule`-t nat -A KUBE-MARK-MASQ -j MARK --or-mark ${mark}`, 'mark-for-masquerade', []);
}
