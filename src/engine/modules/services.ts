/** The service names iptables resolves through /etc/services that real rulesets use most. */
export const SERVICE_PORTS: Readonly<Record<string, number>> = {
  ftp: 21,
  ssh: 22,
  telnet: 23,
  smtp: 25,
  domain: 53,
  bootps: 67,
  bootpc: 68,
  tftp: 69,
  http: 80,
  pop3: 110,
  ntp: 123,
  imap: 143,
  snmp: 161,
  bgp: 179,
  ldap: 389,
  https: 443,
  'microsoft-ds': 445,
  syslog: 514,
  submission: 587,
  ldaps: 636,
  imaps: 993,
  pop3s: 995,
  'ms-sql-s': 1433,
  openvpn: 1194,
  mysql: 3306,
  postgresql: 5432,
  x11: 6000,
  'http-alt': 8080,
  webcache: 8080,
};

const TCP_ONLY = ['ftp', 'ssh', 'telnet', 'smtp', 'http', 'pop3', 'imap', 'bgp', 'microsoft-ds'];
const TCP_ONLY_HIGH = ['submission', 'imaps', 'pop3s', 'ms-sql-s', 'mysql', 'postgresql', 'x11'];
const TCP_ONLY_WEB = ['http-alt', 'webcache'];
const UDP_ONLY = ['bootps', 'bootpc', 'tftp', 'ntp'];

/**
 * The protocols /etc/services (Debian's netbase) lists each name for: iptables resolves a name for
 * the rule's own protocol (getservbyname(name, "udp")), so `-p udp --dport http` is refused, and
 * no name here is listed for sctp, udplite or dccp. The rest are listed for both tcp and udp.
 */
export function serviceProtocols(name: string): readonly string[] {
  if (TCP_ONLY.includes(name) || TCP_ONLY_HIGH.includes(name) || TCP_ONLY_WEB.includes(name))
    return ['tcp'];
  if (UDP_ONLY.includes(name)) return ['udp'];
  return ['tcp', 'udp'];
}
