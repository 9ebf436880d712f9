/**
 * A per-chain index on the rules' destination (`-d`), so a walk through a long chain jumps
 * straight to the next rule that could match the packet. kube-proxy's KUBE-SERVICES holds one
 * `-d CLUSTER-IP/32 … -j KUBE-SVC-…` rule per Service port: thousands of rules of which one or
 * two can match a given packet. The kernel tests them one by one; the result is the same if we
 * skip the rules whose `-d` cannot hold, because the core criteria (-s -d -i -o -p -f) are
 * tested before any match module and have no side effect: a rule whose core fails never draws
 * a random number, bumps a counter or records anything but its own failure. Rules that can
 * match are still walked one by one, in order, exactly as before.
 */
import type { Chain } from '../rules/index.ts';
import { cidrNumbers } from './matchers/core.ts';

/** Positions (0-based, ascending) of the rules with `-d net/mask`, per network. */
interface MaskGroup {
  mask: number;
  byNet: Map<number, number[]>;
}

export interface ChainIndex {
  /** rules every packet must be tested against: no `-d`, a negated one, or a rare mask */
  readonly wild: readonly number[];
  readonly groups: readonly MaskGroup[];
  readonly size: number;
}

/** When a chain gets an index: 'auto' for long chains only, 'always' (tests), or 'off'. */
export type IndexMode = 'auto' | 'always' | 'off';

/** Long enough that skipping pays and short chains keep one step per rule in the trace. */
export const AUTO_MIN_RULES = 32;
/** Beyond this many distinct masks the rest count as wild: each group costs a lookup per skip. */
const MAX_GROUPS = 8;

/** Builds the index, or null when it would not skip anything worth skipping. */
export function buildChainIndex(chain: Chain, minRules: number): ChainIndex | null {
  const rules = chain.rules;
  if (rules.length < minRules || rules.length === 0) return null;
  // the -d of each rule that has a usable one (mask 0 means none: a /0 holds for every packet)
  const nets = new Array<number>(rules.length);
  const masks = new Array<number>(rules.length);
  const perMask = new Map<number, number>();
  for (let pos = 0; pos < rules.length; pos++) {
    const d = rules[pos]!.core.destination;
    let mask = 0;
    if (d && !d.negated && d.value.family === 'ipv4') {
      const n = cidrNumbers(d.value);
      mask = n.mask;
      nets[pos] = n.net;
      if (mask !== 0) perMask.set(mask, (perMask.get(mask) ?? 0) + 1);
    }
    masks[pos] = mask;
  }
  if (perMask.size === 0) return null;
  const kept =
    perMask.size <= MAX_GROUPS
      ? perMask
      : new Map([...perMask].sort((a, b) => b[1] - a[1]).slice(0, MAX_GROUPS));
  const groups = new Map<number, MaskGroup>();
  for (const mask of kept.keys()) groups.set(mask, { mask, byNet: new Map() });
  const wild: number[] = [];
  for (let pos = 0; pos < rules.length; pos++) {
    const g = groups.get(masks[pos]!);
    if (!g) {
      wild.push(pos);
      continue;
    }
    const net = nets[pos]!;
    const list = g.byNet.get(net);
    if (list) list.push(pos);
    else g.byNet.set(net, [pos]);
  }
  return { wild, groups: [...groups.values()], size: rules.length };
}

/** The first value in `list` that is ≥ `pos`, or `none`. */
function firstFrom(list: readonly number[], pos: number, none: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo]! : none;
}

/**
 * The position of the first rule at or after `pos` whose `-d` can hold for destination `dst`,
 * or the chain's length when there is none. Every rule in between has a `-d` that excludes `dst`.
 */
export function nextCandidate(idx: ChainIndex, pos: number, dst: number): number {
  let next = firstFrom(idx.wild, pos, idx.size);
  for (const g of idx.groups) {
    if (next === pos) return pos;
    const list = g.byNet.get((dst & g.mask) >>> 0);
    if (list) next = Math.min(next, firstFrom(list, pos, idx.size));
  }
  return next;
}
