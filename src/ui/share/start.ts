/**
 * Called once before the app first renders: the saved work comes back, autosave starts, and a
 * `#s=` link in the address bar (now or pasted later into the same tab) is offered.
 */
import { startAutosave, restoreSavedWork, type KeepStorage } from './keep.ts';
import { openLinkFromLocation } from './open.ts';
import { indexedDbVault, type TextVault } from './text-vault.ts';

function browserStorage(): KeepStorage | null {
  try {
    return window.localStorage;
  } catch {
    // storage disabled by the browser's settings: the app works, it just does not keep
    return null;
  }
}

export function startKeeping(): void {
  const storage = browserStorage();
  const vault = storage ? indexedDbVault() : null;
  const restored = storage ? restoreSavedWork(storage, vault).vaulted : Promise.resolve();
  // a big dump comes back from the vault first, so neither autosave nor a link replaces it unasked
  void restored.finally(() => {
    if (storage) startAutosaveNow(storage, vault);
    void openLinkFromLocation();
    addEventListener('hashchange', () => void openLinkFromLocation());
  });
}

function startAutosaveNow(storage: KeepStorage, vault: TextVault | null): void {
  const autosave = startAutosave(storage, vault);
  // a closing or backgrounded tab writes at once rather than after the delay
  addEventListener('pagehide', autosave.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') autosave.flush();
  });
}
