/**
 * Walking one table's chain at one hook, as the kernel does: rules in order; a rule whose
 * criteria and matches all hold applies its target. ACCEPT, DROP, REJECT and the NAT targets
 * end the table's walk at this hook; MARK, LOG, CONNMARK, CT … continue; -j pushes a chain,
 * -g replaces the current one; RETURN and the end of a user chain go back to the caller; the
 * end (or a RETURN) of the built-in chain applies its policy. A jump into a chain already being
 * walked, or deeper than the limit, is reported and skipped, so the walk always ends.
 * In a chain with a destination index (chain-index.ts) the walk steps over the rules whose -d
 * excludes the packet: their core would fail before any match ran, so nothing else changes.
 */
import type { Chain, Rule } from '../rules/index.ts';
import { nextCandidate, type ChainIndex } from './chain-index.ts';
import type { Hook } from './hooks.ts';
import { coreFailure } from './matchers/core.ts';
import type {
  MatchEvaluator,
  MatchResult,
  TargetContext,
  TargetEvaluator,
} from '../modules/evaluate.ts';
import type { PacketView } from './packet.ts';
import { textOf, type TableIndex } from './ruleset-index.ts';
import type { FailedPart, RuleRef, TraceStep } from './trace.ts';

export type WalkOutcome =
  { verdict: 'ACCEPT' } | { verdict: 'DROP' } | { verdict: 'REJECT'; rejectWith?: string };

export type RecordLevel = 'all' | 'matched' | 'none';

/** What the walk needs from the packet's run (run.ts implements it). */
export interface WalkEnv {
  readonly hook: Hook;
  readonly table: TableIndex;
  readonly ctx: TargetContext;
  readonly matchers: ReadonlyMap<string, MatchEvaluator>;
  readonly targets: ReadonlyMap<string, TargetEvaluator>;
  readonly maxDepth: number;
  readonly assumeUnknown: 'match' | 'nomatch';
  readonly level: RecordLevel;
  /** tells the context which rule (and match) is being evaluated: statistic and counters need it */
  enterRule(rule: Rule): void;
  enterMatch(index: number): void;
  record(step: TraceStep): void;
  view(): PacketView;
  /** remembers a module the outcome depends on */
  unknown(module: string): void;
  /** the chain's destination index (chain-index.ts), or null to test every rule */
  chainIndex(chain: Chain): ChainIndex | null;
}

/** A guard against exponential walks through a DAG of chains; far above any real ruleset. */
const RULE_BUDGET = 5_000_000;

interface Frame {
  chain: Chain;
  /** the chain's index, when it has one */
  index: ChainIndex | null;
  pos: number;
  /** chains this frame passed through by goto: still "being walked" for the loop guard */
  via: string[];
}

export function ruleRef(hook: Hook, rule: Rule): RuleRef {
  return {
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
  };
}

function evaluate(rule: Rule, env: WalkEnv): FailedPart | null {
  const core = coreFailure(rule.core, env.ctx);
  if (core) return core;
  for (let i = 0; i < rule.matches.length; i++) {
    const m = rule.matches[i]!;
    env.enterMatch(i);
    const ev = m.unknown ? undefined : env.matchers.get(m.module);
    let r: MatchResult = ev ? ev(m.data, env.ctx) : 'unknown';
    if (r === 'unknown') {
      r = env.assumeUnknown;
      env.unknown(m.module);
      if (env.level !== 'none')
        env.record({
          kind: 'unknown-module',
          ...ruleRef(env.hook, rule),
          module: m.module,
          role: 'match',
          assumed: r,
          packet: env.view(),
        });
    }
    if (r === 'nomatch') return { part: 'match', index: i, module: m.module };
  }
  // A rule whose text had errors, or that -L could not show whole, says more than the model
  // holds: the real rule matches a subset of what is left. When the rest matched we cannot
  // know, so it counts as unknown, never as a silent match.
  if (rule.invalid || rule.lossy !== undefined) {
    const what = rule.invalid ? '(rule with errors)' : '(-L text not understood)';
    const r = env.assumeUnknown;
    env.unknown(what);
    if (env.level !== 'none')
      env.record({
        kind: 'unknown-module',
        ...ruleRef(env.hook, rule),
        module: what,
        role: 'match',
        assumed: r,
        packet: env.view(),
      });
    if (r === 'nomatch') return { part: 'match', index: rule.matches.length, module: what };
  }
  return null;
}

