/** The text on a random branch: its chance at the rule, and its share when that differs. */
import { percent } from '../shared/format.ts';
import type { BranchProbability } from './graph-model.ts';

export function probabilityLabel(p: BranchProbability, rest: string): string {
  if (p.rest) return `${rest} (${percent(p.share)})`;
  if (Math.abs(p.conditional - p.share) < 1e-9) return percent(p.share);
  return `${percent(p.conditional)} (${percent(p.share)})`;
}
