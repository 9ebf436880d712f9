/**
 * Where a rule's source line is already, word for word, the line iptables-save prints for it.
 * Real dumps are iptables-save's own output, so nearly every rule is such a line; the save
 * parser's fast path proves it while it reads a line (each part it reads knows whether it prints
 * back as written), and the printer then copies the lines instead of rebuilding them.
 *
 * Kept per table beside the model, not in it: the model stays plain data, and a table copied
 * or rebuilt (structured clone, a UI edit) is simply not known here and prints the long way. The
 * model is not changed after a parse; a rule changed in place would print stale.
 */
import type { Chain, Table } from './model.ts';

/** For each table the save parser read: its chains with a rule whose source is not canonical. */
const exceptions = new WeakMap<Table, ReadonlySet<Chain>>();

export function markCanonicalSources(table: Table, except: ReadonlySet<Chain>): void {
  exceptions.set(table, except);
}

/** Whether every rule of the chain has its iptables-save line (without counters) as `source`. */
export function sourcesAreCanonical(table: Table, chain: Chain): boolean {
  const except = exceptions.get(table);
  return except !== undefined && !except.has(chain);
}
