/**
 * Evaluates a step's check over the engine's answer for the learner's world. The outcome says
 * what was found and what was wanted as engine values (addresses, chain names, numbers), which
 * read the same in both languages; `reason` says which kind of miss it was.
 */
import type { ConntrackStep, TraceStep } from '../netfilter/index.ts';
import type { Env } from './env.ts';
import { describePattern, findStep, stepMatches } from './pattern.ts';
import { evaluateQuery, fieldOf } from './queries.ts';
import { chainName, resolveRef } from './refs.ts';
import { countsText, sampledShares, sampleSeed, widestGap } from './sampling.ts';
import type { AnswerInput, Check, PacketField, Step, Value } from './types.ts';

export type MissReason =
  | { code: 'not-sent'; packet: string }
  | { code: 'no-answer' }
  | { code: 'no-cursor' }
  | { code: 'not-sampled'; packet: string }
  | { code: 'problem'; message: string }
  | { code: 'mismatch' };

export interface CheckOutcome {
  pass: boolean;
  /** what the learner's world gives, as shown to them */
  got: string | null;
  /** what the check wants */
  expected: string | null;
  reason: MissReason | null;
}

const PASS: CheckOutcome = { pass: true, got: null, expected: null, reason: null };

function miss(
  got: string | null,
  expected: string | null,
  reason: MissReason = { code: 'mismatch' },
): CheckOutcome {
  return { pass: false, got, expected, reason };
}

export function showValue(v: Value | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.join(' → ');
  if (typeof v === 'number')
    return Number.isInteger(v) ? String(v) : String(Math.round(v * 10000) / 10000);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return v;
}

export function sameValue(a: Value | null, b: Value | null, tolerance = 0): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tolerance;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** The value of the learner's answer to a step's question. */
export function answerValue(step: Step, answer: AnswerInput): Value | null {
  if ('option' in answer) {
    const ask = typeof step.action === 'object' && 'ask' in step.action ? step.action.ask : null;
    if (ask?.kind !== 'choice') return null;
    return ask.options.find((o) => o.id === answer.option)?.value ?? null;
  }
  if ('number' in answer) return answer.number;
  if ('order' in answer) return answer.order;
  if ('chain' in answer) return answer.chain;
  return `${answer.rule.table}/${answer.rule.chain}/${answer.rule.index}`;
}

export function evaluateCheck(env: Env, step: Step, check: Check): CheckOutcome {
  if ('all' in check) {
    for (const c of check.all) {
      const o = evaluateCheck(env, step, c);
      if (!o.pass) return o;
    }
    return PASS;
  }
  if ('any' in check) {
    let first: CheckOutcome | null = null;
    for (const c of check.any) {
      const o = evaluateCheck(env, step, c);
      if (o.pass) return o;
      first ??= o;
    }
    return first ?? miss(null, null);
  }
  if ('not' in check) {
    const o = evaluateCheck(env, step, check.not);
    return o.pass ? miss(o.expected, `not ${o.expected ?? 'that'}`) : PASS;
  }
  if ('answer' in check) return answerCheck(env, step, check.answer);
  if ('settings' in check) {
    const want = check.settings.backend;
    return want === undefined || env.backend === want ? PASS : miss(env.backend, want);
  }
  if ('parsed' in check) return parsedCheck(env, check.parsed);
  if ('sent' in check)
    return env.world.sent.includes(check.sent)
      ? PASS
      : miss(null, check.sent, { code: 'not-sent', packet: check.sent });
  if ('sampled' in check) return sampledCheck(env, step, check.sampled);
  if ('cursor' in check) return cursorCheck(env, check.cursor);
  if ('compiled' in check) return compiledCheck(env, check.compiled);
  return traceCheck(env, check);
}

/**
 * The learner sampled the packet at least `n` times, and the engine's sample of that many
 * connections counts them all; with `near`, every sampled share lies within `near` of the
 * exact one. What passes says the counts, so the verdict shows the engine's histogram.
 */
