/**
 * The first compile, asked by the page's entry (src/main.tsx) as soon as the engine worker is
 * started, before the app's own code has arrived: the worker compiles the cluster while the
 * page loads React and the app, instead of waiting for the app to ask. Only when the app will
 * open the default cluster (no saved work, no link); askFirstTrace then takes this answer in
 * place of asking again.
 */
import { ask } from '../../worker/client.ts';
import type { CompileClusterResult } from '../../worker/protocol.ts';
import { DEFAULT_CLUSTER_YAML } from '../scenarios/default.ts';
import { WORK_KEY } from '../share/work-key.ts';

interface Early {
  yaml: string;
  answer: Promise<CompileClusterResult>;
}

let early: Early | null = null;

/** What the entry can read of browser storage; null when the browser refuses it. */
export type EntryStorage = Pick<Storage, 'getItem'> | null;

/** True when the app will open with the default cluster: no `#…` link, no saved work. */
export function opensDefault(hash: string, storage: EntryStorage): boolean {
  if (hash.length > 1) return false;
  try {
    return storage?.getItem(WORK_KEY) == null;
  } catch {
    // storage that throws keeps nothing: the app opens the default
    return true;
  }
}

/** Asks the worker for the default cluster's compile when the app will open it. */
export function askEarlyCompile(hash: string, storage: EntryStorage): void {
  if (!opensDefault(hash, storage)) return;
  const answer = ask('compileCluster', (e) => e.compileCluster(DEFAULT_CLUSTER_YAML));
  // a failure is the app's own compile's to report, when it asks again
  answer.catch(() => undefined);
  early = { yaml: DEFAULT_CLUSTER_YAML, answer };
}

/** The early answer for `yaml`, taken once; null when none was asked for this text. */
export function takeEarlyCompile(yaml: string): Promise<CompileClusterResult> | null {
  const e = early;
  early = null;
  return e?.yaml === yaml ? e.answer : null;
}
