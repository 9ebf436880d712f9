/**
 * The two settings documents: kube-proxy's own KubeProxyConfiguration and this tool's Cluster
 * document. Fields and defaults of the former follow kube-proxy's v1alpha1 configuration.
 */
import { parsePrefix, type Ipv4Prefix } from '../../netfilter/ipv4.ts';
import { parseCidr } from '../../rules/index.ts';
import { isRecord, normaliseCidr, Reader, shown } from './read-kit.ts';
import { CURRENT_VERSION, readKubeProxyVersion } from '../proxier/kube-proxy-version.ts';
import type {
  ClusterSettings,
  DetectLocalMode,
  ExternalClient,
  IpFamily,
  ProxyConfig,
} from '../model/model.ts';

export const DEFAULT_SERVICE_CIDR: Ipv4Prefix = { address: 0x0a600000, prefix: 12 }; // 10.96.0.0/12

/** kube-proxy's defaults: bit 14 (mark 0x4000), localhost NodePorts on, all addresses. */
export function defaultProxyConfig(): ProxyConfig {
  return {
    clusterCIDR: null,
    detectLocalMode: 'ClusterCIDR',
    bridgeInterface: '',
    interfaceNamePrefix: '',
    nodePortAddresses: [],
    masqueradeAll: false,
    masqueradeBit: 14,
    localhostNodePorts: true,
    ref: null,
  };
}

export function defaultSettings(): ClusterSettings {
  return {
    serviceCIDR: DEFAULT_SERVICE_CIDR,
    externalClients: [],
    backend: 'nft',
    features: { randomFully: true, nfacct: false },
    kubeProxyVersion: CURRENT_VERSION,
    networkPolicy: 'none',
    ref: null,
  };
}

export function readProxyConfig(r: Reader): ProxyConfig {
  const cfg = defaultProxyConfig();
  cfg.ref = {
    kind: 'KubeProxyConfiguration',
    name: r.str(['metadata', 'name']) ?? 'kube-proxy',
    span: r.span(),
  };
  const mode = r.str(['mode']);
  if (mode !== undefined && mode !== '' && mode !== 'iptables')
    r.warn(
      ['mode'],
      'bad-value',
      `mode ${JSON.stringify(mode)}: this compiler writes what iptables mode does`,
    );
  const cc = r.str(['clusterCIDR']);
  if (cc !== undefined && cc.trim() !== '') {
    // dual-stack clusters give "v4cidr,v6cidr": one range per family
    for (const part of cc.split(',')) {
      const p = parsePrefix(part.trim());
      if (p && part.includes('/')) cfg.clusterCIDR ??= normaliseCidr(p);
      const v6 =
        part.includes(':') && part.includes('/') ? parseCidr(part.trim(), 'ipv6') : undefined;
      if (v6) cfg.clusterCIDRv6 ??= `${v6.address}/${v6.prefix}`;
    }
    if (cfg.clusterCIDR === null && cfg.clusterCIDRv6 === undefined)
      r.error(['clusterCIDR'], 'bad-value', `clusterCIDR ${JSON.stringify(cc)} has no CIDR`);
  }
  cfg.detectLocalMode =
    r.oneOf<DetectLocalMode>(
      ['detectLocalMode'],
      ['ClusterCIDR', 'NodeCIDR', 'BridgeInterface', 'InterfaceNamePrefix'],
    ) ?? 'ClusterCIDR';
  cfg.bridgeInterface = r.str(['detectLocal', 'bridgeInterface']) ?? '';
  cfg.interfaceNamePrefix = r.str(['detectLocal', 'interfaceNamePrefix']) ?? '';
  if (cfg.detectLocalMode === 'BridgeInterface' && cfg.bridgeInterface === '')
    r.error(
      ['detectLocalMode'],
      'missing-field',
      'detectLocalMode BridgeInterface needs detectLocal.bridgeInterface',
    );
  if (cfg.detectLocalMode === 'InterfaceNamePrefix' && cfg.interfaceNamePrefix === '')
    r.error(
      ['detectLocalMode'],
      'missing-field',
      'detectLocalMode InterfaceNamePrefix needs detectLocal.interfaceNamePrefix',
    );
  r.list(['nodePortAddresses']).forEach((v, i) => {
    if (v === 'primary') return void cfg.nodePortAddresses.push('primary');
    const c = r.cidr(['nodePortAddresses', i]);
    if (c) cfg.nodePortAddresses.push(c);
  });
  cfg.masqueradeAll = r.bool(['iptables', 'masqueradeAll']) ?? false;
  cfg.masqueradeBit = r.int(['iptables', 'masqueradeBit'], 0, 31) ?? 14;
  cfg.localhostNodePorts = r.bool(['iptables', 'localhostNodePorts']) ?? true;
  return cfg;
}

