/**
 * What the trace player shows during a lesson: the named packet's trace in the learner's world
 * (the very trace the step's check reads) and the veil, the last trace step the player may show
 * before the step's question is answered. Predict before reveal: for "which chain next?" the
 * player stops where the packet enters the chain asked about, before the rule that jumps. A
 * sampling step's picture (exact shares and the seeded sample its check reads) is here too.
 */
import type { Outcome, SampledOutcome, SimulationResult, TraceStep } from '../netfilter/index.ts';
import { Env } from './env.ts';
import type { LoadedLesson } from './loaded.ts';
import { findStep } from './pattern.ts';
import { allSteps } from './runner.ts';
import type { World } from './world.ts';
import { sampleSeed } from './sampling.ts';

export type PlayerTrace =
  | { ok: true; result: SimulationResult; node: string | null; veil: number | null }
  | { ok: false; problem: string };

/** Steps that say where the packet went next: shown only once the learner has answered. */
function tellsNext(step: TraceStep | undefined): boolean {
  if (!step) return false;
  if (step.kind === 'rule') return step.matched;
  return ['jump', 'goto', 'return', 'policy', 'verdict', 'nat'].includes(step.kind);
}

/** The packet a step is about: the one it sends, steps, asks about or samples. */
export function stepPacket(loaded: LoadedLesson, index: number): string | null {
  const step = allSteps(loaded)[index];
  if (!step || typeof step.action !== 'object') return null;
  const a = step.action;
  if ('send' in a) return a.send.packet;
  if ('stepTo' in a) return a.stepTo.packet;
  if ('sample' in a) return a.sample.packet;
  if ('ask' in a && a.ask.kind === 'nextChain') return a.ask.packet;
  return step.solution?.cursor?.packet ?? step.solution?.send?.[0] ?? null;
}

/** The trace of `packet` in `world`, veiled for step `index`'s question. */
export function playerTrace(
  loaded: LoadedLesson,
  index: number,
  world: World,
  packet: string,
): PlayerTrace {
  const step = allSteps(loaded)[index];
  const env = new Env(loaded, world, step?.variant);
  const t = env.trace(packet);
  if (!t.ok) return t;
  const node = env.model === null ? null : (env.packets[packet]?.node ?? env.defaultNode);
  const ask =
    step && typeof step.action === 'object' && 'ask' in step.action ? step.action.ask : null;
  let veil: number | null = null;
  if (ask?.kind === 'nextChain' && ask.packet === packet) {
    const at = findStep(env, ask.at, t.trace.steps);
    veil = at < 0 ? -1 : tellsNext(t.trace.steps[at]) ? at - 1 : at;
  } else if (ask) {
    // any other question about a traced packet: the player stays where the learner stood
    veil = world.cursor?.packet === packet ? world.cursor.index : -1;
  }
  // the packets sent before it (its `after` list) share the conntrack table; the player shows
  // the named packet, the last one
  const result: SimulationResult = {
    backend: env.backend,
    conntrackActive: true,
    packets: t.all,
    conntrack: [],
    decisions: [],
    recent: [],
  };
  return { ok: true, result, node, veil };
}

/** What the probabilities view shows for a sampling step: exact outcomes, then the sample. */
export type SampleView =
  | { ok: true; outcomes: Outcome[]; samples: SampledOutcome[] | null; runs: number }
  | { ok: false; problem: string };

export function sampleView(
  loaded: LoadedLesson,
  index: number,
  world: World,
  packet: string,
): SampleView {
  const step = allSteps(loaded)[index];
  const env = new Env(loaded, world, step?.variant);
  const exact = env.allPaths(packet);
  if (!exact.ok) return exact;
  const runs = world.sampled?.packet === packet ? world.sampled.n : 0;
  if (runs === 0) return { ok: true, outcomes: exact.outcomes, samples: null, runs };
  const sampled = env.sample(packet, runs, sampleSeed(loaded, step));
  if (!sampled.ok) return sampled;
  return { ok: true, outcomes: exact.outcomes, samples: sampled.outcomes, runs };
}
