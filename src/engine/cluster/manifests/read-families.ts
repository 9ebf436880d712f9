/**
 * A Service's IP families (spec.ipFamilyPolicy, spec.ipFamilies, spec.clusterIPs, an IPv6
 * spec.clusterIP), checked and defaulted as the API server of this cluster does it, once the
 * cluster's families are known (the Cluster document's serviceCIDR). Each refusal is named where
 * it is written: a family the cluster does not have, RequireDualStack on a single-stack cluster,
 * an IPv6 address in a Service meant for IPv4 only. What is accepted sets the Service's families
 * (primary first) and its IPv6 cluster IP.
 */
import { parseCidr, parseIPv4 } from '../../rules/index.ts';
import type { ClusterService, IpFamily } from '../model/model.ts';
import type { Reader } from './read-kit.ts';

const POLICIES = ['SingleStack', 'PreferDualStack', 'RequireDualStack'] as const;
const FAMILIES = ['IPv4', 'IPv6'] as const;
type Path = (string | number)[];

const familyOf = (address: string): IpFamily => (address.includes(':') ? 'IPv6' : 'IPv4');

function hasText(cluster: readonly IpFamily[]): string {
  return cluster.length === 2 ? 'IPv4 and IPv6' : `${cluster[0]} only`;
}

function notInCluster(r: Reader, path: Path, what: string, cluster: readonly IpFamily[]): void {
  const missing = cluster.includes('IPv6') ? 'IPv4' : 'IPv6';
  r.error(
    path,
    'family-not-in-cluster',
    `${what}: ${missing} is a family this cluster does not have (it has ${hasText(cluster)}), so the API server refuses the Service`,
  );
}

/** The families ipFamilies names, each checked; a family the cluster lacks is refused. */
function readFamilies(
  r: Reader,
  policy: string | undefined,
  cluster: readonly IpFamily[],
): IpFamily[] {
  const families: IpFamily[] = [];
  r.list(['spec', 'ipFamilies']).forEach((_, i) => {
    const f = r.oneOf(['spec', 'ipFamilies', i], FAMILIES);
    if (f === undefined) return;
    if (!cluster.includes(f))
      notInCluster(r, ['spec', 'ipFamilies', i], `ipFamilies names ${f}`, cluster);
    families.push(f);
  });
  if (families.length === 2 && families[0] === families[1])
    r.error(['spec', 'ipFamilies', 1], 'bad-value', `ipFamilies names ${families[0]} twice`);
  else if (families.length > 2)
    r.error(['spec', 'ipFamilies'], 'bad-value', 'ipFamilies holds at most two families');
  else if (families.length === 2 && policy === 'SingleStack')
    r.error(
      ['spec', 'ipFamilies'],
      'bad-value',
      'ipFamilyPolicy SingleStack allows one family, and ipFamilies names two',
    );
  return families;
}

/** An address of `family` at `path` in a Service whose families leave that family out. */
function wrongFamily(
  r: Reader,
  path: Path,
  text: string,
  only: IpFamily | undefined,
  cluster: readonly IpFamily[],
): void {
  const family = familyOf(text);
  if (only !== undefined && only !== family)
    r.error(
      path,
      family === 'IPv6' ? 'ipv6-in-ipv4-service' : 'bad-value',
      `${text} is an ${family} address in an ${only}-only Service; the API server refuses it (write an ${only} address from the service range)`,
    );
  else notInCluster(r, path, `${text} is an ${family} address`, cluster);
}

/**
 * Checks the Service's families against the cluster's and sets what the API server would:
 * `svc.ipFamilies` (when the cluster has IPv6) and the IPv6 cluster IP from clusterIP/clusterIPs.
 */