function sampledCheck(
  env: Env,
  step: Step,
  want: { packet: string; n: number; near?: number },
): CheckOutcome {
  const s = env.world.sampled;
  if (s?.packet !== want.packet || s.n < want.n)
    return miss(s ? String(s.n) : null, String(want.n), {
      code: 'not-sampled',
      packet: want.packet,
    });
  const sampled = env.sample(want.packet, s.n, sampleSeed(env.loaded, step));
  if (!sampled.ok) return miss(null, null, { code: 'problem', message: sampled.problem });
  const counted = sampled.outcomes.reduce((sum, o) => sum + o.count, 0);
  const got = `${counted}: ${countsText(sampled.outcomes)}`;
  if (counted !== s.n) return miss(got, String(s.n));
  if (want.near === undefined) return { pass: true, got, expected: String(want.n), reason: null };
  const exact = env.distribution(want.packet);
  if (!exact.ok) return miss(null, null, { code: 'problem', message: exact.problem });
  const gap = widestGap(sampledShares(sampled.outcomes), exact.shares);
  const expected = `every share within ±${showValue(want.near * 100)}% of the exact one`;
  return gap <= want.near
    ? { pass: true, got, expected, reason: null }
    : miss(`${got} (off by ${showValue(gap * 100)}%)`, expected);
}

function answerCheck(
  env: Env,
  step: Step,
  c: Extract<Check, { answer: unknown }>['answer'],
): CheckOutcome {
  const q = evaluateQuery(env, c.equals);
  if (!q.ok) return miss(null, null, { code: 'problem', message: q.problem });
  const answer = env.world.answer;
  if (answer === null) return miss(null, showValue(q.value), { code: 'no-answer' });
  // a nextChain solution names a hashed chain by its ref (`svc`), as a lesson never writes the hash
  const got = 'chain' in answer ? chainName(env, answer.chain) : answerValue(step, answer);
  return sameValue(got, q.value, c.tolerance ?? 0)
    ? PASS
    : miss(showValue(got), showValue(q.value));
}

function parsedCheck(env: Env, c: { errors?: number; hasChain?: string }): CheckOutcome {
  const errors = env.parseDiagnostics.filter((d) => d.severity === 'error').length;
  if (env.world.rules === null || env.world.rules.trim() === '')
    return miss('no rules', 'a pasted dump');
  if (c.errors !== undefined && errors !== c.errors)
    return miss(`${errors} errors`, `${c.errors} errors`);
  if (c.hasChain !== undefined) {
    const has = env
      .rulesOn()
      ?.ruleset.tables.some((t) => t.chains.some((ch) => ch.name === c.hasChain));
    if (!has) return miss(null, c.hasChain);
  }
  return PASS;
}

function cursorCheck(env: Env, c: Extract<Check, { cursor: unknown }>['cursor']): CheckOutcome {
  const cur = env.world.cursor;
  const want = describePattern(env, c.at);
  if (cur === null || (c.packet !== undefined && cur.packet !== c.packet))
    return miss(null, want, { code: 'no-cursor' });
  const t = env.trace(cur.packet);
  if (!t.ok) return miss(null, want, { code: 'problem', message: t.problem });
  const step = t.trace.steps[cur.index];
  if (step && stepMatches(env, c.at, step)) return PASS;
  return miss(step ? stepLine(step) : null, want);
}

function stepLine(s: TraceStep): string {
  const r = s as {
    hook?: string;
    table?: string;
    chain?: string;
    rule?: number | null;
    target?: string;
  };
  return [
    r.hook,
    r.table,
    r.chain,
    r.rule ? `#${r.rule}` : '',
    r.target ? `→ ${r.target}` : '',
    `(${s.kind})`,
  ]
    .filter(Boolean)
    .join(' ');
}

function compiledCheck(
  env: Env,
  c: Extract<Check, { compiled: unknown }>['compiled'],
): CheckOutcome {
  const name = chainName(env, c.chain);
  const on = env.rulesOn(c.node ?? null);
  const chains = (on?.ruleset.tables ?? [])
    .filter((t) => c.table === undefined || t.name === c.table)
    .flatMap((t) => t.chains.filter((ch) => ch.name === name));
  if (chains.length === 0) return miss('absent', name);
  if (c.rules === undefined) return PASS;
  const target = c.target === undefined ? undefined : chainName(env, c.target);
  const n = chains
    .flatMap((ch) => ch.rules)
    .filter((r) => target === undefined || r.target?.name === target).length;
  const what = target === undefined ? 'rules' : `rules to ${target}`;
  return n === c.rules ? PASS : miss(`${n} ${what}`, `${c.rules} ${what}`);
}

