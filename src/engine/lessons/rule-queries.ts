/**
 * Questions about the rules themselves and about where a packet was stopped: a load-balancing
 * rule's probability as the kernel holds it, how many rules of a chain go to a target, and the
 * chain whose rule dropped or rejected a packet. Like the other queries, each reads the learner's
 * world or a scratch variant of it (`in`), never text; chains may be named by a lesson's refs.
 */
import { STATISTIC_SCALE, type StatisticData } from '../modules/match/statistic.ts';
import { Env } from './env.ts';
import { seenSource } from './journey-query.ts';
import { chainName, endpointsOf } from './refs.ts';
import type { Variant } from './types.ts';

export type RuleQuery =
  /** the probability of the rule that sends the Service port's n-th endpoint (1-based) on; 1 for the last */
  | { probability: { service: string; port?: string | number; endpoint: number; in?: Variant } }
  /** how many rules of the chain (a ref or a name) jump or go to `target` (every rule if omitted) */
  | { ruleCount: { chain: string; table?: string; target?: string; node?: string; in?: Variant } }
  /** the chain of the rule that dropped or rejected the packet, `(not dropped)`, or `(no rule)` */
  | { droppedIn: { packet: string; in?: Variant } }
  /** which kube-proxy layout wrote the rules: `v1.25+`, `v1.24`, `v1.23-` or `(not kube-proxy)` */
  | { layout: { node?: string; in?: Variant } }
  /** the source address the receiving pod sees, from the journey across the cluster (journey-query.ts) */
  | { seenSource: { packet: string; in?: Variant } };

export const NOT_DROPPED = '(not dropped)';
export const NO_RULE = '(no rule)';

type Answer = { ok: true; value: string | number } | { ok: false; problem: string };

export function isRuleQuery(q: object): q is RuleQuery {
  return (
    'probability' in q || 'ruleCount' in q || 'droppedIn' in q || 'layout' in q || 'seenSource' in q
  );
}

function envFor(base: Env, variant: Variant | undefined): Env {
  return variant ? new Env(base.loaded, base.world, variant) : base;
}

export function evaluateRuleQuery(base: Env, q: RuleQuery): Answer {
  if ('probability' in q) return probability(envFor(base, q.probability.in), q.probability);
  if ('ruleCount' in q) return ruleCount(envFor(base, q.ruleCount.in), q.ruleCount);
  if ('layout' in q) return layout(envFor(base, q.layout.in), q.layout.node);
  if ('seenSource' in q) return seenSource(envFor(base, q.seenSource.in), q.seenSource.packet);
  return droppedIn(envFor(base, q.droppedIn.in), q.droppedIn.packet);
}

function probability(
  env: Env,
  q: { service: string; port?: string | number; endpoint: number },
): Answer {
  const endpoint = endpointsOf(env, q.service, q.port)[q.endpoint - 1];
  if (endpoint === undefined)
    return { ok: false, problem: `${q.service} has no endpoint ${q.endpoint}` };
  const on = env.rulesOn();
  for (const [id, prov] of on?.provenance ?? []) {
    if (prov.role !== 'load-balance' || prov.endpoint !== endpoint) continue;
    const rule = findRule(env, id);
    if (!rule) continue;
    const stat = rule.matches.find((m) => m.module === 'statistic')?.data as
      StatisticData | undefined;
    // the last endpoint's rule has no statistic match: it takes whatever reaches it
    if (stat === undefined) return { ok: true, value: 1 };
    if (stat.mode === 'random') return { ok: true, value: stat.threshold / STATISTIC_SCALE };
  }
  return { ok: false, problem: `no load-balancing rule for ${endpoint}` };
}

function findRule(env: Env, id: string) {
  const [table, chain, index] = id.split('/');
  return env
    .rulesOn()
    ?.ruleset.tables.find((t) => t.name === table)
    ?.chains.find((c) => c.name === chain)
    ?.rules.find((r) => r.index === Number(index));
}

function ruleCount(
  env: Env,
  q: { chain: string; table?: string; target?: string; node?: string },
): Answer {
  const chain = chainName(env, q.chain);
  const target = q.target === undefined ? undefined : chainName(env, q.target);
  const tables = env.rulesOn(q.node)?.ruleset.tables ?? [];
  const found = tables
    .filter((t) => q.table === undefined || t.name === q.table)
    .flatMap((t) => t.chains.filter((c) => c.name === chain));
  if (found.length === 0) return { ok: false, problem: `no chain ${chain}` };
  let n = 0;
  for (const c of found)
    for (const r of c.rules) if (target === undefined || r.target?.name === target) n++;
  return { ok: true, value: n };
}

function droppedIn(env: Env, packet: string): Answer {
  const t = env.trace(packet);
  if (!t.ok) return t;
  if (t.trace.result.verdict === 'ACCEPT') return { ok: true, value: NOT_DROPPED };
  const steps = t.trace.steps;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (
      s.kind === 'verdict' &&
      s.verdict !== 'ACCEPT' &&
      'chain' in s &&
      typeof s.chain === 'string'
    )
      return { ok: true, value: s.chain };
  }
  // dropped without a rule (no route, forwarding off): no chain to name
  return { ok: true, value: NO_RULE };
}

/**
 * The kube-proxy layout a ruleset shows (the boundaries are approximate): the filter chain
 * KUBE-PROXY-FIREWALL came with 1.25, KUBE-EXT and KUBE-SVL chains with 1.24; before that,
 * KUBE-XLB chains and KUBE-MARK-DROP. An upgraded node may keep a stale KUBE-MARK-DROP, so the
 * newest sign wins.
 */
function layout(env: Env, node: string | undefined): Answer {
  const names = (env.rulesOn(node)?.ruleset.tables ?? []).flatMap((t) =>
    t.chains.map((c) => c.name),
  );
  if (names.includes('KUBE-PROXY-FIREWALL')) return { ok: true, value: 'v1.25+' };
  if (names.some((n) => n.startsWith('KUBE-EXT-') || n.startsWith('KUBE-SVL-')))
    return { ok: true, value: 'v1.24' };
  if (names.some((n) => n === 'KUBE-SERVICES' || n.startsWith('KUBE-SVC-')))
    return { ok: true, value: 'v1.23-' };
  return { ok: true, value: '(not kube-proxy)' };
}
