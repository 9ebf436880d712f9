/**
 * The chains kube-proxy writes whatever the Services: KUBE-POSTROUTING and KUBE-MARK-MASQ (the
 * masquerade mark), KUBE-FIREWALL (localhost NodePorts), the NodePort hand-off at the end of
 * KUBE-SERVICES and KUBE-FORWARD.
 */
import { formatIPv4 } from '../../netfilter/ipv4.ts';
import { sourceOf, type ProvenanceSource } from '../node/provenance.ts';
import type { NodeContext } from './context.ts';
import { markText } from './node-settings.ts';
import { rule } from './rule.ts';

/**
 * KUBE-FIREWALL's one rule, the same from kubelet and kube-proxy: nothing reaches 127.0.0.0/8
 * from elsewhere unless it was DNATed there (route_localnet is on for localhost NodePorts).
 * node-state.ts writes kubelet's copy when kube-proxy writes none.
 */
export const BLOCK_LOCALNET = rule`-t filter -A KUBE-FIREWALL
  -m comment --comment "block incoming localnet connections"
  -d 127.0.0.0/8 ! -s 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP`;

const configSources = (c: NodeContext, field: string): ProvenanceSource[] =>
  c.model.proxy.ref ? [sourceOf(c.model.proxy.ref, field)] : [];

const featureSources = (c: NodeContext, field: string): ProvenanceSource[] =>
  c.model.settings.ref ? [sourceOf(c.model.settings.ref, field)] : [];

/** What kube-proxy writes before the Services. */
export function leadingRules(c: NodeContext): void {
  const { w } = c;
  const mark = markText(c.model.proxy.masqueradeBit);
  const marked = `${mark}/${mark}`;
  const bit = configSources(c, 'iptables.masqueradeBit');
  const randomFully = c.model.settings.features.randomFully ? ['--random-fully'] : [];
  w.add(
    rule`-t nat -A KUBE-POSTROUTING -m mark ! --mark ${marked} -j RETURN`,
    'postrouting-return',
    bit,
  );
  w.add(rule`-t nat -A KUBE-POSTROUTING -j MARK --xor-mark ${mark}`, 'postrouting-unmark', bit);
  w.add(
    rule`-t nat -A KUBE-POSTROUTING
      -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE ${randomFully}`,
    'masquerade',
    featureSources(c, 'features.randomFully'),
  );
  w.add(rule`-t nat -A KUBE-MARK-MASQ -j MARK --or-mark ${mark}`, 'mark-for-masquerade', bit);
  if (c.scope.localhostNodePorts) {
    w.declare('filter', 'KUBE-FIREWALL');
    w.add(BLOCK_LOCALNET, 'block-localnet', configSources(c, 'iptables.localhostNodePorts'));
  }
}

/** What kube-proxy writes after the Services. */
export function trailingRules(c: NodeContext): void {
  nodePortsJump(c);
  forwardRules(c);
}

/** The hand-off to KUBE-NODEPORTS, which must stay the last rule of KUBE-SERVICES. */
function nodePortsJump(c: NodeContext): void {
  const { w, scope } = c;
  const addresses = configSources(c, 'nodePortAddresses');
  if (scope.matchAll) {
    // IPv6 has no route_localnet: NodePorts never answer on ::1
    const notLocalhost = c.ipv6
      ? ['!', '-d', '::1/128']
      : scope.localhostNodePorts
        ? []
        : ['!', '-d', '127.0.0.0/8'];
    w.add(
      rule`-t nat -A KUBE-SERVICES
        -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain"
        -m addrtype --dst-type LOCAL ${notLocalhost} -j KUBE-NODEPORTS`,
      'nodeports-jump',
      addresses,
    );
    return;
  }
  const listed = c.ipv6
    ? (scope.addresses6 ?? []).filter((a) => a !== '::1')
    : scope.addresses
        .filter((a) => a >>> 24 !== 127 || scope.localhostNodePorts)
        .map((a) => formatIPv4(a));
  for (const a of listed) {
    w.add(
      rule`-t nat -A KUBE-SERVICES
        -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain"
        -d ${a} -j KUBE-NODEPORTS`,
      'nodeports-jump',
      [...addresses, sourceOf(c.view.node.ref, 'status.addresses')],
    );
  }
}

function forwardRules(c: NodeContext): void {
  const { w } = c;
  const mark = markText(c.model.proxy.masqueradeBit);
  const counted = c.model.settings.features.nfacct
    ? ['-m', 'nfacct', '--nfacct-name', 'ct_state_invalid_dropped_pkts']
    : [];
  w.add(
    rule`-t filter -A KUBE-FORWARD -m conntrack --ctstate INVALID ${counted} -j DROP`,
    'forward-drop-invalid',
    featureSources(c, 'features.nfacct'),
  );
  w.add(
    rule`-t filter -A KUBE-FORWARD -m comment --comment "kubernetes forwarding rules"
      -m mark --mark ${`${mark}/${mark}`} -j ACCEPT`,
    'forward-accept-marked',
    configSources(c, 'iptables.masqueradeBit'),
  );
  w.add(
    rule`-t filter -A KUBE-FORWARD -m comment --comment "kubernetes forwarding conntrack rule"
      -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`,
    'forward-accept-established',
    [],
  );
}
