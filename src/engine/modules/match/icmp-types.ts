/**
 * ICMP type names as iptables reads them for `--icmp-type` (from iptables' own table). A name
 * without a code covers every code of its type; iptables-save prints numbers only.
 */
export interface IcmpTypeName {
  name: string;
  type: number;
  /** undefined: every code (0-255) */
  code?: number;
}

export const ICMP_TYPE_NAMES: readonly IcmpTypeName[] = [
  { name: 'any', type: 255 },
  { name: 'echo-reply', type: 0 },
  { name: 'pong', type: 0 },
  { name: 'destination-unreachable', type: 3 },
  { name: 'network-unreachable', type: 3, code: 0 },
  { name: 'host-unreachable', type: 3, code: 1 },
  { name: 'protocol-unreachable', type: 3, code: 2 },
  { name: 'port-unreachable', type: 3, code: 3 },
  { name: 'fragmentation-needed', type: 3, code: 4 },
  { name: 'source-route-failed', type: 3, code: 5 },
  { name: 'network-unknown', type: 3, code: 6 },
  { name: 'host-unknown', type: 3, code: 7 },
  { name: 'network-prohibited', type: 3, code: 9 },
  { name: 'host-prohibited', type: 3, code: 10 },
  { name: 'TOS-network-unreachable', type: 3, code: 11 },
  { name: 'TOS-host-unreachable', type: 3, code: 12 },
  { name: 'communication-prohibited', type: 3, code: 13 },
  { name: 'host-precedence-violation', type: 3, code: 14 },
  { name: 'precedence-cutoff', type: 3, code: 15 },
  { name: 'source-quench', type: 4 },
  { name: 'redirect', type: 5 },
  { name: 'network-redirect', type: 5, code: 0 },
  { name: 'host-redirect', type: 5, code: 1 },
  { name: 'TOS-network-redirect', type: 5, code: 2 },
  { name: 'TOS-host-redirect', type: 5, code: 3 },
  { name: 'echo-request', type: 8 },
  { name: 'ping', type: 8 },
  { name: 'router-advertisement', type: 9 },
  { name: 'router-solicitation', type: 10 },
  { name: 'time-exceeded', type: 11 },
  { name: 'ttl-exceeded', type: 11 },
  { name: 'ttl-zero-during-transit', type: 11, code: 0 },
  { name: 'ttl-zero-during-reassembly', type: 11, code: 1 },
  { name: 'parameter-problem', type: 12 },
  { name: 'ip-header-bad', type: 12, code: 0 },
  { name: 'required-option-missing', type: 12, code: 1 },
  { name: 'timestamp-request', type: 13 },
  { name: 'timestamp-reply', type: 14 },
  { name: 'address-mask-request', type: 17 },
  { name: 'address-mask-reply', type: 18 },
];

/**
 * iptables accepts any unambiguous prefix of a name, in any case (`echo-req`); an exact name
 * wins over longer ones that start with it.
 */
export function lookupIcmpName(text: string): IcmpTypeName | IcmpTypeName[] | undefined {
  const lower = text.toLowerCase();
  const exact = ICMP_TYPE_NAMES.find((n) => n.name.toLowerCase() === lower);
  if (exact) return exact;
  const found = ICMP_TYPE_NAMES.filter((n) => n.name.toLowerCase().startsWith(lower));
  if (found.length === 0) return undefined;
  return found.length === 1 ? found[0] : found;
}

/** The name to show for a type and code range, if iptables has one (the first it lists). */
export function icmpNameOf(type: number, codeMin: number, codeMax: number): string | undefined {
  const all = codeMin === 0 && codeMax === 255;
  return ICMP_TYPE_NAMES.find(
    (n) =>
      n.type === type && (n.code === undefined ? all : codeMin === n.code && codeMax === n.code),
  )?.name;
}
