/**
 * The engine API's partial-sync method: the same engine function `compile --since` runs, on
 * the two cluster texts.
 */
import { loadCluster, partialSync } from '../engine/cluster/index.ts';
import type { SyncApi } from './sync-protocol.ts';

function goodModel(yaml: string) {
  const { model, diagnostics } = loadCluster(yaml);
  return diagnostics.some((d) => d.severity === 'error') ? null : model;
}

export const syncApi: SyncApi = {
  syncSince(before, after, node, family = 'ipv4') {
    const prev = goodModel(before);
    const next = goodModel(after);
    if (!prev || !next) return null;
    const sync = partialSync(prev, next, node, { family });
    if (!sync) return null;
    return {
      changed: sync.changed,
      removed: sync.removed,
      rewritten: sync.rewritten,
      deleted: sync.deleted,
      text: sync.text,
    };
  },
};
