// Loads an iptables-save text into the host namespace and adds the harness's own nft table, which
// (1) turns tracing on for every IPv4 packet before any iptables table sees it, and (2) observes
// where the packet ends: a chain after every table at INPUT (delivered locally — and dropped there,
// after conntrack has confirmed the entry, so the host's stack never answers) and one after every
// table at POSTROUTING (leaving, with the addresses as SNAT/MASQUERADE left them).
// The harness table is not an iptables table, so it never appears in iptables-save and its own
// trace events are filtered out of the comparison by table name.
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
const HARNESS_RULESET = `table ip ${HARNESS_TABLE} {
  chain trace_pre { type filter hook prerouting priority -500; ip protocol igmp drop; meta nftrace set 1; }
  chain trace_out { type filter hook output priority -500; ip protocol igmp drop; meta nftrace set 1; }
  chain seen_local { type filter hook input priority 2147483647; counter drop; }
  chain seen_post { type filter hook postrouting priority 2147483647; counter; }
}
`;

export type Backend = 'nft' | 'legacy';

export interface LoadedRules {
  backend: Backend;
  /** 1-based position of the rule with this nft handle in its chain (nft backend only). */
  ruleIndex(table: string, chain: string, handle: number): number | null;
}

export function loadRules(
  topology: Topology,
  rules: string,
  backend: Backend = 'nft',
): LoadedRules {
  const host = topology.ns('host');
  const restore = backend === 'nft' ? 'iptables-nft-restore' : 'iptables-legacy-restore';
  // The harness table goes in first: conntrack registers its hooks only when the rules need it,
  // and a hook registered later at the same priority runs *before* the earlier ones. So loaded
  // first, seen_local (INT_MAX) runs after conntrack's confirm (INT_MAX) and a locally delivered
  // packet leaves a confirmed entry behind, as it would on a real host.
  runIn(host, ['nft', '-f', '-'], { input: HARNESS_RULESET });
  runIn(host, [restore], { input: rules.endsWith('\n') ? rules : `${rules}\n` });
  const index = backend === 'nft' ? ruleIndexes(host) : new Map<string, number>();
  return {
    backend,
    ruleIndex: (table, chain, handle) => index.get(`${table}\0${chain}\0${handle}`) ?? null,
  };
}

interface NftJsonRule {
  rule?: { family: string; table: string; chain: string; handle: number };
}

// nft lists rules in chain order, which is iptables' order too; the trace names rules by handle.
function ruleIndexes(host: string): Map<string, number> {
  const listed = JSON.parse(runIn(host, ['nft', '-j', '-a', 'list', 'ruleset']).stdout) as {
    nftables: NftJsonRule[];
  };
  const index = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const item of listed.nftables) {
    const rule = item.rule;
    if (!rule || rule.family !== 'ip') continue;
    const chainKey = `${rule.table}\0${rule.chain}`;
    const position = (counts.get(chainKey) ?? 0) + 1;
    counts.set(chainKey, position);
    index.set(`${chainKey}\0${rule.handle}`, position);
  }
  return index;
}
