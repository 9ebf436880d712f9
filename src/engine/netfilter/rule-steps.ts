/**
 * The trace steps that name a rule, built with the rule's reference fields (RuleRef) written
 * out in their documented order. A walk records one or more of these for nearly every rule it
 * tests, so each is one object literal of a fixed shape: spreading a RuleRef into the literal
 * instead would build a second object per step and copy it through V8's slow generic path.
 */
import type { Rule } from '../rules/index.ts';
import type { Hook } from './hooks.ts';
import type { PacketView } from './packet.ts';
import { textOf } from './ruleset-index.ts';
import type {
  FailedPart,
  JumpStep,
  MarkStep,
  RandomStep,
  RecentStep,
  RewriteField,
  RewriteStep,
  RuleStep,
  TargetStep,
  UnknownModuleStep,
  Verdict,
  VerdictStep,
} from './trace.ts';

/** The rule was tested: matched, or the first part that failed. */
export function ruleStep(
  hook: Hook,
  rule: Rule,
  failed: FailedPart | null,
  packet: PacketView,
): RuleStep {
  const step: RuleStep = {
    kind: 'rule',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    matched: failed === null,
    target: rule.target ? rule.target.name : null,
    packet,
  };
  if (failed) step.failed = failed;
  return step;
}

export function jumpStep(
  kind: 'jump' | 'goto',
  hook: Hook,
  rule: Rule,
  target: string,
  depth: number,
  packet: PacketView,
): JumpStep {
  return {
    kind,
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    target,
    depth,
    packet,
  };
}

export function verdictStep(
  hook: Hook,
  rule: Rule,
  target: string,
  verdict: Verdict,
  rejectWith: string | undefined,
  packet: PacketView,
): VerdictStep {
  const step: VerdictStep = {
    kind: 'verdict',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    target,
    verdict,
    packet,
  };
  if (rejectWith) step.rejectWith = rejectWith;
  return step;
}

export function unknownStep(
  hook: Hook,
  rule: Rule,
  module: string,
  role: 'match' | 'target',
  assumed: 'match' | 'nomatch' | 'continue',
  packet: PacketView,
): UnknownModuleStep {
  return {
    kind: 'unknown-module',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    module,
    role,
    assumed,
    packet,
  };
}

export function randomStep(
  hook: Hook,
  rule: Rule,
  matched: boolean,
  threshold: number,
  probability: number,
  packet: PacketView,
): RandomStep {
  return {
    kind: 'random',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    matched,
    threshold,
    probability,
    packet,
  };
}

export function recentStep(
  hook: Hook,
  rule: Rule,
  q: { list: string; command: RecentStep['command']; address: string },
  found: boolean,
  matched: boolean,
  packet: PacketView,
): RecentStep {
  return {
    kind: 'recent',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    list: q.list,
    command: q.command,
    address: q.address,
    found,
    matched,
    packet,
  };
}

/** A note from a target that does not end the walk (NOTRACK, a NAT target that cannot map). */
export function targetStep(
  hook: Hook,
  rule: Rule,
  target: string,
  note: string,
  packet: PacketView,
): TargetStep {
  return {
    kind: 'target',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    target,
    note,
    packet,
  };
}

export function markStep(
  hook: Hook,
  rule: Rule,
  target: string,
  what: 'mark' | 'connmark',
  from: number,
  to: number,
  packet: PacketView,
): MarkStep {
  return {
    kind: 'mark',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    target,
    what,
    from,
    to,
    packet,
  };
}

/** A header field a target rewrote (the kernel's own changes carry no rule: run.ts). */
export function rewriteStep(
  hook: Hook,
  rule: Rule,
  target: string,
  field: RewriteField,
  from: number,
  to: number,
  packet: PacketView,
): RewriteStep {
  return {
    kind: 'rewrite',
    hook,
    table: rule.table,
    chain: rule.chain,
    rule: rule.index,
    ruleId: rule.id,
    ruleText: textOf(rule),
    span: rule.span,
    target,
    field,
    from,
    to,
    packet,
  };
}
