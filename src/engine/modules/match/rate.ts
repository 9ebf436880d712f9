/**
 * Packet rates as limit and hashlimit store them: not packets per unit but the cost of one
 * packet, `scale × seconds-per-unit / count`, in integer arithmetic. Printing picks the unit
 * the same way iptables does, which is why `60/min` comes back as `1/sec`.
 */
import type { Lang } from '../../lang.ts';

/** Units iptables prints, largest first, with their length in seconds. */
const UNITS: readonly (readonly [string, number])[] = [
  ['day', 86400],
  ['hour', 3600],
  ['min', 60],
  ['sec', 1],
];

/** The seconds of a unit written after `/`: any leading part of second, minute, hour or day. */
export function rateUnitSeconds(unit: string): number | undefined {
  const u = unit.toLowerCase();
  if (u === '') return undefined;
  for (const [full, secs] of [
    ['second', 1],
    ['minute', 60],
    ['hour', 3600],
    ['day', 86400],
  ] as const)
    if (full.startsWith(u)) return secs;
  return undefined;
}

export interface ParsedRate {
  /** the cost of one packet in 1/scale seconds */
  period: number;
  /** the unit the rate was written in, in seconds (hashlimit derives defaults from it) */
  unitSeconds: number;
}

export type RateResult = ParsedRate | 'bad' | 'too-fast';

/** `N`, `N/sec`, `N/m`, `N/hour`, … → the kernel's period for `scale` (10000 for limit). */
export function parseRate(text: string, scale: number): RateResult {
  const m = /^([0-9]+)(?:\/(.*))?$/.exec(text);
  if (!m) return 'bad';
  const count = Number(m[1]);
  const unitSeconds = m[2] === undefined ? 1 : rateUnitSeconds(m[2]);
  if (unitSeconds === undefined || count === 0) return 'bad';
  const period = Math.floor((scale * unitSeconds) / count);
  return period === 0 ? 'too-fast' : { period, unitSeconds };
}

export interface FormattedRate {
  text: string;
  /** the unit printed, in seconds */
  unitSeconds: number;
}

/** The rate as iptables prints it: the largest unit whose count is not distorted by rounding. */
export function formatRate(period: number, scale: number): FormattedRate {
  if (period === 0) return { text: 'inf', unitSeconds: 0 };
  let i = 1;
  for (; i < UNITS.length; i++) {
    const mult = scale * UNITS[i]![1];
    if (period > mult || Math.floor(mult / period) < mult % period) break;
  }
  const [name, secs] = UNITS[i - 1]!;
  return { text: `${Math.floor((scale * secs) / period)}/${name}`, unitSeconds: secs };
}

/** "5/min" → "5 per minute" in plain words for explanations. */
export function rateWords(rate: string, lang: Lang): string {
  const [count, unit] = rate.split('/');
  const en: Record<string, string> = { sec: 'second', min: 'minute', hour: 'hour', day: 'day' };
  const ko: Record<string, string> = { sec: '초', min: '분', hour: '시간', day: '일' };
  if (unit === undefined) return rate;
  return lang === 'ko' ? `${ko[unit] ?? unit}당 ${count}개` : `${count} per ${en[unit] ?? unit}`;
}
