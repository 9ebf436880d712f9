/**
 * The line beside the picture that says what decided the current step, in the words of
 * iptables: "nat PREROUTING → KUBE-SEP-… rule 1: DNAT to 10.42.0.44:8080".
 */
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import { addrPort } from '../shared/format.ts';
import type { Lang } from '../shared/lang.ts';
import { ruleOf } from '../shared/steps.ts';
import { stepLabel } from '../trace-player/step-label.ts';
import { strings } from './strings.ts';

/** Where the step happened: table and hook, then the chain and the rule's place in it. */
function placeOf(s: TraceStep, lang: Lang): string {
  const t = strings[lang];
  if (s.kind === 'route') return t.routingDecision(s.hook);
  if (s.kind === 'conntrack') return `conntrack ${s.hook}`;
  if (!('table' in s)) return s.hook;
  const head = `${s.table} ${s.hook}`;
  if (!('chain' in s) || s.chain === undefined) return head;
  const rule = ruleOf(s);
  return `${head} → ${s.chain}${rule ? ` ${t.rule(rule.rule)}` : ''}`;
}

/** What it did; a NAT step says where the packet now goes (or comes from). */
function actOf(s: TraceStep, lang: Lang): string {
  if (s.kind === 'nat') return strings[lang].natTo(s.type, addrPort(s.after.addr, s.after.port));
  return stepLabel(s, lang).what;
}

/** The current step's deciding place and act, or null before the packet has entered. */
export function decidedBy(steps: readonly TraceStep[], current: number, lang: Lang): string | null {
  const s = current >= 0 ? steps[Math.min(current, steps.length - 1)] : undefined;
  if (!s) return null;
  return `${placeOf(s, lang)}: ${actOf(s, lang)}`;
}
