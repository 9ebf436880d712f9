/**
 * The `trace --json` document (docs/formats.md):
 * `{"packets": [{"steps": [...], "result": {...}}]}`, always a list, one entry per packet. Steps
 * keep the names the contract uses (kind, hook, table, chain, rule, ruleText, matched, target,
 * verdict, packet) and add the rule's id and source span for tools that want them. With
 * --all-paths the outcomes follow.
 *
 * In a long chain (32 rules or more) the rules whose `-d` excludes the packet are not tested one
 * by one: a run of them is one `{"kind": "skip", "chain", "from", "to", "count", "reason":
 * "destination"}` step (trace.ts SkipStep). They never match, so the matched rules and policies
 * the contract promises are all there; `simulate(…, {index: 'off'})` lists every rule instead.
 */
import type { Outcome, SimulationResult } from './simulate.ts';
import type { PacketTrace } from './trace.ts';

export interface TraceJson {
  packets: PacketTrace[];
  backend: string;
  outcomes?: {
    probability: number;
    exact: string;
    results: PacketTrace['result'][];
    decisions: boolean[];
  }[];
}

export function toTraceJson(sim: SimulationResult): TraceJson {
  const doc: TraceJson = {
    packets: sim.packets.map((p) => ({ steps: p.steps, result: p.result })),
    backend: sim.backend,
  };
  if (sim.outcomes)
    doc.outcomes = sim.outcomes.map((o: Outcome) => ({
      probability: o.probability,
      exact: o.exact,
      results: o.results,
      decisions: o.decisions,
    }));
  return doc;
}