function conntrackCheck(
  steps: readonly TraceStep[],
  c: Extract<Check, { conntrack: unknown }>['conntrack'],
): CheckOutcome {
  let last: ConntrackStep | undefined;
  for (const s of steps) if (s.kind === 'conntrack' && s.entry) last = s;
  if (!last?.entry) return miss('no entry', 'a conntrack entry');
  if (c.state !== undefined && last.state !== c.state) return miss(last.state, c.state);
  for (const bit of c.status ?? [])
    if (!last.entry.status.includes(bit)) return miss(last.entry.status.join(',') || 'none', bit);
  if (c.reply !== undefined && !last.entry.reply.includes(c.reply))
    return miss(last.entry.reply, c.reply);
  return PASS;
}

type TraceLike = Extract<
  Check,
  | { trace: unknown }
  | { result: unknown }
  | { packetAfter: unknown }
  | { distribution: unknown }
  | { conntrack: unknown }
>;

function traceCheck(env: Env, check: TraceLike): CheckOutcome {
  const packet =
    'trace' in check
      ? check.trace.packet
      : 'result' in check
        ? check.result.packet
        : 'packetAfter' in check
          ? check.packetAfter.packet
          : 'conntrack' in check
            ? check.conntrack.packet
            : check.distribution.packet;
  if (!env.world.sent.includes(packet)) return miss(null, null, { code: 'not-sent', packet });
  if ('distribution' in check) return distributionCheck(env, check.distribution);
  const t = env.trace(packet);
  if (!t.ok) return miss(null, null, { code: 'problem', message: t.problem });
  const { steps, result } = t.trace;
  if ('conntrack' in check) return conntrackCheck(steps, check.conntrack);
  if ('trace' in check) {
    for (const p of check.trace.contains ?? [])
      if (findStep(env, p, steps) < 0) return miss('absent', describePattern(env, p));
    for (const p of check.trace.absent ?? [])
      if (findStep(env, p, steps) >= 0) return miss(describePattern(env, p), 'absent');
    let from = 0;
    for (const p of check.trace.sequence ?? []) {
      const i = findStep(env, p, steps.slice(from));
      if (i < 0) return miss('absent', describePattern(env, p));
      from += i + 1;
    }
    return PASS;
  }
  if ('result' in check) {
    const r = check.result;
    if (r.verdict !== undefined && result.verdict !== r.verdict)
      return miss(result.verdict, r.verdict);
    if (r.fate !== undefined && result.fate !== r.fate) return miss(result.fate, r.fate);
    if (r.ctState !== undefined && result.ctState !== r.ctState)
      return miss(result.ctState ?? null, r.ctState);
    return fieldsCheck(result.packet, r.fields ?? {});
  }
  const i = findStep(env, check.packetAfter.at, steps);
  if (i < 0) return miss('absent', describePattern(env, check.packetAfter.at));
  return fieldsCheck(steps[i]!.packet, check.packetAfter.fields);
}

function fieldsCheck(
  p: Parameters<typeof fieldOf>[0],
  want: Partial<Record<PacketField, string | number>>,
): CheckOutcome {
  for (const [k, v] of Object.entries(want)) {
    const got = fieldOf(p, k as PacketField);
    if (String(got) !== String(v)) return miss(`${k} ${showValue(got)}`, `${k} ${v}`);
  }
  return PASS;
}

function distributionCheck(
  env: Env,
  c: Extract<Check, { distribution: unknown }>['distribution'],
): CheckOutcome {
  const d = env.distribution(c.packet);
  if (!d.ok) return miss(null, null, { code: 'problem', message: d.problem });
  const shares = Object.values(d.shares);
  const got = `${shares.length} × ${shares.map((s) => showValue(s)).join(', ')}`;
  if (c.endpoints !== undefined && shares.length !== c.endpoints)
    return miss(got, `${c.endpoints} endpoints`);
  if (c.uniform && shares.some((s) => Math.abs(s - 1 / shares.length) > 1e-6))
    return miss(got, `uniform ${showValue(1 / shares.length)}`);
  for (const [key, want] of Object.entries(c.equals ?? {})) {
    const ref = env.loaded.lesson.refs?.[key];
    const endpoint = ref ? resolveRef(env, ref) : key;
    const share = endpoint === null ? 0 : (d.shares[endpoint] ?? 0);
    if (Math.abs(share - want) > 0.0005)
      return miss(
        `${endpoint ?? key} ${showValue(share)}`,
        `${endpoint ?? key} ${showValue(want)}`,
      );
  }
  return PASS;
}
