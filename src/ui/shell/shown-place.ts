/**
 * Which table and chain the chain graph and the rule table show: the user's choice, or (on
 * 'auto') wherever the current step of the trace is. A trace from another node, or of the other
 * address family, is not lit on the rules shown.
 */
import type { Ruleset } from '../../engine/rules/index.ts';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { whereAt } from '../queries/current-trace.ts';
import { stepsFamily } from '../family/family-state.ts';
import { useCurrentTrace } from '../queries/current-trace.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';

export interface ShownPlace {
  table: string;
  chain: string | null;
  /** whether the trace ran on the rules shown (else nothing is lit) */
  traced: boolean;
}

export function useShownPlace(
  ruleset: Ruleset,
  steps: readonly TraceStep[],
  current: number,
): ShownPlace {
  const chosenTable = useUi((s) => s.table);
  const selectedChain = useUi((s) => s.selectedChain);
  const mode = useScenario((s) => s.mode);
  const shownNode = useScenario((s) => s.node);
  const { node } = useCurrentTrace();
  // nor a trace of the other family: its steps name the rules of the other ruleset
  const family = stepsFamily(steps);
  const traced =
    (mode === 'dump' || node === shownNode) && (family === null || family === ruleset.family);
  const at = traced ? whereAt(steps, current) : { table: null, chain: null };
  const tables = ruleset.tables.map((t) => t.name);
  const fallback = tables.includes('nat') ? 'nat' : (tables[0] ?? 'filter');
  const table =
    chosenTable !== 'auto' && tables.includes(chosenTable)
      ? chosenTable
      : at.table && tables.includes(at.table)
        ? at.table
        : fallback;
  const chain = selectedChain ?? (at.table === table ? at.chain : null);
  return { table, chain, traced };
}
