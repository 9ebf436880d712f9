/**
 * A rule cut into the parts the trace can blame (-s, -d, -i, -o, -p, -f, each -m) and its
 * target, each with its text as iptables-save prints it and a one-line explanation from the
 * module registry.
 */
import type { FailedPart } from '../../../engine/netfilter/trace.ts';
import {
  formatCidr,
  type Cidr,
  type Negatable,
  type Rule,
  type RuleCore,
  coreWords,
  matchWords,
  targetWords,
} from '../../../engine/rules/index.ts';
import { registry } from '../../../engine/modules/registry.ts';
import type { Lang } from '../shared/lang.ts';
import { strings } from './strings.ts';

export type CoreOption = '-s' | '-d' | '-i' | '-o' | '-p' | '-f';

export interface RulePart {
  kind: 'core' | 'match' | 'target';
  text: string;
  option?: CoreOption;
  /** index among the rule's matches */
  index?: number;
  explain: string;
}

const CORE_KEYS: [CoreOption, keyof RuleCore][] = [
  ['-s', 'source'],
  ['-d', 'destination'],
  ['-i', 'inInterface'],
  ['-o', 'outInterface'],
  ['-p', 'protocol'],
  ['-f', 'fragment'],
];

function coreExplain(core: RuleCore, option: CoreOption, lang: Lang): string {
  const t = strings[lang].core;
  const v = (x: Negatable<string | Cidr> | undefined) => {
    if (!x) return { value: '', negated: false };
    const text = typeof x.value === 'string' ? x.value : formatCidr(x.value);
    return { value: text, negated: x.negated };
  };
  switch (option) {
    case '-s':
      return t.source(v(core.source));
    case '-d':
      return t.destination(v(core.destination));
    case '-i':
      return t.inInterface(v(core.inInterface));
    case '-o':
      return t.outInterface(v(core.outInterface));
    case '-p':
      return t.protocol(v(core.protocol));
    case '-f':
      return t.fragment(core.fragment?.negated ?? false);
  }
}

function targetExplain(rule: Rule, lang: Lang): string {
  const t = strings[lang].target;
  const target = rule.target;
  if (!target) return t.none;
  if (target.kind === 'jump') return t.jump(target.name);
  if (target.kind === 'goto') return t.goto(target.name);
  if (target.name === 'ACCEPT') return t.accept;
  if (target.name === 'DROP') return t.drop;
  if (target.name === 'RETURN') return t.return;
  const mod = target.unknown ? undefined : registry.targets.get(target.name);
  return mod ? mod.explain(target.data, lang) : t.unknown(target.name);
}

export function ruleParts(rule: Rule, lang: Lang): RulePart[] {
  const parts: RulePart[] = [];
  for (const [option, key] of CORE_KEYS) {
    if (!rule.core[key]) continue;
    const text = coreWords({ [key]: rule.core[key] } as RuleCore).join(' ');
    parts.push({ kind: 'core', text, option, explain: coreExplain(rule.core, option, lang) });
  }
  rule.matches.forEach((m, index) => {
    const mod = m.unknown ? undefined : registry.matches.get(m.module);
    parts.push({
      kind: 'match',
      text: matchWords(m).join(' '),
      index,
      explain: mod ? mod.explain(m.data, lang) : strings[lang].unknownMatch(m.module),
    });
  });
  if (rule.target)
    parts.push({
      kind: 'target',
      text: targetWords(rule.target).join(' '),
      explain: targetExplain(rule, lang),
    });
  return parts;
}

/** Whether a part is the one the trace says failed. */
export function isFailedPart(p: RulePart, failed: FailedPart | null | undefined): boolean {
  if (!failed) return false;
  if (failed.part === 'core') return p.kind === 'core' && p.option === failed.option;
  return p.kind === 'match' && p.index === failed.index;
}

/** The rule in one plain line: every part's explanation, comments last. */
export function ruleExplanation(parts: readonly RulePart[]): string {
  return parts
    .map((p) => p.explain)
    .filter((e) => e !== '')
    .join('; ');
}
