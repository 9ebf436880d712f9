/**
 * The partial-sync method of the engine API: which chains kube-proxy would write again and
 * which it would delete after the cluster changed, as plain structured-clone data.
 */

export interface SyncSinceResult {
  /** the Services (`namespace/name`) whose own chains are written again */
  changed: string[];
  /** the Services of the previous text that are gone */
  removed: string[];
  /** the per-Service nat chains declared and refilled, in restore order */
  rewritten: string[];
  /** the chains flushed and deleted (`-X`) */
  deleted: string[];
  /** the iptables-restore input itself, as `compile --since` prints it */
  text: string;
}

export interface SyncApi {
  /**
   * kube-proxy's partial sync on `node` after the cluster changed from `before` to `after`, by
   * the proxier of `family` (default ipv4); null when either text has errors or lacks the node,
   * or the cluster has no such family.
   */
  syncSince(
    before: string,
    after: string,
    node: string,
    family?: 'ipv4' | 'ipv6',
  ): SyncSinceResult | null;
}
