/**
 * What a node's `-m recent` lists did to a packet, for the journey: the list that sent it to a
 * pod it was sent to before (a `--rcheck` that found its client), and the list that recorded
 * its client (`--set`). Checks that found nothing are left out: every first connection has them.
 */
import type { RecentStep, TraceStep } from '../../engine/netfilter/trace.ts';

export interface AffinityLine {
  kind: 'found' | 'recorded';
  list: string;
  address: string;
}

export function affinityLines(steps: readonly TraceStep[]): AffinityLine[] {
  const out: AffinityLine[] = [];
  for (const s of steps) {
    if (s.kind !== 'recent') continue;
    const r: RecentStep = s;
    if (r.command === 'set') out.push({ kind: 'recorded', list: r.list, address: r.address });
    else if (r.found && r.matched) out.push({ kind: 'found', list: r.list, address: r.address });
  }
  return out;
}
