/**
 * The words on a random branch (`-m statistic --mode random --probability p`): the rule's own
 * chance as a fraction a learner recognises ("1/3 · 33.3%"), and, when it differs, the share of
 * all the packets entering the chain it ends up with ("→ 25% of all"). The raw value, as
 * iptables-save prints it, goes in the title.
 */
import type { ChainEdge } from './graph-model.ts';
import type { GraphStrings } from './strings.ts';

/** the largest denominator tried: kube-proxy writes 1/n for n endpoints */
const MAX_DENOMINATOR = 64;
/** the kernel keeps p as a 31-bit threshold and iptables-save prints 11 decimals */
const TOLERANCE = 1e-8;

/** `1/3` for 0.33333333349, or null when no small fraction is that close. */
export function fraction(p: number): string | null {
  if (!(p > 0 && p < 1)) return null;
  for (let d = 2; d <= MAX_DENOMINATOR; d++) {
    const n = Math.round(p * d);
    if (n > 0 && Math.abs(p - n / d) < TOLERANCE) return `${n}/${d}`;
  }
  return null;
}

/** A share as a percentage with at most one decimal: 25%, 33.3%, <0.1%. */
export function share(p: number): string {
  if (!Number.isFinite(p) || p <= 0) return '0%';
  if (p >= 1) return '100%';
  const v = Math.round(p * 1000) / 10;
  if (v < 0.1) return '<0.1%';
  if (v > 99.9) return '>99.9%';
  return `${v}%`;
}

/** The probability as iptables-save prints it. */
export const rawProbability = (p: number): string => p.toFixed(11);

export interface EdgeText {
  lines: string[];
  title: string;
}

/** An edge's label lines and title, or null when it carries no probability. */
export function edgeText(e: ChainEdge, t: GraphStrings): EdgeText | null {
  const rules = e.rules.map((r) => `#${r}`).join(', ');
  const p = e.probability;
  if (p?.rest)
    return { lines: [t.rest, t.ofAll(share(p.share))], title: t.restTitle(share(p.share), rules) };
  if (p) {
    const frac = fraction(p.conditional);
    const own = frac ? `${frac} · ${share(p.conditional)}` : share(p.conditional);
    const same = Math.abs(p.conditional - p.share) < 1e-9;
    return {
      lines: same ? [own] : [own, t.ofAll(share(p.share))],
      title: t.probabilityTitle(rawProbability(p.conditional), own, share(p.share), rules),
    };
  }
  const f = e.folded;
  if (f && f.share !== null)
    return {
      lines: [t.branches(f.count), t.ofAll(share(f.share))],
      title: t.foldedTitle(f.count, share(f.share)),
    };
  return null;
}
