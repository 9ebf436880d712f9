/**
 * Values the engine computes for a question: a verdict, a packet field, the hooks a packet
 * crosses, the chain it goes to next, an endpoint's share. Each is read from the trace of the
 * learner's world, or of a scratch variant of it (`in`), never from text.
 */
import { hookTables, type PacketView, type TraceStep } from '../netfilter/index.ts';
import { Env } from './env.ts';
import { findStep } from './pattern.ts';
import { evaluateRuleQuery, isRuleQuery } from './rule-queries.ts';
import type { PacketField, Pattern, Query, Value } from './types.ts';

export type QueryValue = { ok: true; value: Value | null } | { ok: false; problem: string };

function variantOf(q: Query): Query[keyof Query] {
  return Object.values(q)[0] as Query[keyof Query];
}

export function fieldOf(
  p:
    | PacketView
    | { src: string; sport: number | null; dst: string; dport: number | null; proto: string },
  f: PacketField,
): Value | null {
  if (f === 'mark') return 'mark' in p ? `0x${p.mark.toString(16)}` : null;
  return p[f];
}

/** Where the walk goes after the chain the pattern finds: a chain, `(return)`, `(policy)` or a verdict. */
export function nextChainIn(env: Env, steps: readonly TraceStep[], at: Pattern): string | null {
  const start = findStep(env, at, steps);
  if (start < 0) return null;
  const first = steps[start] as { chain?: string; table?: string; kind: string; target?: string };
  const chain = first.kind === 'jump' || first.kind === 'goto' ? first.target : first.chain;
  const table = first.table;
  for (let i = start + 1; i < steps.length; i++) {
    const s = steps[i]!;
    if (!('chain' in s) || s.chain !== chain || !('table' in s) || s.table !== table) continue;
    if (s.kind === 'jump' || s.kind === 'goto') return s.target;
    if (s.kind === 'return') return '(return)';
    if (s.kind === 'policy') return '(policy)';
    if (s.kind === 'verdict') return s.verdict;
  }
  return null;
}

export function evaluateQuery(base: Env, q: Query): QueryValue {
  if (isRuleQuery(q)) return evaluateRuleQuery(base, q);
  const args = variantOf(q) as { packet?: string; in?: import('./types.ts').Variant };
  const env = args.in ? new Env(base.loaded, base.world, args.in) : base;
  if ('tableOrder' in q)
    return { ok: true, value: hookTables(q.tableOrder.hook, q.tableOrder.backend ?? env.backend) };
  const name = args.packet!;
  if ('share' in q || 'endpoints' in q) {
    const d = env.distribution(name);
    if (!d.ok) return d;
    const keys = Object.keys(d.shares);
    if ('endpoints' in q) return { ok: true, value: keys.length };
    const key = keys.sort(byEndpointOrder(env, name))[q.share.endpoint - 1];
    return { ok: true, value: key === undefined ? 0 : d.shares[key]! };
  }
  const t = env.trace(name);
  if (!t.ok) return t;
  const { steps, result } = t.trace;
  if ('verdict' in q) return { ok: true, value: result.verdict };
  if ('fate' in q) return { ok: true, value: result.fate };
  if ('ctState' in q) return { ok: true, value: result.ctState ?? null };
  if ('hooks' in q)
    return { ok: true, value: steps.flatMap((s) => (s.kind === 'hook-enter' ? [s.hook] : [])) };
  if ('tables' in q) {
    const tables: string[] = [];
    for (const s of steps)
      if (
        (s.kind === 'table-enter' || s.kind === 'table-skip') &&
        s.hook === q.tables.hook &&
        !tables.includes(s.table)
      )
        tables.push(s.table);
    return { ok: true, value: tables };
  }
  if ('contains' in q) return { ok: true, value: findStep(env, q.contains.pattern, steps) >= 0 };
  if ('nextChain' in q) return { ok: true, value: nextChainIn(env, steps, q.nextChain.at) };
  if ('ruleAt' in q) {
    const i = findStep(env, q.ruleAt.at, steps);
    const s = steps[i] as { table?: string; chain?: string; rule?: number | null } | undefined;
    if (!s?.table || !s.chain || typeof s.rule !== 'number') return { ok: true, value: null };
    return { ok: true, value: `${s.table}/${s.chain}/${s.rule}` };
  }
  if ('returnsTo' in q) {
    const back = steps.flatMap((s) => (s.kind === 'return' ? [s.to] : []));
    return { ok: true, value: back[(q.returnsTo.occurrence ?? 1) - 1] ?? null };
  }
  const at = q.field.at;
  if (at === undefined) return { ok: true, value: fieldOf(result.packet, q.field.field) };
  const i = findStep(env, at, steps);
  if (i < 0) return { ok: false, problem: `the trace of ${name} has no step like that` };
  return { ok: true, value: fieldOf(steps[i]!.packet, q.field.field) };
}

/** Endpoints in the order of their rules in the Service chain (the order a learner reads). */
function byEndpointOrder(env: Env, _name: string): (a: string, b: string) => number {
  const order = env.endpointOrder();
  return (a, b) => rank(order, a) - rank(order, b);
}

function rank(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}
