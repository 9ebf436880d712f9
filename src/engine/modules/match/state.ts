/**
 * `-m state --state`: the connection tracking state of a packet (the older spelling of
 * `-m conntrack --ctstate`). iptables prints the states in its own fixed order, whatever order
 * they were written in.
 */
import { defineMatch, type Lang } from '../types.ts';
import { requireOneOf, reportRepeated } from './checks.ts';

/** in the order iptables prints them */
export const STATES = ['INVALID', 'NEW', 'RELATED', 'ESTABLISHED', 'UNTRACKED'] as const;

export interface StateData {
  states: string[];
  negated: boolean;
}

/** Upper-cases, checks and sorts a comma list into `order`; undefined names the first bad item. */
export function parseStateList(
  text: string,
  order: readonly string[],
): { states: string[] } | { bad: string } {
  const items = text.split(',').map((s) => s.toUpperCase());
  const bad = items.find((s) => !order.includes(s));
  if (bad !== undefined) return { bad };
  return { states: order.filter((s) => items.includes(s)) };
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

export const state = defineMatch<StateData>({
  name: 'state',
  options: [{ name: 'state', args: 1, negatable: true }],
  parse(options, ctx) {
    reportRepeated('state', options, ctx);
    requireOneOf('state', options, ['state'], ctx);
    let data: StateData = { states: [], negated: false };
    for (const o of options) {
      const r = parseStateList(o.args[0] ?? '', STATES);
      if ('bad' in r)
        ctx.report('bad-value', `unknown state "${r.bad}" (expected ${STATES.join(', ')})`, o.span);
      else data = { states: r.states, negated: o.negated };
    }
    return data;
  },
  save: (d) => [...(d.negated ? ['!'] : []), '--state', d.states.join(',')],
  list: (d) => `${d.negated ? '! ' : ''}state ${d.states.join(',')}`,
  explain: (d, lang) => explainStates(d.states, d.negated, lang),
});
