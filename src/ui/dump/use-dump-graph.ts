/** A dump table's whole chain graph, built from the jump columns the worker sends. */
import { useMemo } from 'react';
import type { ChainGraphModel } from '../views/chain-graph/graph-model.ts';
import { useDumpJumps } from './dump-queries.ts';
import { dumpGraph } from './dump-rules.ts';
import { useDump } from './dump-store.ts';

export function useDumpGraph(table: string, enabled: boolean): ChainGraphModel | undefined {
  const summary = useDump((s) => s.summary);
  const id = enabled ? (summary?.id ?? null) : null;
  const jumps = useDumpJumps(id, table);
  const tb = summary?.tables.find((x) => x.name === table);
  const data = jumps.data;
  return useMemo(() => (tb && data ? dumpGraph(tb, data) : undefined), [tb, data]);
}
