/**
 * One table's chains by name and by where they were declared, for the `print` command's copy of
 * a canonical dump (save-copy.ts, save-prove.ts): positions instead of Chain objects, and names
 * found where they stand in the dump.
 */
import { isBuiltinChain } from './model.ts';
import { TextTable } from './text-table.ts';
import { textAt } from './text-at.ts';

export class ChainTable {
  /** the chains' names, in the order they were declared */
  readonly names: string[] = [];
  private readonly positions = new TextTable<number>();
  /** the chain found last: iptables-save lists a chain's rules together, chain after chain */
  private last = -1;

  constructor(readonly table: string) {}

  get size(): number {
    return this.names.length;
  }

  /** Declares the chain raw[from, to): its position, or -1 when it was declared before. */
  declare(raw: string, from: number, to: number): number {
    if (this.positions.get(raw, from, to) !== undefined) return -1;
    const position = this.names.length;
    const name = raw.slice(from, to);
    this.positions.set(name, position, true, raw, from);
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
    const found = this.positions.get(raw, from, to);
    if (found === undefined) return -1;
    return (this.last = found);
  }

  /** Where the chain raw[from, to) was declared, or -1, without moving the chain found last
   * (for the chains rules jump to). */
  find(raw: string, from: number, to: number): number {
    return this.positions.get(raw, from, to) ?? -1;
  }

  /** Where the chain `name` was declared, or -1. */
  positionOf(name: string): number {
    return this.positions.getKey(name) ?? -1;
  }
}
