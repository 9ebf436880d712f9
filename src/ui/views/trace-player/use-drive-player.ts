/**
 * Gives the player its trace and its keys. The view that first shows the player's buttons calls
 * it, in the same commit that paints them: a button pressed or a key typed as soon as the
 * trace is on screen then moves the packet, instead of meeting a player that has no steps yet.
 */
import { useEffect, useLayoutEffect } from 'react';
import { watchReducedMotion } from '../shared/motion.ts';
import { usePlayerStore } from './player-store.ts';
import { usePlayerKeys } from './use-player-keys.ts';

export function useDrivePlayer(steps: readonly unknown[], keyboard = true): void {
  // before the paint: the buttons never show a trace the store does not know
  useLayoutEffect(() => {
    usePlayerStore.getState().setSteps(steps.length, steps);
  }, [steps]);
  useEffect(() => watchReducedMotion((r) => usePlayerStore.getState().setReducedMotion(r)), []);
  useEffect(() => () => usePlayerStore.getState().pause(), []);
  usePlayerKeys(keyboard);
}
