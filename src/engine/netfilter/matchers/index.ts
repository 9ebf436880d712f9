/**
 * The evaluators the chain walk uses, taken from the module registry (each match and target
 * module carries its own `evaluate`). A module without one is reported as unknown in a trace.
 */
import type { MatchEvaluator, TargetEvaluator } from '../../modules/evaluate.ts';
import { registry } from '../../modules/registry.ts';

function evaluators<E>(modules: ReadonlyMap<string, { evaluate?: E }>): ReadonlyMap<string, E> {
  const out = new Map<string, E>();
  for (const [name, m] of modules) if (m.evaluate) out.set(name, m.evaluate);
  return out;
}

export const matchEvaluators: ReadonlyMap<string, MatchEvaluator> = evaluators(registry.matches);
export const targetEvaluators: ReadonlyMap<string, TargetEvaluator> = evaluators(registry.targets);

/** Matches whose use turns connection tracking on (with the NAT and CT targets). */
export const CONNTRACK_MATCHES: ReadonlySet<string> = new Set([
  'state',
  'conntrack',
  'connmark',
  'connbytes',
  'connlimit',
  'helper',
  'conntrack',
  'cluster',
]);
export const CONNTRACK_TARGETS: ReadonlySet<string> = new Set([
  'DNAT',
  'SNAT',
  'MASQUERADE',
  'REDIRECT',
  'NETMAP',
  'CONNMARK',
  'CT',
  'NOTRACK',
  'CONNSECMARK',
]);

/**
 * What the trace names when a match cannot be evaluated: the set for `-m set` (the outcome
 * depends on set NAME, which a text can supply), else the module.
 */
export function unknownLabel(module: string, data: unknown): string {
  if (module === 'set' && typeof data === 'object' && data !== null && 'name' in data)
    return `set ${String(data.name)}`;
  return module;
}
