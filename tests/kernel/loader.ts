// Loads an iptables-save text into the host namespace and adds the harness's own nft table, which
// (1) turns tracing on for every IPv4 packet before any iptables table sees it, and (2) observes
// where the packet ends: a chain after every table at INPUT (delivered locally — and dropped there,
// after conntrack has confirmed the entry, so the host's stack never answers) and one after every
// table at POSTROUTING (leaving, with the addresses as SNAT/MASQUERADE left them).
// The harness table is not an iptables table, so it never appears in iptables-save and its own
// trace events are filtered out of the comparison by table name.
// In an IPv6 lab the harness table is of family ip6 and the rules go in with ip6tables-restore.
// Neighbour discovery and MLD are the host's own chatter there (what ARP and IGMP are to IPv4):
// never traced, and let through at INPUT so the host can resolve its neighbours.
import type { Hook } from './xtables-trace.ts';
import type { Topology } from './topology.ts';
import { runIn } from './run.ts';

export const HARNESS_TABLE = 'nlk_harness';

/** Base chains of the harness table and the hook each sits at. */
export const HARNESS_CHAINS: Readonly<Record<string, Hook>> = {
  trace_pre: 'PREROUTING',
  trace_out: 'OUTPUT',
  seen_local: 'INPUT',
  seen_post: 'POSTROUTING',
};

// IGMP is dropped before tracing starts: no scenario sends it, and the host's own IGMP reports
// (sent about a second after an interface comes up) would otherwise appear in the trace.
// Priorities: -500 is before raw (-300) and conntrack (-200); 2147483647 (INT_MAX) is after every
// iptables table (security is 150 at most) and, being registered before conntrack's confirm hook
// of the same priority (see loadRules), after the conntrack entry is confirmed.
const HARNESS_RULESET_IPV4 = `table ip ${HARNESS_TABLE} {
  chain trace_pre { type filter hook prerouting priority -500; ip protocol igmp drop; meta nftrace set 1; }
  chain trace_out { type filter hook output priority -500; ip protocol igmp drop; meta nftrace set 1; }
  chain seen_local { type filter hook input priority 2147483647; counter drop; }
  chain seen_post { type filter hook postrouting priority 2147483647; counter; }
}
`;

const CHATTER =
  'icmpv6 type { nd-router-solicit, nd-router-advert, nd-neighbor-solicit, nd-neighbor-advert, mld-listener-query, mld-listener-report, mld-listener-done, mld2-listener-report }';
const HARNESS_RULESET_IPV6 = `table ip6 ${HARNESS_TABLE} {
  chain trace_pre { type filter hook prerouting priority -500; ${CHATTER} return; meta nftrace set 1; }
  chain trace_out { type filter hook output priority -500; ${CHATTER} return; meta nftrace set 1; }
  chain seen_local { type filter hook input priority 2147483647; ${CHATTER} accept; counter drop; }
  chain seen_post { type filter hook postrouting priority 2147483647; counter; }
}
`;

/** The nft family of the lab's harness table and iptables tables: ip or ip6. */
export function nftFamily(topology: Pick<Topology, 'spec'>): 'ip' | 'ip6' {
  return topology.spec.family === 'ipv6' ? 'ip6' : 'ip';
}

export type Backend = 'nft' | 'legacy';

export interface LoadedRules {
  backend: Backend;
  /** the nft family the rules went into: ip, or ip6 in an IPv6 lab */
  family: 'ip' | 'ip6';
  /** The rule at a 1-based position of its chain as iptables-save prints it (IPv6 lab, nft only). */
  ruleText(table: string, chain: string, index: number): string | null;
  /** 1-based position of the rule with this nft handle in its chain (nft backend only). */
  ruleIndex(table: string, chain: string, handle: number): number | null;
}

export function loadRules(
  topology: Topology,
  rules: string,
  backend: Backend = 'nft',
): LoadedRules {
  const host = topology.ns('host');
  const family = nftFamily(topology);
  const tool = family === 'ip6' ? 'ip6tables' : 'iptables';
  const restore = backend === 'nft' ? `${tool}-nft-restore` : `${tool}-legacy-restore`;
  // The harness table goes in first: conntrack registers its hooks only when the rules need it,
  // and a hook registered later at the same priority runs *before* the earlier ones. So loaded
  // first, seen_local (INT_MAX) runs after conntrack's confirm (INT_MAX) and a locally delivered
  // packet leaves a confirmed entry behind, as it would on a real host.
  const harness = family === 'ip6' ? HARNESS_RULESET_IPV6 : HARNESS_RULESET_IPV4;
  runIn(host, ['nft', '-f', '-'], { input: harness });
  runIn(host, [restore], { input: rules.endsWith('\n') ? rules : `${rules}\n` });
  const index = backend === 'nft' ? ruleIndexes(host, family) : new Map<string, number>();
  // nft's trace has no iptables text: it comes from ip6tables-save, by position
  const texts =
    family === 'ip6' && backend === 'nft'
      ? savedRules(runIn(host, ['ip6tables-nft-save']).stdout)
      : new Map<string, string>();
  return {
    backend,
    family,
    ruleText: (table, chain, position) => texts.get(`${table}\0${chain}\0${position}`) ?? null,
    ruleIndex: (table, chain, handle) => index.get(`${table}\0${chain}\0${handle}`) ?? null,
  };
}

/** "-A CHAIN …" lines of an iptables-save text, keyed by table, chain and 1-based position. */
export function savedRules(text: string): Map<string, string> {
  const rules = new Map<string, string>();
  const counts = new Map<string, number>();
  let table = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('*')) table = line.slice(1).trim();
    const chain = /^-A (\S+) /.exec(line)?.[1];
    if (chain === undefined) continue;
    const key = `${table}\0${chain}`;
    const position = (counts.get(key) ?? 0) + 1;
    counts.set(key, position);
    rules.set(`${key}\0${position}`, line);
  }
  return rules;
}

interface NftJsonRule {
  rule?: { family: string; table: string; chain: string; handle: number };
}

// nft lists rules in chain order, which is iptables' order too; the trace names rules by handle.
function ruleIndexes(host: string, family: 'ip' | 'ip6'): Map<string, number> {
  const listed = JSON.parse(runIn(host, ['nft', '-j', '-a', 'list', 'ruleset']).stdout) as {
    nftables: NftJsonRule[];
  };
  const index = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const item of listed.nftables) {
    const rule = item.rule;
    if (!rule || rule.family !== family) continue;
    const chainKey = `${rule.table}\0${rule.chain}`;
    const position = (counts.get(chainKey) ?? 0) + 1;
    counts.set(chainKey, position);
    index.set(`${chainKey}\0${rule.handle}`, position);
  }
  return index;
}
