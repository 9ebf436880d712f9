/**
 * One table's chains by name and by where they were declared, for the `print` command's copy of
 * a canonical dump (save-copy.ts, save-prove.ts): positions instead of Chain objects. The names
 * are in a Map, not a TextTable (text-table.ts): the copy runs once, in a fresh process, and
 * V8's own hashing of a cut-out name costs less there than hashing it in place in script that
 * has not been optimised yet (measured: the print of a 36,000-chain dump 4 % quicker).
 */
import { isBuiltinChain } from './model.ts';
import { textAt } from './text-at.ts';

export class ChainTable {
  /** the chains' names, in the order they were declared */
  readonly names: string[] = [];
  private readonly positions = new Map<string, number>();
  /** the chain found last: iptables-save lists a chain's rules together, chain after chain */
  private last = -1;

  constructor(readonly table: string) {}

  get size(): number {
    return this.names.length;
  }

  /** Declares the chain `name`: its position, or -1 when it was declared before. */
  declare(name: string): number {
    if (this.positions.has(name)) return -1;
    const position = this.names.length;
    this.positions.set(name, position);
    this.names.push(name);
    return position;
  }

  builtin(position: number): boolean {
    return isBuiltinChain(this.table, this.names[position]!);
  }

  /** Where the chain raw[from, to) was declared, or -1. The chain found last and the next one
   * are tried before the name is looked up. */
  positionAt(raw: string, from: number, to: number): number {
    const length = to - from;
    const last = this.last;
    for (let p = last < 0 ? 0 : last; p <= last + 1 && p < this.names.length; p++) {
      const name = this.names[p]!;
      if (name.length === length && textAt(raw, from, name)) return (this.last = p);
    }
    const found = this.positions.get(raw.slice(from, to));
    if (found === undefined) return -1;
    return (this.last = found);
  }

  /** Where the chain raw[from, to) was declared, or -1, without moving the chain found last
   * (for the chains rules jump to). */
  find(raw: string, from: number, to: number): number {
    return this.positions.get(raw.slice(from, to)) ?? -1;
  }

  /** Where the chain `name` was declared, or -1. */
  positionOf(name: string): number {
    return this.positions.get(name) ?? -1;
  }
}
