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
import type { Chain, Match, Rule, Target } from '../rules/index.ts';
import { nextCandidate, type ChainIndex } from './chain-index.ts';
import {
  compileRule,
  compiledCoreFailure,
  type CompiledChain,
  type CompiledRule,
} from './compiled-rule.ts';
import type { Hook } from './hooks.ts';
import { coreFailure } from './matchers/core.ts';
import { unknownLabel } from './matchers/index.ts';
import type {
  MatchEvaluator,
  MatchResult,
  TargetContext,
  TargetEvaluator,
} from '../modules/evaluate.ts';
import type { PacketView } from './packet.ts';
import { textOf, type TableIndex } from './ruleset-index.ts';
import { jumpStep, ruleStep, unknownStep, verdictStep } from './rule-steps.ts';
import type { FailedPart, TraceStep } from './trace.ts';

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
  /** the chain's compiled rules (compiled-rule.ts), or null to test rules on the reference path */
  compiled(chain: Chain): CompiledChain | null;
}

/** A guard against exponential walks through a DAG of chains; far above any real ruleset. */
const RULE_BUDGET = 5_000_000;

interface Frame {
  chain: Chain;
  /** the chain's index, when it has one */
  index: ChainIndex | null;
  /** the chain's compiled rules, unless the walk takes the reference path */
  compiled: CompiledChain | null;
  pos: number;
  /** chains this frame passed through by goto: still "being walked" for the loop guard */
  via: string[] | null;
}

/** Whether `chain` is on the stack, or was passed through by a goto of a frame on it. */
function beingWalked(stack: readonly Frame[], chain: Chain): boolean {
  for (const f of stack)
    if (f.chain === chain || (f.via && f.via.includes(chain.name))) return true;
  return false;
}

/** A match the engine cannot answer: assumed as the options say, named in the result. */
function unknownMatch(rule: Rule, m: Match, env: WalkEnv): MatchResult {
  const r = env.assumeUnknown;
  const label = unknownLabel(m.module, m.data);
  env.unknown(label);
  if (env.level !== 'none') env.record(unknownStep(env.hook, rule, label, 'match', r, env.view()));
  return r;
}

/**
 * A rule whose text had errors, or that -L could not show whole, says more than the model
 * holds: the real rule matches a subset of what is left. When the rest matched we cannot
 * know, so it counts as unknown, never as a silent match.
 */
function incompleteRule(rule: Rule, env: WalkEnv): FailedPart | null {
  const what = rule.invalid ? '(rule with errors)' : '(-L text not understood)';
  const r = env.assumeUnknown;
  env.unknown(what);
  if (env.level !== 'none') env.record(unknownStep(env.hook, rule, what, 'match', r, env.view()));
  return r === 'nomatch' ? { part: 'match', index: rule.matches.length, module: what } : null;
}

/** The reference test of a rule: the core, then each match through the registry's evaluator. */
function evaluate(rule: Rule, env: WalkEnv): FailedPart | null {
  const core = coreFailure(rule.core, env.ctx);
  if (core) return core;
  for (let i = 0; i < rule.matches.length; i++) {
    const m = rule.matches[i]!;
    env.enterMatch(i);
    const ev = m.unknown ? undefined : env.matchers.get(m.module);
    let r: MatchResult = ev ? ev(m.data, env.ctx) : 'unknown';
    if (r === 'unknown') r = unknownMatch(rule, m, env);
    if (r === 'nomatch') return { part: 'match', index: i, module: m.module };
  }
  return rule.invalid || rule.lossy !== undefined ? incompleteRule(rule, env) : null;
}

/** The same test on the rule's compiled form: the same answer with no lookup per rule. */
function evaluateCompiled(c: CompiledRule, env: WalkEnv): FailedPart | null {
  const ctx = env.ctx;
  const core = compiledCoreFailure(c, ctx);
  if (core) return core;
  const rule = c.rule;
  const matches = c.matches;
  for (let i = 0; i < matches.length; i++) {
    const cm = matches[i]!;
    env.enterMatch(i);
    const ev = cm.evaluate;
    let r: MatchResult = ev ? ev(cm.match.data, ctx) : 'unknown';
    if (r === 'unknown') r = unknownMatch(rule, cm.match, env);
    if (r === 'nomatch') return { part: 'match', index: i, module: cm.match.module };
  }
  return rule.invalid || rule.lossy !== undefined ? incompleteRule(rule, env) : null;
}

/** One walk of a table's chain: the stack of chains being walked and the rule budget left. */
class ChainWalk {
  readonly stack: Frame[];
  readonly hook: Hook;
  readonly tableName: string;
  readonly recording: boolean;
  budget = RULE_BUDGET;

  constructor(
    readonly base: Chain,
    readonly env: WalkEnv,
  ) {
    this.stack = [this.frame(base)];
    this.hook = env.hook;
    this.tableName = env.table.table.name;
    this.recording = env.level !== 'none';
  }

  frame(chain: Chain): Frame {
    const env = this.env;
    return {
      chain,
      index: env.chainIndex(chain),
      compiled: env.compiled(chain),
      pos: 0,
      via: null,
    };
  }

  /** The end (or a RETURN) of the built-in chain: its policy. */
  policy(): WalkOutcome {
    const verdict = this.base.policy ?? 'ACCEPT';
    if (this.recording)
      this.env.record({
        kind: 'policy',
        hook: this.hook,
        table: this.tableName,
        chain: this.base.name,
        rule: null,
        verdict,
        packet: this.env.view(),
      });
    return { verdict };
  }

