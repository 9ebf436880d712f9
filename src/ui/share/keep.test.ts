/** Taking and applying snapshots, asking before replacing work, autosave and reset with undo. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLUSTER_YAML } from '../scenarios/default.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import {
  restoreSavedWork,
  SAVE_DELAY_MS,
  startAutosave,
  VAULT_FROM_CHARS,
  VAULTED_DUMP_KEY,
  WORK_KEY,
  type KeepStorage,
} from './keep.ts';
import { answer, offer, replaceWith } from './open.ts';
import { useShareStore } from './share-store.ts';
import { applySnapshot, exampleDoc, takeSnapshot, wouldReplaceWork } from './snapshot.ts';
import { clusterDoc, dumpDoc } from '../../engine/scenario/test-docs.ts';
import { memoryVault } from './text-vault.ts';

function memoryStorage(): KeepStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

beforeEach(() => {
  applySnapshot(exampleDoc());
  useScenario.setState({ dump: '', settledDump: '' });
  useShareStore.setState({ asking: null, notice: null, pendingStep: null });
});

describe('snapshots', () => {
  it('put a document on screen and read the same document back', () => {
    const doc = { ...clusterDoc(), dump: '' };
    applySnapshot(doc);
    // the step waits for its trace
    expect(useShareStore.getState().pendingStep).toEqual({
      step: 12,
      mode: 'cluster',
      text: doc.yaml,
      sent: doc.sent,
    });
    usePlayerStore.setState({ count: 40 });
    usePlayerStore.getState().seek(12);
    expect(takeSnapshot({ texts: 'both' })).toEqual(doc);
    expect(useScenario.getState().settledYaml).toBe(doc.yaml);
    expect(useUi.getState().lang).toBe('ko');
  });

  it('carry only the text on screen in a link', () => {
    applySnapshot({ ...dumpDoc(), yaml: 'kind: List\n' });
    const link = takeSnapshot({ texts: 'shown' });
    expect([link.dump, 'yaml' in link]).toEqual([dumpDoc().dump, false]);
    expect(link.dumpHost).toEqual(dumpDoc().dumpHost);
  });

  it('leave the dump out of a link when asked, keeping the packet and the host', () => {
    applySnapshot(dumpDoc());
    const link = takeSnapshot({ texts: 'shown', withoutDump: true });
    expect(['dump' in link, 'yaml' in link]).toEqual([false, false]);
    expect([link.mode, link.dumpHost, link.form]).toEqual([
      'dump',
      dumpDoc().dumpHost,
      dumpDoc().form,
    ]);
  });

  it('leave the other editor alone when a document does not carry its text', () => {
    useScenario.setState({ dump: '*nat\nCOMMIT\n' });
    applySnapshot(clusterDoc());
    expect(useScenario.getState().dump).toBe('*nat\nCOMMIT\n');
  });
});

describe('opening over the user’s work', () => {
  it('opens at once over the untouched example, and over the same text', () => {
    expect(wouldReplaceWork(clusterDoc())).toBe(false);
    offer(clusterDoc(), 'link');
    expect(useScenario.getState().yaml).toBe(clusterDoc().yaml);
    expect(useShareStore.getState().asking).toBeNull();
    expect(wouldReplaceWork({ ...clusterDoc(), step: 3 })).toBe(false);
  });

  it('asks when the YAML is the user’s own, and keeps it on “keep my work”', () => {
    useScenario.setState({ yaml: 'mine: true\n' });
    offer(clusterDoc(), 'link');
    expect(useShareStore.getState().asking?.from).toBe('link');
    answer(false);
    expect(useScenario.getState().yaml).toBe('mine: true\n');
    expect(useShareStore.getState().asking).toBeNull();
  });

  it('opens on “open it” and offers an undo that brings the work back', () => {
    useScenario.setState({ yaml: 'mine: true\n' });
    offer(clusterDoc(), 'link');
    answer(true);
    expect(useScenario.getState().yaml).toBe(clusterDoc().yaml);
    const n = useShareStore.getState().notice;
    expect(n?.kind === 'undo' && n.what).toBe('link');
    if (n?.kind !== 'undo') return;
    applySnapshot(n.previous);
    expect(useScenario.getState().yaml).toBe('mine: true\n');
  });

  it('asks for a dump link over a pasted dump or edited host, not over an empty one', () => {
    expect(wouldReplaceWork(dumpDoc())).toBe(false);
    useScenario.setState({ dump: '*filter\nCOMMIT\n' });
    expect(wouldReplaceWork(dumpDoc())).toBe(true);
    useScenario.setState({ dump: '', dumpHost: { ipForward: false } });
    expect(wouldReplaceWork(dumpDoc())).toBe(true);
    useScenario.setState({ dumpHost: dumpDoc().dumpHost });
    expect(wouldReplaceWork(dumpDoc())).toBe(false);
  });
});

describe('reset to example', () => {
  it('is one call and undoable', () => {
    applySnapshot({ ...clusterDoc(), yaml: 'mine: true\n', step: -1 });
    replaceWith(exampleDoc(), 'reset');
    expect(useScenario.getState().yaml).toBe(DEFAULT_CLUSTER_YAML);
    expect(useUi.getState().table).toBe('auto');
    const n = useShareStore.getState().notice;
    expect(n?.kind === 'undo' && n.what).toBe('reset');
    if (n?.kind === 'undo') applySnapshot(n.previous);
    expect(useScenario.getState().yaml).toBe('mine: true\n');
    expect(useUi.getState().table).toBe('nat');
  });
});

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the work a moment after typing stops, and reads it back', () => {
    const storage = memoryStorage();
    const keep = startAutosave(storage);
    useScenario.getState().setYaml('a: 1\n');
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    useScenario.getState().setYaml('a: 12\n');
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(storage.data.has(WORK_KEY)).toBe(false);
    vi.advanceTimersByTime(1);
    keep.stop();
    const saved = JSON.parse(storage.data.get(WORK_KEY) ?? '{}') as {
      yaml?: string;
      version?: number;
    };
    expect([saved.version, saved.yaml]).toEqual([1, 'a: 12\n']);

    applySnapshot(exampleDoc());
    expect(restoreSavedWork(storage).restored).toBe(true);
    expect(useScenario.getState().yaml).toBe('a: 12\n');
  });

  it('flushes at once when asked (the page is being hidden)', () => {
    const storage = memoryStorage();
    const keep = startAutosave(storage);
    useUi.getState().setRulesFormat('L');
    keep.flush();
    keep.stop();
    expect(storage.data.get(WORK_KEY)).toContain('"rulesFormat":"L"');
  });

  it('ignores damaged or foreign storage and leaves the screen alone', () => {
    const storage = memoryStorage();
    for (const bad of ['{', '{"version": 9}', '"text"']) {
      storage.data.set(WORK_KEY, bad);
      expect(restoreSavedWork(storage).restored).toBe(false);
      expect(useScenario.getState().yaml).toBe(DEFAULT_CLUSTER_YAML);
    }
    const throwing: KeepStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(restoreSavedWork(throwing).restored).toBe(false);
  });

  it('says once when storage is full, and keeps working', () => {
    const full: KeepStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const keep = startAutosave(full);
    useScenario.getState().setYaml('big: 1\n');
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(useShareStore.getState().notice).toEqual({ kind: 'storage-full' });
    useShareStore.getState().notify(null);
    useScenario.getState().setYaml('big: 2\n');
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    keep.stop();
    expect(useShareStore.getState().notice).toBeNull();
  });
});

describe('autosave of a big dump', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const bigDump =
    '*filter\n' + '-A INPUT -s 10.0.0.1/32 -j ACCEPT\n'.repeat(VAULT_FROM_CHARS / 30) + 'COMMIT\n';

  it('keeps the dump in the vault, writes it only when it changed, and brings it back', async () => {
    const storage = memoryStorage();
    const vault = memoryVault();
    const puts = vi.spyOn(vault, 'put');
    const keep = startAutosave(storage, vault);
    useScenario.getState().setDump(bigDump);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    await vi.runAllTimersAsync();
    useUi.getState().setRulesFormat('S');
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    await vi.runAllTimersAsync();
    keep.stop();
    // localStorage holds the small part only; the dump was written once, whole
    expect(JSON.parse(storage.data.get(WORK_KEY) ?? '{}')).toMatchObject({
      dump: '',
      view: { rulesFormat: 'S' },
    });
    expect(puts).toHaveBeenCalledTimes(1);
    expect(vault.data.get('dump')).toBe(bigDump);
    expect(storage.data.get(VAULTED_DUMP_KEY)).toBe(String(bigDump.length));

    applySnapshot(exampleDoc());
    useScenario.setState({ dump: '', settledDump: '' });
    const back = restoreSavedWork(storage, vault);
    expect(back.restored).toBe(true);
    await back.vaulted;
    expect(useScenario.getState().dump).toBe(bigDump);
    expect(useScenario.getState().settledDump).toBe(bigDump);
  });

  it('does not put a vaulted dump over one the user typed meanwhile', async () => {
    const storage = memoryStorage();
    const vault = memoryVault();
    vault.data.set('dump', bigDump);
    storage.data.set(WORK_KEY, JSON.stringify({ ...exampleDoc(), dump: '' }));
    storage.data.set(VAULTED_DUMP_KEY, '1');
    const back = restoreSavedWork(storage, vault);
    useScenario.getState().setDump('*nat\nCOMMIT\n');
    await back.vaulted;
    expect(useScenario.getState().dump).toBe('*nat\nCOMMIT\n');
  });

  it('goes back to localStorage when the dump shrinks, and forgets the vaulted one', async () => {
    const storage = memoryStorage();
    const vault = memoryVault();
    const keep = startAutosave(storage, vault);
    useScenario.getState().setDump(bigDump);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    await vi.runAllTimersAsync();
    useScenario.getState().setDump('*nat\nCOMMIT\n');
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    keep.stop();
    expect(storage.data.has(VAULTED_DUMP_KEY)).toBe(false);
    expect(storage.data.get(WORK_KEY)).toContain('*nat');
  });
});