export function readSettings(r: Reader): ClusterSettings {
  const s = defaultSettings();
  s.ref = { kind: 'Cluster', name: r.str(['metadata', 'name']) ?? 'cluster', span: r.span() };
  readServiceCIDRs(r, s);
  s.backend = r.oneOf(['backend'], ['nft', 'legacy'] as const) ?? 'nft';
  s.features.randomFully = r.bool(['features', 'randomFully']) ?? true;
  s.features.nfacct = r.bool(['features', 'nfacct']) ?? false;
  s.kubeProxyVersion = readKubeProxyVersion(r);
  s.networkPolicy =
    r.oneOf(['networkPolicy'], ['none', 'calico', 'kube-router'] as const) ?? 'none';
  const clients: ExternalClient[] = [];
  r.list(['externalClients']).forEach((c, i) => {
    const p = ['externalClients', i];
    if (!isRecord(c))
      return r.error(
        p,
        'bad-type',
        `an external client should be {name, address}, got ${shown(c)}`,
      );
    const name = r.str([...p, 'name']);
    const address = r.ipv4([...p, 'address']);
    if (name === undefined) return r.error(p, 'missing-field', 'an external client needs a name');
    if (address === undefined) {
      if (c['address'] === undefined)
        r.error(p, 'missing-field', `external client ${name} needs an address`);
      return;
    }
    if (clients.some((x) => x.name === name))
      return r.error([...p, 'name'], 'duplicate-object', `external client ${name} is listed twice`);
    clients.push({ name, address, span: r.span(p) });
  });
  s.externalClients = clients;
  return s;
}

/**
 * serviceCIDR, as kube-apiserver's --service-cluster-ip-range and kubeadm's serviceSubnet write
 * it: one range, or two of different families (`10.96.0.0/12,fd00:10:96::/112`), the first
 * being the primary family. The ranges name the cluster's families.
 */
function readServiceCIDRs(r: Reader, s: ClusterSettings): void {
  const text = r.str(['serviceCIDR']);
  if (text === undefined || !text.includes(':')) {
    s.serviceCIDR = r.cidr(['serviceCIDR']) ?? s.serviceCIDR;
    return;
  }
  const parts = text.split(',').map((p) => p.trim());
  const families: IpFamily[] = [];
  for (const part of parts) {
    const family: IpFamily = part.includes(':') ? 'IPv6' : 'IPv4';
    const v6 = family === 'IPv6' && part.includes('/') ? parseCidr(part, 'ipv6') : undefined;
    const v4 = family === 'IPv4' ? parsePrefix(part) : undefined;
    if ((family === 'IPv6' && !v6) || (family === 'IPv4' && (!v4 || !part.includes('/'))))
      return r.error(
        ['serviceCIDR'],
        'bad-value',
        `${JSON.stringify(part)} in serviceCIDR is not a CIDR such as 10.96.0.0/12 or fd00:10:96::/112`,
      );
    if (families.includes(family))
      return r.error(
        ['serviceCIDR'],
        'bad-value',
        `serviceCIDR names two ${family} ranges; a dual-stack cluster has one range per family`,
      );
    families.push(family);
    if (v6) s.serviceCIDRv6 = `${v6.address}/${v6.prefix}`;
    if (v4) s.serviceCIDR = normaliseCidr(v4);
  }
  s.ipFamilies = families;
}
