/**
 * `-m state --state`: the connection tracking state of a packet (the older spelling of
 * `-m conntrack --ctstate`). iptables prints the states in its own fixed order, whatever order
 * they were written in.
 */
import type { SourceSpan } from '../../rules/model-face.ts';
import { defineMatch, type ModuleContext } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type EvalContext, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

/** in the order iptables prints them */
export const STATES = ['INVALID', 'NEW', 'RELATED', 'ESTABLISHED', 'UNTRACKED'] as const;

export interface StateData {
  states: string[];
  negated: boolean;
}

/**
 * Reads a comma list of names as iptables 1.8 does: each item is compared without case against
 * the names in `order`, and a prefix picks the first name it begins (`EST` is ESTABLISHED, `U`
 * among address types is UNSPEC). The result is sorted into `order`, the order iptables prints;
 * `respelled` lists each item written otherwise than it prints, for a warning. An empty item
 * (`NEW,,EST`, a trailing comma) is refused, as iptables refuses it.
 */
export function parseStateList(
  text: string,
  order: readonly string[],
): { states: string[]; respelled: [written: string, canonical: string][] } | { bad: string } {
  const found = new Set<string>();
  const respelled: [string, string][] = [];
  for (const item of text.split(',')) {
    const upper = item.toUpperCase();
    const name = upper === '' ? undefined : order.find((n) => n.startsWith(upper));
    if (name === undefined) return { bad: item };
    found.add(name);
    if (item !== name) respelled.push([item, name]);
  }
  return { states: order.filter((s) => found.has(s)), respelled };
}

/** The warning for names iptables reads but prints otherwise (`EST` → ESTABLISHED). */
export function reportRespelled(
  respelled: readonly [string, string][],
  at: SourceSpan,
  ctx: ModuleContext,
): void {
  if (respelled.length === 0) return;
  const list = respelled.map(([w, c]) => `"${w}" as ${c}`).join(', ');
  ctx.report(
    'respelled',
    `read ${list}, as iptables does; iptables-save prints the full name, so write it that way`,
    at,
    'warning',
  );
}

const STATE_KO: Readonly<Record<string, string>> = {
  INVALID: 'INVALID(잘못된 패킷)',
  NEW: 'NEW(새 연결)',
  RELATED: 'RELATED(관련 연결)',
  ESTABLISHED: 'ESTABLISHED(이미 맺어진 연결)',
  UNTRACKED: 'UNTRACKED(추적 안 함)',
  SNAT: 'SNAT(출발지 변환됨)',
  DNAT: 'DNAT(목적지 변환됨)',
};

/** `connection state NEW or ESTABLISHED`, `연결 상태가 NEW(새 연결)` — shared with conntrack. */
export function explainStates(states: readonly string[], negated: boolean, lang: Lang): string {
  if (lang === 'ko') {
    const list = states.map((s) => STATE_KO[s] ?? s).join(', ');
    return `연결 상태가 ${list}${negated ? ' 중 어느 것도 아님' : states.length > 1 ? ' 중 하나' : ''}`;
  }
  if (negated)
    return `connection state ${states.length > 1 ? `none of ${states.join(', ')}` : `not ${states.join('')}`}`;
  return `connection state ${states.join(' or ')}`;
}

/** The states a connection is in, with SNAT and DNAT for conntrack's --ctstate. */
export function statesOf(ctx: EvalContext, withNat: boolean): string[] {
  const ct = ctx.ct;
  if (!ct) return ['INVALID'];
  const out: string[] = [ct.state];
  if (withNat && ct.entry) {
    if (ct.entry.snat) out.push('SNAT');
    if (ct.entry.dnat) out.push('DNAT');
  }
  return out;
}

/**
 * Whether the connection is in one of `wanted`: what testing statesOf's list gives, answered
 * without building the list, since every rule with a state match asks it of every packet.
 */
export function inAnyState(wanted: readonly string[], ctx: EvalContext, withNat: boolean): boolean {
  const ct = ctx.ct;
  if (!ct) return wanted.includes('INVALID');
  if (wanted.includes(ct.state)) return true;
  const entry = withNat ? ct.entry : undefined;
  if (!entry) return false;
  return (entry.snat && wanted.includes('SNAT')) || (entry.dnat && wanted.includes('DNAT'));
}

const evaluate: MatchEvaluator<StateData> = (d, ctx) =>
  held(inAnyState(d.states, ctx, false), d.negated);

const readList = re(/(! )?state (\S+)/, (m) => w('-m', 'state', m[1] && '!', '--state', m[2]));

export const state = defineMatch<StateData>({
  name: 'state',
  evaluate,
  readList,
  options: [{ name: 'state', args: 1, negatable: true }],
  parse(options, ctx) {
    reportRepeated('state', options, ctx);
    requireOneOf('state', options, ['state'], ctx);
    let data: StateData = { states: [], negated: false };
    for (const o of options) {
      const r = parseStateList(o.args[0] ?? '', STATES);
      if ('bad' in r)
        ctx.report('bad-value', `unknown state "${r.bad}" (expected ${STATES.join(', ')})`, o.span);
      else {
        reportRespelled(r.respelled, o.span, ctx);
        data = { states: r.states, negated: o.negated };
      }
    }
    return data;
  },
  save: (d) => [...(d.negated ? ['!'] : []), '--state', d.states.join(',')],
  list: (d) => `${d.negated ? '! ' : ''}state ${d.states.join(',')}`,
  explain: (d, lang) => explainStates(d.states, d.negated, lang),
});
