/**
 * A dump table's whole chain graph, built from the jump columns the worker sends; 'pending'
 * while they are on their way (the dump's skeleton ruleset has no rules to draw a graph from).
 */
import { useMemo } from 'react';
import type { ChainGraphModel } from '../views/chain-graph/graph-model.ts';
import { useDumpJumps } from './dump-queries.ts';
import { dumpGraph } from './dump-rules.ts';
import { useDump } from './dump-store.ts';

export function useDumpGraph(
  table: string,
  enabled: boolean,
): ChainGraphModel | 'pending' | undefined {
  const summary = useDump((s) => s.summary);
  const id = enabled ? (summary?.id ?? null) : null;
  const jumps = useDumpJumps(id, table);
  const tb = summary?.tables.find((x) => x.name === table);
  const data = jumps.data;
  return useMemo(() => {
    if (!enabled) return undefined;
    if (!tb || !data) return 'pending';
    const g = dumpGraph(tb, data);
    performance.mark('graph:model');
    return g;
  }, [enabled, tb, data]);
}
