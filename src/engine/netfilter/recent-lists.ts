/**
 * The kernel's `-m recent` lists (xt_recent): per list name, the addresses seen with the times
 * they were seen. Like the conntrack table they live across the packets of one simulation: a
 * client recorded by `--set` while its first connection is DNATed is found by `--rcheck` when
 * its second connection arrives (kube-proxy's ClientIP session affinity).
 *
 * The model has no clock of its own: the packets of one simulation arrive within the same
 * moment, so an address set by an earlier packet is always within `--seconds`.
 */
import { formatAddr } from './ipv4.ts';

export type RecentCommand = 'set' | 'rcheck' | 'update' | 'remove';

export interface RecentQuery {
  name: string;
  command: RecentCommand;
  /** the (masked) address looked up */
  address: number | bigint;
  /** 0 when not given */
  seconds: number;
  /** 0 when not given */
  hitcount: number;
  /** `! --rcheck` and the like */
  negated: boolean;
}

export interface RecentAnswer {
  /** the address was in the list (with enough hits in time) before this packet */
  found: boolean;
  /** the rule's test held: `--set` always does, the others when found (flipped by `!`) */
  matched: boolean;
}

export interface RecentView {
  name: string;
  address: string;
  /** how many times it was recorded (`--set`, or a matching `--update`) */
  hits: number;
}

/** The packet's time: every packet of one simulation is at 0 (see above). */
const NOW = 0;

export class RecentLists {
  private readonly lists = new Map<string, Map<number | bigint, number[]>>();

  private list(name: string): Map<number | bigint, number[]> {
    let l = this.lists.get(name);
    if (!l) this.lists.set(name, (l = new Map()));
    return l;
  }

  /** Applies one `-m recent` test as xt_recent's recent_mt does. */
  apply(q: RecentQuery): RecentAnswer {
    const found = this.change(q);
    const held = q.command === 'set' ? true : found;
    return { found, matched: held !== q.negated };
  }

  /** Whether the address was found, updating the list as the command says. */
  private change(q: RecentQuery): boolean {
    const list = this.list(q.name);
    const times = list.get(q.address);
    if (q.command === 'set') {
      list.set(q.address, [...(times ?? []), NOW]);
      return times !== undefined;
    }
    if (!times) return false;
    if (q.command === 'remove') {
      list.delete(q.address);
      return true;
    }
    const recent = q.seconds > 0 ? times.filter((t) => NOW - t <= q.seconds) : times;
    const found = recent.length > 0 && recent.length >= q.hitcount;
    // --reap: entries older than --seconds go; with one moment in the model none is older
    if (q.command === 'update' && found) times.push(NOW);
    return found;
  }

  view(): RecentView[] {
    const out: RecentView[] = [];
    for (const [name, list] of this.lists)
      for (const [address, times] of list)
        out.push({ name, address: formatAddr(address), hits: times.length });
    return out;
  }
}
