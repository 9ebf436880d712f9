/**
 * The part of a ruleset that two parses of the same rules must agree on: tables, chains,
 * policies, counters and each rule's criteria and target — without source positions, ids or the
 * source text, which differ between formats. Missing counters count as zero (iptables-save
 * without -c and iptables -L without -v print none, the kernel still has them at zero).
 */
import type { Counters, Ruleset } from './model.ts';

const ZERO: Counters = { packets: 0, bytes: 0 };

export function comparableRuleset(rs: Ruleset) {
  return {
    family: rs.family,
    tables: rs.tables.map((t) => ({
      name: t.name,
      chains: t.chains.map((c) => ({
        name: c.name,
        builtin: c.builtin,
        policy: c.policy,
        counters: c.counters ?? ZERO,
        rules: c.rules.map((r) => ({
          table: r.table,
          chain: r.chain,
          index: r.index,
          core: r.core,
          matches: r.matches.map((m) => ({
            module: m.module,
            data: m.data,
            unknown: m.unknown ?? false,
          })),
          target: r.target && {
            name: r.target.name,
            kind: r.target.kind,
            data: r.target.data,
            unknown: r.target.unknown ?? false,
          },
          counters: r.counters ?? ZERO,
          lossy: r.lossy ?? null,
        })),
      })),
    })),
  };
}
