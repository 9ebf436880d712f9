/**
 * The trace the player follows: the sent packet's, or its reply's. It is worked out once, at the
 * top of the app (CurrentTraceScope.tsx), and read by every view from a context: one set of query
 * observers and one hash of the YAML per render, not one per view.
 */
import { createContext, useContext, useDeferredValue } from 'react';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { livePick, useJourneyPick } from '../views/journey/journey-store.ts';
import { useSentTrace } from './scenario.ts';

const NO_STEPS: readonly TraceStep[] = [];

/** Works the current trace out: called once, by CurrentTraceScope. */
export function useCurrentTraceValue() {
  const { sent, trace } = useSentTrace();
  const packetIndex = useUi((s) => s.packetIndex);
  // a new answer first re-renders with the old one (cheap), then renders the new one at low
  // priority, in slices the browser can interrupt: no long task when a big trace arrives
  const response = useDeferredValue(trace.data);
  // a hop picked in the journey strip: that node's trace of the packet
  const hop = useHopPicked();
  if (hop)
    return {
      sent,
      trace,
      response,
      index: 0,
      count: 1,
      steps: hop.trace.steps,
      result: hop.trace.result,
      backend: response?.result?.backend ?? 'nft',
      node: hop.node,
    };
  const packets = response?.result?.packets ?? [];
  const index = Math.min(packetIndex, Math.max(0, packets.length - 1));
  const packet = packets[index];
  return {
    sent,
    trace,
    response,
    index,
    count: packets.length,
    steps: packet?.steps ?? NO_STEPS,
    result: packet?.result,
    backend: response?.result?.backend ?? 'nft',
    node: sent?.ok ? sent.node : null,
  };
}

export type CurrentTrace = ReturnType<typeof useCurrentTraceValue>;

export const CurrentTraceContext = createContext<CurrentTrace | null>(null);

/** The current trace, as worked out by the CurrentTraceScope above. */
export function useCurrentTrace(): CurrentTrace {
  const value = useContext(CurrentTraceContext);
  if (!value) throw new Error('useCurrentTrace() needs a <CurrentTraceScope> above it');
  return value;
}

function useHopPicked() {
  const pick = useJourneyPick((s) => s.pick);
  const sent = useScenario((s) => s.sent);
  const yaml = useScenario((s) => s.goodYaml);
  const mode = useScenario((s) => s.mode);
  return mode === 'cluster' ? (livePick(pick, sent, yaml)?.hop ?? null) : null;
}

/** The table and chain of the step at `current` (or the nearest one before it that has them). */
export function whereAt(
  steps: readonly TraceStep[],
  current: number,
): { table: string | null; chain: string | null } {
  for (let i = Math.min(current, steps.length - 1); i >= 0; i--) {
    const s = steps[i];
    if (!s) continue;
    const table = 'table' in s ? s.table : null;
    const chain = 'chain' in s && typeof s.chain === 'string' ? s.chain : null;
    if (table) return { table, chain };
  }
  return { table: null, chain: null };
}
