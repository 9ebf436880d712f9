/**
 * The one explicit registry of match and target modules, gathered by name. No module registers
 * itself by side effect: adding one means adding it to the list in match/index.ts or
 * target/index.ts.
 */
import type { MatchModule, TargetModule } from './types.ts';
import { matchModules } from './match/index.ts';
import { targetModules } from './target/index.ts';

export interface Registry {
  matches: ReadonlyMap<string, MatchModule>;
  targets: ReadonlyMap<string, TargetModule>;
}

function byName<M extends { name: string }>(mods: readonly M[]): Map<string, M> {
  const map = new Map<string, M>();
  for (const m of mods) {
    if (map.has(m.name)) throw new Error(`module ${m.name} registered twice`);
    map.set(m.name, m);
  }
  return map;
}

export const registry: Registry = {
  matches: byName(matchModules),
  targets: byName(targetModules),
};

/** The verdicts iptables itself knows, without a target extension. */
export const STANDARD_TARGETS = ['ACCEPT', 'DROP', 'RETURN', 'QUEUE'] as const;

export function isStandardTarget(name: string): boolean {
  return (STANDARD_TARGETS as readonly string[]).includes(name);
}
