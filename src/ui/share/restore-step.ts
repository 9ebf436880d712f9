/**
 * A restored scenario names a step of a trace that does not exist yet: the text has to compile
 * and the packet to be traced first. This waits for that trace (for the restored text, not an
 * earlier one still on screen) and then moves the player to the step.
 */
import { useEffect } from 'react';
import { useCurrentTrace, useLiveTrace } from '../queries/current-trace.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { useShareStore } from './share-store.ts';

export function useRestoreStep(): void {
  const pending = useShareStore((s) => s.pendingStep);
  const mode = useScenario((s) => s.mode);
  const goodYaml = useScenario((s) => s.goodYaml);
  const settledDump = useScenario((s) => s.settledDump);
  const sent = useScenario((s) => s.sent);
  const { response, steps } = useCurrentTrace();
  const { trace } = useLiveTrace();
  const count = usePlayerStore((s) => s.count);
  const shown = mode === 'cluster' ? goodYaml : settledDump;
  const arrived =
    pending !== null &&
    pending.mode === mode &&
    shown === pending.text &&
    !!trace.data &&
    !trace.isPlaceholderData &&
    !trace.isFetching &&
    // the views may still show the previous answer for a moment (a deferred value)
    response === trace.data &&
    steps.length > 0 &&
    count === steps.length;
  const stale = pending !== null && pending.sent !== sent;
  useEffect(() => {
    // the user sent another packet (or switched source) before the trace came: forget the step
    if (stale) useShareStore.getState().setPendingStep(null);
  }, [stale]);
  useEffect(() => {
    if (!arrived || !pending) return undefined;
    // after this commit's effects: the player resets itself when its steps change
    const t = setTimeout(() => {
      usePlayerStore.getState().seek(pending.step);
      useShareStore.getState().setPendingStep(null);
    }, 0);
    return () => clearTimeout(t);
  }, [arrived, pending]);
}
