/**
 * The trace the player follows: the sent packet's, or its reply's. It is worked out once, at the
 * top of the app (CurrentTraceScope.tsx), and read by every view from a context: one set of query
 * observers and one hash of the YAML per render, not one per view. Two contexts: the views read
 * the trace on screen (deferred, so a new answer renders in slices); the few that show loading
 * and errors read the live query too.
 */
import { createContext, useContext, useDeferredValue, useMemo } from 'react';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { livePick, useJourneyPick } from '../views/journey/journey-store.ts';
import { useLessonTrace } from '../lessons/lesson-trace.ts';
import { useSentTrace } from './scenario.ts';

const NO_STEPS: readonly TraceStep[] = [];

/** Works the current trace out: called once, by CurrentTraceScope. */
export function useCurrentTraceValue(): { shown: CurrentTrace; live: LiveTrace } {
  const { sent, trace } = useSentTrace();
  const packetIndex = useUi((s) => s.packetIndex);
  // a new answer first re-renders with the old one (cheap), then renders the new one at low
  // priority, in slices the browser can interrupt: no long task when a big trace arrives
  const response = useDeferredValue(trace.data);
  // a hop picked in the journey strip: that node's trace of the packet
  const hop = useHopPicked();
  const node = sent?.ok ? sent.node : null;
  // during a lesson the runner's trace of the step's packet, veiled until the learner answers
  const lesson = useLessonTrace();
  // the views read `shown` only: it keeps its identity while the query's state changes (each
  // answer changes it twice), so the urgent render re-renders none of them
  const shown = useMemo(
    () => lesson ?? shownTrace(response, packetIndex, node, hop),
    [lesson, response, packetIndex, node, hop],
  );
  // the live side changes with every render of the scope (the request and the query's state are
  // made afresh): only the few views that show loading and errors read it
  return { shown, live: { sent, trace } };
}

type TraceAnswer = ReturnType<typeof useSentTrace>['trace']['data'];

/** The trace on screen: the deferred answer, the packet or reply picked, its steps. */
function shownTrace(
  response: TraceAnswer,
  packetIndex: number,
  node: string | null,
  hop: ReturnType<typeof useHopPicked>,
) {
  if (hop)
    return {
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
    response,
    index,
    count: packets.length,
    steps: packet?.steps ?? NO_STEPS,
    result: packet?.result,
    backend: response?.result?.backend ?? 'nft',
    node,
  };
}

export type CurrentTrace = ReturnType<typeof shownTrace>;

/** The request as sent and its query as it stands now (loading, error, answer). */
export type LiveTrace = ReturnType<typeof useSentTrace>;

export const CurrentTraceContext = createContext<CurrentTrace | null>(null);
export const LiveTraceContext = createContext<LiveTrace | null>(null);

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

/** The sent request and its trace query's state, as the CurrentTraceScope above has them. */
export function useLiveTrace(): LiveTrace {
  const value = useContext(LiveTraceContext);
  if (!value) throw new Error('useLiveTrace() needs a <CurrentTraceScope> above it');
  return value;
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