  /** Back to the calling chain (null), or the policy when this is the built-in chain. */
  leave(rule: Rule | null): WalkOutcome | null {
    const stack = this.stack;
    if (stack.length === 1) return this.policy();
    const from = stack.pop()!;
    if (this.recording) {
      const step: TraceStep = {
        kind: 'return',
        hook: this.hook,
        table: this.tableName,
        chain: from.chain.name,
        to: stack[stack.length - 1]!.chain.name,
        rule: rule ? rule.index : null,
        packet: this.env.view(),
      };
      if (rule) step.ruleText = textOf(rule);
      this.env.record(step);
    }
    return null;
  }

  /** Steps over the rules the destination index rules out; true when it stepped over some. */
  skipByIndex(top: Frame, index: ChainIndex): boolean {
    const env = this.env;
    const dst = env.ctx.packet.dst;
    // the index holds IPv4 destinations only: an IPv6 packet tests every rule
    if (typeof dst !== 'number') return false;
    // the guard counts skipped rules as tested, so it stops exactly where it did before
    const n = Math.min(nextCandidate(index, top.pos, dst) - top.pos, this.budget);
    if (n <= 0) return false;
    const rules = top.chain.rules;
    if (env.level === 'all')
      env.record({
        kind: 'skip',
        hook: this.hook,
        table: this.tableName,
        chain: top.chain.name,
        from: rules[top.pos]!.index,
        to: rules[top.pos + n - 1]!.index,
        count: n,
        reason: 'destination',
        packet: env.view(),
      });
    this.budget -= n;
    top.pos += n;
    return true;
  }

  outOfBudget(rule: Rule): WalkOutcome {
    if (this.recording)
      this.env.record({
        kind: 'jump-depth',
        hook: this.hook,
        table: this.tableName,
        chain: rule.chain,
        rule: rule.index,
        ruleText: textOf(rule),
        target: rule.target?.name ?? '',
        note: `stopped after ${RULE_BUDGET} rules in one table walk`,
        packet: this.env.view(),
      });
    return this.policy();
  }

  recordRule(rule: Rule, failed: FailedPart | null): void {
    this.env.record(ruleStep(this.hook, rule, failed, this.env.view()));
  }

  /** -j / -g to a user chain of this table; false when the target is no user chain. */
  toUserChain(top: Frame, rule: Rule, t: Target): boolean {
    const env = this.env;
    const stack = this.stack;
    const chain = t.kind === 'jump' || t.kind === 'goto' ? env.table.chains.get(t.name) : undefined;
    if (!chain || chain.builtin) return false;
    const active = beingWalked(stack, chain);
    if (active || (t.kind === 'jump' && stack.length > env.maxDepth)) {
      if (this.recording)
        env.record({
          kind: active ? 'jump-loop' : 'jump-depth',
          hook: this.hook,
          table: this.tableName,
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
      return true;
    }
    if (this.recording) {
      const goto = t.kind === 'goto';
      const depth = goto ? stack.length - 1 : stack.length;
      env.record(jumpStep(goto ? 'goto' : 'jump', this.hook, rule, chain.name, depth, env.view()));
    }
    if (t.kind === 'goto') {
      (top.via ??= []).push(top.chain.name);
      top.chain = chain;
      top.index = env.chainIndex(chain);
      top.compiled = env.compiled(chain);
      top.pos = 0;
    } else stack.push(this.frame(chain));
    return true;
  }

  /** ACCEPT, DROP, QUEUE and RETURN; null when the walk goes on. */
  builtinTarget(rule: Rule, t: Target): WalkOutcome | null {
    if (t.name === 'RETURN') return this.leave(rule);
    // QUEUE with nobody listening on the queue drops the packet
    const verdict = t.name === 'ACCEPT' ? 'ACCEPT' : 'DROP';
    if (this.recording)
      this.env.record(verdictStep(this.hook, rule, t.name, verdict, undefined, this.env.view()));
    return { verdict };
  }

  /** A target extension, through its module's evaluator; null when the walk goes on. */
  extensionTarget(rule: Rule, t: Target): WalkOutcome | null {
    const env = this.env;
    const ev = t.kind === 'extension' && !t.unknown ? env.targets.get(t.name) : undefined;
    const result = ev
      ? ev(t.data, env.ctx)
      : { flow: 'unknown' as const, reason: 'no evaluator for this target' };
    switch (result.flow) {
      case 'continue':
        return null;
      case 'return':
        return this.leave(rule);
      case 'unknown':
        env.unknown(t.name);
        if (this.recording)
          env.record(unknownStep(this.hook, rule, t.name, 'target', 'continue', env.view()));
        return null;
      case 'verdict': {
        if (this.recording) {
          const { verdict, rejectWith } = result;
          env.record(verdictStep(this.hook, rule, t.name, verdict, rejectWith, env.view()));
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

export function walkChain(base: Chain, env: WalkEnv): WalkOutcome {
  const walk = new ChainWalk(base, env);
  const stack = walk.stack;
  for (;;) {
    const top = stack[stack.length - 1]!;
    if (top.pos >= top.chain.rules.length) {
      const out = walk.leave(null);
      if (out) return out;
      continue;
    }
    if (top.index && walk.skipByIndex(top, top.index)) continue;
    const pos = top.pos++;
    const rule = top.chain.rules[pos]!;
    if (--walk.budget < 0) return walk.outOfBudget(rule);
    env.enterRule(rule);
    const compiled = top.compiled;
    const failed = compiled
      ? evaluateCompiled((compiled[pos] ??= compileRule(rule, env.matchers)), env)
      : evaluate(rule, env);
    const t = rule.target;
    if (walk.recording && (failed === null || env.level === 'all')) walk.recordRule(rule, failed);
    if (failed || !t || walk.toUserChain(top, rule, t)) continue;
    const out = t.kind === 'builtin' ? walk.builtinTarget(rule, t) : walk.extensionTarget(rule, t);
    if (out) return out;
  }
}
