/**
 * A journey across the cluster for the app. The engine can draw one with a seed, but its draw is
 * not the single-node trace's draw: the player would show one endpoint and the strip another.
 * So every branch is followed and the one whose entry hop ends as the entry node's trace ended
 * is shown (the seeded draw when none does, or when there is no trace to agree with).
 */
import { journey, type Journey, type JourneyResult } from '../engine/cluster/journey/index.ts';
import { readPackets, simulate, type TraceResult } from '../engine/netfilter/index.ts';
import { resolve } from './sources.ts';
import type { JourneyRequest, JourneyResponse, TraceProblem } from './protocol.ts';
import { fieldProblem } from './problems.ts';

/** How the entry node's trace of the same packet ended, or null when it could not run. */
function entryResult(req: JourneyRequest): TraceResult | null {
  if (!req.entry) return null;
  // the entry node's rules of the flow's family: its ip6tables rules for an IPv6 flow
  const family = req.flow.family ?? (req.entry.packet.dst.includes(':') ? 'ipv6' : 'ipv4');
  const src = resolve({ kind: 'cluster', yaml: req.yaml, node: req.entry.node, family });
  if (!src.ok) return null;
  const read = readPackets([req.entry.packet], src.ruleset.family);
  if (read.packets.length !== 1) return null;
  const run = simulate(src.ruleset, src.host, read.packets, { seed: req.seed, record: 'none' });
  return run.packets[0]?.result ?? null;
}

function endsAs(j: Journey, r: TraceResult): boolean {
  const first = j.hops[0];
  if (!first || first.direction !== 'request') return false;
  const a = first.after;
  const p = r.packet;
  return (
    first.fate === r.fate &&
    first.verdict === r.verdict &&
    a.src === p.src &&
    a.sport === p.sport &&
    a.dst === p.dst &&
    a.dport === p.dport
  );
}

function problemsOf(result: JourneyResult): TraceProblem[] {
  return [
    ...result.flowDiagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => fieldProblem('packet', d)),
    ...result.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d): TraceProblem => ({
        where: 'source',
        message: d.message,
        code: d.code,
        ...(d.args ? { args: d.args } : {}),
      })),
  ];
}

export function followJourney(req: JourneyRequest): JourneyResponse {
  const traced = entryResult(req);
  const all = journey(req.yaml, req.flow, { allPaths: true });
  const problems = problemsOf(all);
  const agreeing = traced
    ? all.outcomes?.flatMap((o) => (endsAs(o.journey, traced) ? [o.journey] : []))[0]
    : undefined;
  if (agreeing)
    return {
      flow: all.flow,
      journey: agreeing,
      followsTrace: true,
      podNetwork: all.podNetworkKind,
      notes: all.noteData,
      problems,
    };
  const drawn = journey(req.yaml, req.flow, { seed: req.seed });
  return {
    flow: drawn.flow,
    journey: drawn.journey,
    followsTrace: false,
    podNetwork: drawn.podNetworkKind,
    notes: drawn.noteData,
    problems: problemsOf(drawn),
  };
}
