/**
 * A Service's IP families (spec.ipFamilyPolicy, spec.ipFamilies, spec.clusterIPs and an IPv6
 * spec.clusterIP), checked as the API server of this cluster checks them. The cluster this model
 * describes has IPv4 only, so the API server refuses a Service that asks for IPv6 or for two
 * families, and one whose IPv4-only settings carry an IPv6 address; each is named where it is
 * written. PreferDualStack alone is accepted: the Service then gets the one family there is.
 */
import type { Reader } from './read-kit.ts';

const POLICIES = ['SingleStack', 'PreferDualStack', 'RequireDualStack'] as const;
const FAMILIES = ['IPv4', 'IPv6'] as const;
type Family = (typeof FAMILIES)[number];

const isV6 = (address: string): boolean => address.includes(':');

function noIPv6(r: Reader, path: (string | number)[], what: string): void {
  r.error(
    path,
    'family-not-in-cluster',
    `${what}: IPv6 is a family this cluster does not have (it has IPv4 only), so the API server refuses the Service`,
  );
}

/** The families the Service asks for, each checked; IPv6 and a second family are refused. */
function readFamilies(r: Reader, policy: string | undefined): (Family | undefined)[] {
  const families = r.list(['spec', 'ipFamilies']).map((_, i) => {
    const f = r.oneOf(['spec', 'ipFamilies', i], FAMILIES);
    if (f === 'IPv6') noIPv6(r, ['spec', 'ipFamilies', i], 'ipFamilies names IPv6');
    return f;
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

/** An IPv6 address at `path`: in a Service meant for IPv4 only, or one asking for IPv6. */
function ipv6Address(r: Reader, path: (string | number)[], text: string, ipv4Only: boolean): void {
  if (ipv4Only)
    r.error(
      path,
      'ipv6-in-ipv4-service',
      `${text} is an IPv6 address in an IPv4-only Service; the API server refuses it (write an IPv4 address from the service range)`,
    );
  else noIPv6(r, path, `${text} is an IPv6 address`);
}

export function checkServiceFamilies(r: Reader): void {
  const policy = r.oneOf(['spec', 'ipFamilyPolicy'], POLICIES);
  if (policy === 'RequireDualStack')
    r.error(
      ['spec', 'ipFamilyPolicy'],
      'family-not-in-cluster',
      'RequireDualStack needs a cluster with both IPv4 and IPv6; this one has IPv4 only, so the API server refuses the Service',
    );
  const families = readFamilies(r, policy);
  // IPv4 only when the Service says so: its first family, or a single stack with no IPv6 named
  const ipv4Only = families[0] === 'IPv4' || (policy === 'SingleStack' && families.length === 0);
  const clusterIP = r.str(['spec', 'clusterIP']);
  if (clusterIP !== undefined && isV6(clusterIP))
    ipv6Address(r, ['spec', 'clusterIP'], clusterIP, ipv4Only);
  const ips = r.list(['spec', 'clusterIPs']).map((_, i) => r.str(['spec', 'clusterIPs', i]));
  ips.forEach((ip, i) => {
    if (ip === undefined || ip === 'None' || !isV6(ip) || (i === 0 && ip === clusterIP)) return;
    // a second address is the second family's: IPv4-only then means the Service's own first
    ipv6Address(r, ['spec', 'clusterIPs', i], ip, ipv4Only && (i === 0 || families.length < 2));
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
}