export function checkServiceFamilies(
  r: Reader,
  svc: ClusterService,
  cluster: readonly IpFamily[],
): void {
  const policy = r.oneOf(['spec', 'ipFamilyPolicy'], POLICIES);
  if (policy === 'RequireDualStack' && cluster.length < 2)
    r.error(
      ['spec', 'ipFamilyPolicy'],
      'family-not-in-cluster',
      `RequireDualStack needs a cluster with both IPv4 and IPv6; this one has ${hasText(cluster)}, so the API server refuses the Service`,
    );
  const named = readFamilies(r, policy, cluster);
  // a single stack allows one family: the one named, or with SingleStack the cluster's primary
  const single = policy === 'SingleStack' || (policy === undefined && named.length < 2);
  const serviceOnly = single
    ? (named[0] ?? (policy === 'SingleStack' ? cluster[0] : undefined))
    : undefined;
  const clusterIP = r.str(['spec', 'clusterIP']);
  const written: { text: string; path: Path }[] = [];
  if (clusterIP !== undefined && clusterIP !== '' && clusterIP !== 'None')
    written.push({ text: clusterIP, path: ['spec', 'clusterIP'] });
  const ips = r.list(['spec', 'clusterIPs']).map((_, i) => r.str(['spec', 'clusterIPs', i]));
  ips.forEach((ip, i) => {
    if (ip === undefined || ip === 'None' || ip === '' || (i === 0 && ip === clusterIP)) return;
    written.push({ text: ip, path: ['spec', 'clusterIPs', i] });
  });
  if (ips.length > 2)
    r.error(['spec', 'clusterIPs'], 'bad-value', 'clusterIPs holds at most two addresses');
  const first = ips[0];
  if (clusterIP !== undefined && clusterIP !== '' && first !== undefined && first !== clusterIP)
    r.error(
      ['spec', 'clusterIPs', 0],
      'bad-value',
      `clusterIPs[0] is ${first} but clusterIP is ${clusterIP}; the API server needs them to be the same address`,
    );
  const accepted: IpFamily[] = [];
  for (const w of written) {
    const family = familyOf(w.text);
    if (!cluster.includes(family) || (serviceOnly !== undefined && serviceOnly !== family)) {
      const asOnly = serviceOnly !== undefined && serviceOnly !== family ? serviceOnly : undefined;
      wrongFamily(r, w.path, w.text, asOnly, cluster);
      continue;
    }
    if (accepted.includes(family)) continue;
    accepted.push(family);
    if (family === 'IPv6') {
      // kube-proxy writes the address as Go prints it: compressed, lower case
      const canonical = parseCidr(w.text.trim(), 'ipv6');
      if (canonical === undefined || w.text.includes('/')) {
        r.error(w.path, 'bad-value', `${JSON.stringify(w.text)} is not an IPv6 address`);
        continue;
      }
      if (svc.ipv6 && svc.type !== 'ExternalName') svc.ipv6.clusterIP = canonical.address;
    }
    if (family === 'IPv4' && svc.clusterIP === null && !svc.headless && svc.type !== 'ExternalName')
      svc.clusterIP = parseIPv4(w.text) ?? null;
  }
  if (!cluster.includes('IPv4')) svc.clusterIP = null;
  if (!cluster.includes('IPv6')) return;
  svc.ipFamilies = serviceFamilies(policy, named, accepted, cluster);
}

/** The families the API server gives the Service, primary first. */
function serviceFamilies(
  policy: string | undefined,
  named: readonly IpFamily[],
  addressed: readonly IpFamily[],
  cluster: readonly IpFamily[],
): IpFamily[] {
  const out: IpFamily[] = [];
  const add = (f: IpFamily | undefined): void => {
    if (f !== undefined && cluster.includes(f) && !out.includes(f)) out.push(f);
  };
  for (const f of named) add(f);
  for (const f of addressed) add(f);
  const dual =
    policy === 'PreferDualStack' ||
    policy === 'RequireDualStack' ||
    (policy === undefined && (named.length === 2 || addressed.length === 2));
  if (out.length === 0) add(cluster[0]);
  if (dual) for (const f of cluster) add(f);
  return dual ? out : out.slice(0, 1);
}
