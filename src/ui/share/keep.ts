/**
 * Autosave: the scenario (both editors, the dump's host, the packet, the view) is written to
 * browser storage a moment after each change and when the page is hidden, and read back when
 * the app starts, so a reload or a crashed tab loses nothing. What storage holds is checked by
 * the same validator as a link: it may be from an older build or damaged.
 */
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { decodeJsonText } from '../../engine/scenario/codec.ts';
import { useShareStore } from './share-store.ts';
import { applySnapshot, takeSnapshot } from './snapshot.ts';
import type { TextVault } from './text-vault.ts';

export { WORK_KEY } from './work-key.ts';
import { WORK_KEY } from './work-key.ts';
/** set once the dump kept in the vault is written whole; absent: the dump is in WORK_KEY */
export const VAULTED_DUMP_KEY = 'netfilter-lab:work-dump-in-vault';
export const SAVE_DELAY_MS = 400;
/** a dump longer than this is kept in the vault, not in localStorage's JSON */
export const VAULT_FROM_CHARS = 256 * 1024;
const VAULT_DUMP = 'dump';

const KEPT_UI = [
  'lang',
  'theme',
  'rulesView',
  'rulesFormat',
  'table',
  'selectedChain',
  'packetIndex',
] as const;

/** The part of the Storage interface used here (tests pass a Map-backed one). */
export type KeepStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Puts the saved work on screen; false when there is none or it does not read. A big dump comes
 * back from the vault a moment later (`vaulted` settles when it is on screen).
 */
export function restoreSavedWork(
  storage: KeepStorage,
  vault: TextVault | null = null,
): { restored: boolean; vaulted: Promise<void> } {
  const none = { restored: false, vaulted: Promise.resolve() };
  let text: string | null;
  let inVault: boolean;
  try {
    text = storage.getItem(WORK_KEY);
    inVault = storage.getItem(VAULTED_DUMP_KEY) !== null;
  } catch {
    return none;
  }
  if (text === null) return none;
  const decoded = decodeJsonText(text);
  if (!decoded.ok) return none;
  applySnapshot(decoded.doc);
  return {
    restored: true,
    vaulted: inVault && vault ? restoreVaultedDump(vault) : Promise.resolve(),
  };
}

async function restoreVaultedDump(vault: TextVault): Promise<void> {
  let dump: string | null;
  try {
    dump = await vault.get(VAULT_DUMP);
  } catch {
    return;
  }
  // the user may have typed or opened something meanwhile: theirs wins
  if (dump === null || useScenario.getState().dump !== '') return;
  useScenario.setState({ dump, settledDump: dump });
  const pending = useShareStore.getState().pendingStep;
  if (pending?.mode === 'dump') useShareStore.getState().setPendingStep({ ...pending, text: dump });
}

/**
 * Writes the work now; false when storage refused (full, or disabled). A big dump goes to the
 * vault, and only when it changed: serialising 14 MB on every keystroke would stall the page.
 */
export function saveWork(
  storage: KeepStorage,
  vault: TextVault | null = null,
  vaulted: { dump: string | null } = { dump: null },
): boolean {
  const doc = takeSnapshot({ texts: 'both' });
  const dump = doc.dump ?? '';
  const big = vault !== null && dump.length > VAULT_FROM_CHARS;
  try {
    if (big) {
      storage.setItem(WORK_KEY, JSON.stringify({ ...doc, dump: '' }));
      if (vaulted.dump !== dump) {
        vaulted.dump = dump;
        storage.removeItem(VAULTED_DUMP_KEY);
        vault.put(VAULT_DUMP, dump).then(
          () => {
            // a newer dump may have been written since: the marker is for the latest only
            if (vaulted.dump === dump) storage.setItem(VAULTED_DUMP_KEY, String(dump.length));
          },
          () => useShareStore.getState().notify({ kind: 'storage-full' }),
        );
      }
    } else {
      storage.setItem(WORK_KEY, JSON.stringify(doc));
      storage.removeItem(VAULTED_DUMP_KEY);
      vaulted.dump = null;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves after every change, SAVE_DELAY_MS after the last one; returns `flush` (save now if a
 * save is due) and `stop`.
 */
export function startAutosave(
  storage: KeepStorage,
  vault: TextVault | null = null,
): { flush(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let warned = false;
  const vaulted = { dump: null as string | null };
  const save = () => {
    timer = null;
    if (saveWork(storage, vault, vaulted) || warned) return;
    warned = true;
    useShareStore.getState().notify({ kind: 'storage-full' });
  };
  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  const flush = () => {
    if (timer === null) return;
    clearTimeout(timer);
    save();
  };
  const unsubscribe = [
    useScenario.subscribe(schedule),
    // the editor's cursor requests (reveal) are not part of the work
    useUi.subscribe((s, prev) => {
      if (KEPT_UI.some((k) => s[k] !== prev[k])) schedule();
    }),
    usePlayerStore.subscribe((s, prev) => {
      if (s.current !== prev.current) schedule();
    }),
  ];
  return {
    flush,
    stop() {
      if (timer !== null) clearTimeout(timer);
      for (const u of unsubscribe) u();
    },
  };
}
