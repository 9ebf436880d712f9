/**
 * A compiled node's provenance, rule id → RuleProvenance, kept as one list in rule order beside
 * the ruleset instead of a Map filled while compiling: a big node has 160,000 rules, most
 * callers only walk the pairs (the worker sends them to the UI as a list) and a lookup by id is
 * rare, so the Map behind get() and has() is built on the first lookup.
 */
import type { Ruleset } from '../../rules/index.ts';
import type { RuleProvenance } from './provenance.ts';

export class RuleProvenanceMap implements ReadonlyMap<string, RuleProvenance> {
  private byId: Map<string, RuleProvenance> | undefined;

  /** `list[i]` is the provenance of the i-th rule of `ruleset` (tables, chains, rules in order). */
  constructor(
    private readonly ruleset: Ruleset,
    private readonly list: readonly RuleProvenance[],
  ) {}

  get size(): number {
    return this.list.length;
  }

  get(id: string): RuleProvenance | undefined {
    return this.index().get(id);
  }

  has(id: string): boolean {
    return this.index().has(id);
  }

  forEach(
    fn: (value: RuleProvenance, key: string, map: ReadonlyMap<string, RuleProvenance>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, p] of this) fn.call(thisArg, p, id, this);
  }

  *entries(): MapIterator<[string, RuleProvenance]> {
    let i = 0;
    for (const t of this.ruleset.tables)
      for (const c of t.chains)
        for (const r of c.rules) {
          const p = this.list[i++];
          if (p !== undefined) yield [r.id, p];
        }
  }

  *keys(): MapIterator<string> {
    for (const [id] of this) yield id;
  }

  *values(): MapIterator<RuleProvenance> {
    yield* this.list;
  }

  [Symbol.iterator](): MapIterator<[string, RuleProvenance]> {
    return this.entries();
  }

  private index(): Map<string, RuleProvenance> {
    return (this.byId ??= new Map(this.entries()));
  }
}
