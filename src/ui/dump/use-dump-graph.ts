/** A dump table's chain graph, built from the jump columns the worker sends, around the trace. */
import { useMemo } from 'react';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { tracedPath, type ChainGraphModel } from '../views/chain-graph/graph-model.ts';
import { useDumpJumps } from './dump-queries.ts';
import { dumpGraph } from './dump-rules.ts';
import { useDump } from './dump-store.ts';

export function useDumpGraph(
  table: string,
  steps: readonly TraceStep[],
  enabled: boolean,
): ChainGraphModel | undefined {
  const summary = useDump((s) => s.summary);
  const id = enabled ? (summary?.id ?? null) : null;
  const jumps = useDumpJumps(id, table);
  const tb = summary?.tables.find((x) => x.name === table);
  const data = jumps.data;
  const path = useMemo(() => tracedPath(steps, steps.length - 1, table).chains, [steps, table]);
  const key = path.join(' ');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the path's names, not its identity
  return useMemo(() => (tb && data ? dumpGraph(tb, data, path) : undefined), [tb, data, key]);
}
