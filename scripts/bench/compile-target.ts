/**
 * The cluster compiler's target (issue 4): one node's rules for 5,000 Services × 10 endpoints on
 * 10 nodes in under 2 s, set on a machine where `iptables-restore --test` read the parser's
 * 100k dump in about 0.9 s. A slower machine misses it by its speed alone, so bench-compile.ts
 * shows the total also scaled to that machine by the iptables-restore time of the same run.
 */
export const TARGET_MS = 2000;
/** iptables-restore --test on the parser's dump, on the machine the target was set on */
export const TARGET_RESTORE_MS = 900;

/**
 * The total as it would be on a machine where iptables-restore --test takes TARGET_RESTORE_MS on
 * the parser's dump: both are mostly one thread's work on the same CPU, so they scale together.
 */
export function scaledTotal(
  totalMs: number,
  restoreMs: number | undefined,
): { ms: number; text: string } | undefined {
  if (restoreMs === undefined || !(restoreMs > 0)) return undefined;
  const ms = (totalMs * TARGET_RESTORE_MS) / restoreMs;
  return {
    ms,
    text: `${ms.toFixed(0)} ms (${totalMs.toFixed(0)} ms × ${TARGET_RESTORE_MS} / ${restoreMs.toFixed(0)} ms measured)`,
  };
}
