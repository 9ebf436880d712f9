/** Listens for the player's keys on the window while the player is mounted. */
import { useLayoutEffect } from 'react';
import { keyContextOf, playerKeyAction } from './keys.ts';
import { usePlayerStore } from './player-store.ts';

export function usePlayerKeys(enabled: boolean): void {
  // from the commit that shows the player, before its first paint
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    const onKey = (e: KeyboardEvent) => {
      const action = playerKeyAction(keyContextOf(e));
      if (!action) return;
      e.preventDefault();
      const s = usePlayerStore.getState();
      if (action === 'toggle') s.toggle();
      else if (action === 'first') s.first();
      else if (action === 'last') s.last();
      else s.step(action === 'back' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
