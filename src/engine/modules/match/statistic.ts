/**
 * `-m statistic`: kube-proxy's load balancing. In random mode the kernel draws a 31-bit random
 * number and matches when it is below `probability × 2^31` rounded; that rounding is why
 * iptables-save prints 1/3 as 0.33333333349. We keep the kernel's integer threshold so the
 * simulator's exact probabilities are the kernel's, not the decimal the user typed.
 */
import { bang, defineMatch } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { firstOf, re, w } from '../list-text.ts';

export const STATISTIC_SCALE = 0x80000000;

export type StatisticData =
  | { mode: 'random'; threshold: number; negated: boolean }
  | { mode: 'nth'; every: number; packet: number; negated: boolean };

/** The probability the kernel applies, as iptables prints it (11 decimals). */
export function formatProbability(threshold: number): string {
  return (threshold / STATISTIC_SCALE).toFixed(11);
}

/** What C's strtod reads whole: decimal with an optional exponent, or a hex integer. */
const FLOAT = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$|^0[xX][0-9a-fA-F]+$/;

/**
 * The share a rule's random-mode statistic match lets through (its complement when negated),
 * or null when the rule has none: the chain graph's and the dump outline's edge probabilities.
 */
export function randomProbability(
  matches: readonly { module: string; unknown?: boolean; data: unknown }[],
): number | null {
  for (const m of matches) {
    if (m.module !== 'statistic' || m.unknown) continue;
    const d = m.data as StatisticData;
    if (d.mode !== 'random') continue;
    const p = Math.min(1, d.threshold / STATISTIC_SCALE);
    return d.negated ? 1 - p : p;
  }
  return null;
}

export function probabilityThreshold(p: number): number {
  return Math.round(STATISTIC_SCALE * p);
}

/**
 * random: the kernel's draw (netfilter/random.ts). nth: iptables loads the counter so that the
 * k-th evaluation (from 0) matches when k mod every == packet.
 */
const evaluate: MatchEvaluator<StatisticData> = (d, ctx) => {
  if (d.mode === 'random') return held(ctx.chance(d.threshold), d.negated);
  if (d.every <= 0) return 'nomatch';
  return held(ctx.count() % d.every === d.packet, d.negated);
};

const readList = firstOf(
  re(/statistic mode random( !)? probability (\S+)/, (m) =>
    w('-m', 'statistic', '--mode', 'random', m[1] && '!', '--probability', m[2]),
  ),
  re(/statistic mode nth( !)? every (\d+)(?: packet (\d+))?/, (m) =>
    w('-m', 'statistic', '--mode', 'nth', m[1] && '!', '--every', m[2], '--packet', m[3] ?? '0'),
  ),
);

export const statistic = defineMatch<StatisticData>({
  name: 'statistic',
  evaluate,
  readList,
  options: [
    { name: 'mode', args: 1 },
    { name: 'probability', args: 1, negatable: true },
    { name: 'every', args: 1, negatable: true },
    { name: 'packet', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('statistic', options, ctx);
    requireOneOf('statistic', options, ['mode'], ctx);
    let mode = '';
    let threshold = 0;
    let every = 0;
    let packet = 0;
    let negated = false;
    for (const o of options) {
      const arg = o.args[0] ?? '';
      if (o.name === 'mode') {
        if (arg !== 'random' && arg !== 'nth')
          ctx.report('bad-value', `statistic mode must be random or nth, not "${arg}"`, o.span);
        mode = arg;
      } else if (o.name === 'probability') {
        const p = Number(arg);
        if (!FLOAT.test(arg) || p < 0 || p > 1)
          ctx.report('bad-value', `probability must be a number from 0 to 1, not "${arg}"`, o.span);
        else threshold = probabilityThreshold(p);
        negated ||= o.negated;
      } else if (o.name === 'every') {
        const v = parseUint(arg, 0xffffffff);
        if (v === undefined || v === 0)
          ctx.report('bad-value', `--every must be a positive number, not "${arg}"`, o.span);
        else every = v;
        negated ||= o.negated;
      } else if (o.name === 'packet') {
        const v = parseUint(arg, 0xffffffff);
        if (v === undefined)
          ctx.report('bad-value', `--packet must be a number, not "${arg}"`, o.span);
        else packet = v;
      }
    }
    // which options each mode needs, as iptables checks them once all are read
    const given = (name: string) => options.some((o) => o.name === name);
    const misplaced = (names: string[], why: string) => {
      for (const o of options)
        if (names.includes(o.name)) ctx.report('syntax', `--${o.name} ${why}`, o.span);
    };
    if (mode === 'nth') {
      if (!given('every') || !given('packet'))
        requireOneOf('statistic', [], [given('every') ? 'packet' : 'every'], ctx);
      misplaced(['probability'], 'belongs to --mode random, not nth');
      const at = options.find((o) => o.name === 'packet');
      if (at && every > 0 && packet >= every)
        ctx.report('bad-value', `--packet must be below --every (0 to ${every - 1})`, at.span);
      return { mode: 'nth', every, packet, negated };
    }
    if (mode === 'random') {
      if (!given('probability')) requireOneOf('statistic', [], ['probability'], ctx);
      misplaced(['every', 'packet'], 'belongs to --mode nth, not random');
    }
    return { mode: 'random', threshold, negated };
  },
  save(d) {
    if (d.mode === 'random')
      return [
        '--mode',
        'random',
        ...bang(d.negated),
        '--probability',
        formatProbability(d.threshold),
      ];
    return [
      '--mode',
      'nth',
      ...bang(d.negated),
      '--every',
      String(d.every),
      '--packet',
      String(d.packet),
    ];
  },
  list(d) {
    if (d.mode === 'random')
      return `statistic mode random${d.negated ? ' !' : ''} probability ${formatProbability(d.threshold)}`;
    return `statistic mode nth${d.negated ? ' !' : ''} every ${d.every}${d.packet ? ` packet ${d.packet}` : ''}`;
  },
  explain(d, lang) {
    if (d.mode === 'random') {
      const pct = (t: number) => `${((t / STATISTIC_SCALE) * 100).toFixed(2)}%`;
      if (!d.negated)
        return lang === 'ko'
          ? `무작위: ${pct(d.threshold)} 확률로 일치`
          : `random: matches with probability ${pct(d.threshold)}`;
      const rest = pct(STATISTIC_SCALE - d.threshold);
      return lang === 'ko'
        ? `무작위: ${rest} 확률로 일치 (${pct(d.threshold)}의 반대)`
        : `random: matches with probability ${rest} (the complement of ${pct(d.threshold)})`;
    }
    return lang === 'ko'
      ? `${d.every}개마다 ${d.packet}번째 패킷${d.negated ? ' 제외' : ''}`
      : `${d.negated ? 'all but ' : ''}packet ${d.packet} of every ${d.every}`;
  },
});
