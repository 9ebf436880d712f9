/**
 * The two cluster texts a partial sync is worked out between: each time the YAML compiles
 * without errors again, the text before the edit and the text after it (kube-proxy syncs when
 * the objects it watches change).
 */
import { create } from 'zustand';
import { useScenario } from '../stores/scenario-store.ts';

export interface SyncPair {
  before: string | null;
  after: string | null;
}

export const useSyncPair = create<SyncPair>()(() => ({ before: null, after: null }));

useScenario.subscribe((s, prev) => {
  if (s.goodYaml === prev.goodYaml || s.goodYaml === null || prev.goodYaml === null) return;
  useSyncPair.setState({ before: prev.goodYaml, after: s.goodYaml });
});
