/**
 * The two cluster texts a partial sync is worked out between: each time the YAML compiles
 * without errors again after an edit, the text before the edit and the text after it (kube-proxy
 * syncs when the objects it watches change). A text put in whole (an example, a lesson, a shared
 * link) sets text and settled text at once: that is a new cluster, not an edit, so the pair
 * starts again from it.
 */
import { create } from 'zustand';
import { useScenario } from '../stores/scenario-store.ts';

export interface SyncPair {
  before: string | null;
  after: string | null;
}

export const useSyncPair = create<SyncPair>()(() => ({ before: null, after: null }));

let loaded = false;

useScenario.subscribe((s, prev) => {
  if (s.yaml !== prev.yaml && s.settledYaml !== prev.settledYaml && s.yaml === s.settledYaml) {
    // the text that compiles next is the new start (unless it is the one on screen already)
    loaded = s.yaml !== s.goodYaml;
    useSyncPair.setState({ before: null, after: null });
  }
  if (s.goodYaml === prev.goodYaml || s.goodYaml === null) return;
  if (loaded || prev.goodYaml === null) {
    loaded = false;
    return;
  }
  useSyncPair.setState({ before: prev.goodYaml, after: s.goodYaml });
});