export function walkChain(base: Chain, env: WalkEnv): WalkOutcome {
  const stack: Frame[] = [{ chain: base, index: env.chainIndex(base), pos: 0, via: [] }];
  const { hook } = env;
  const tableName = env.table.table.name;
  const recording = env.level !== 'none';
  let budget = RULE_BUDGET;

  const policy = (): WalkOutcome => {
    const verdict = base.policy ?? 'ACCEPT';
    if (recording)
      env.record({
        kind: 'policy',
        hook,
        table: tableName,
        chain: base.name,
        rule: null,
        verdict,
        packet: env.view(),
      });
    return { verdict };
  };
  const leave = (rule: Rule | null): WalkOutcome | null => {
    if (stack.length === 1) return policy();
    const from = stack.pop()!;
    if (recording) {
      const step: TraceStep = {
        kind: 'return',
        hook,
        table: tableName,
        chain: from.chain.name,
        to: stack[stack.length - 1]!.chain.name,
        rule: rule ? rule.index : null,
        packet: env.view(),
      };
      if (rule) step.ruleText = textOf(rule);
      env.record(step);
    }
    return null;
  };

  for (;;) {
    const top = stack[stack.length - 1]!;
    if (top.pos >= top.chain.rules.length) {
      const out = leave(null);
      if (out) return out;
      continue;
    }
    if (top.index) {
      // the guard counts skipped rules as tested, so it stops exactly where it did before
      const n = Math.min(nextCandidate(top.index, top.pos, env.ctx.packet.dst) - top.pos, budget);
      if (n > 0) {
        const rules = top.chain.rules;
        if (env.level === 'all')
          env.record({
            kind: 'skip',
            hook,
            table: tableName,
            chain: top.chain.name,
            from: rules[top.pos]!.index,
            to: rules[top.pos + n - 1]!.index,
            count: n,
            reason: 'destination',
            packet: env.view(),
          });
        budget -= n;
        top.pos += n;
        continue;
      }
    }
    const rule = top.chain.rules[top.pos++]!;
    if (--budget < 0) {
      if (recording)
        env.record({
          kind: 'jump-depth',
          hook,
          table: tableName,
          chain: rule.chain,
          rule: rule.index,
          ruleText: textOf(rule),
          target: rule.target?.name ?? '',
          note: `stopped after ${RULE_BUDGET} rules in one table walk`,
          packet: env.view(),
        });
      return policy();
    }
    env.enterRule(rule);
    const failed = evaluate(rule, env);
    const t = rule.target;
    if (recording && (failed === null || env.level === 'all')) {
      const step: TraceStep = {
        kind: 'rule',
        ...ruleRef(hook, rule),
        matched: failed === null,
        target: t ? t.name : null,
        packet: env.view(),
      };
      if (failed) step.failed = failed;
      env.record(step);
    }
    if (failed || !t) continue;

    // -j / -g to a user chain of this table
    const chain = t.kind === 'jump' || t.kind === 'goto' ? env.table.chains.get(t.name) : undefined;
    if (chain && !chain.builtin) {
      const active = stack.some((f) => f.chain === chain || f.via.includes(chain.name));
      if (active || (t.kind === 'jump' && stack.length > env.maxDepth)) {
        if (recording)
          env.record({
            kind: active ? 'jump-loop' : 'jump-depth',
            hook,
            table: tableName,
            chain: rule.chain,
            rule: rule.index,
            ruleText: textOf(rule),
            target: chain.name,
            note: active
              ? `${chain.name} is already being walked: the kernel refuses such a loop, the jump is skipped`
              : `more than ${env.maxDepth} nested jumps: the jump is skipped`,
            packet: env.view(),
          });
        env.unknown(active ? 'jump-loop' : 'jump-depth');
        continue;
      }
      if (recording)
        env.record({
          kind: t.kind === 'goto' ? 'goto' : 'jump',
          ...ruleRef(hook, rule),
          target: chain.name,
          depth: t.kind === 'goto' ? stack.length - 1 : stack.length,
          packet: env.view(),
        });
      if (t.kind === 'goto') {
        top.via.push(top.chain.name);
        top.chain = chain;
        top.index = env.chainIndex(chain);
        top.pos = 0;
      } else stack.push({ chain, index: env.chainIndex(chain), pos: 0, via: [] });
      continue;
    }

    if (t.kind === 'builtin') {
      if (t.name === 'RETURN') {
        const out = leave(rule);
        if (out) return out;
        continue;
      }
      // QUEUE with nobody listening on the queue drops the packet
      const verdict = t.name === 'ACCEPT' ? 'ACCEPT' : 'DROP';
      if (recording)
        env.record({
          kind: 'verdict',
          ...ruleRef(hook, rule),
          target: t.name,
          verdict,
          packet: env.view(),
        });
      return { verdict };
    }

    const ev = t.kind === 'extension' && !t.unknown ? env.targets.get(t.name) : undefined;
    const result = ev
      ? ev(t.data, env.ctx)
      : { flow: 'unknown' as const, reason: 'no evaluator for this target' };
    switch (result.flow) {
      case 'continue':
        continue;
      case 'return': {
        const out = leave(rule);
        if (out) return out;
        continue;
      }
      case 'unknown':
        env.unknown(t.name);
        if (recording)
          env.record({
            kind: 'unknown-module',
            ...ruleRef(hook, rule),
            module: t.name,
            role: 'target',
            assumed: 'continue',
            packet: env.view(),
          });
        continue;
      case 'verdict': {
        if (recording) {
          const step: TraceStep = {
            kind: 'verdict',
            ...ruleRef(hook, rule),
            target: t.name,
            verdict: result.verdict,
            packet: env.view(),
          };
          if (result.rejectWith) step.rejectWith = result.rejectWith;
          env.record(step);
        }
        return result.verdict === 'REJECT'
          ? result.rejectWith
            ? { verdict: 'REJECT', rejectWith: result.rejectWith }
            : { verdict: 'REJECT' }
          : { verdict: result.verdict };
      }
    }
  }
}
