import { describe, expect, it } from 'vitest';
import { appendChainStart, chainNameEnd, RuleLineOrder } from './save-rule-order.ts';
import { parseSave } from './save-parser.ts';

/** The chain of each -A line of `text`, by name, and the order RuleLineOrder reads them in. */
function readOrder(lines: readonly string[], chains: readonly string[]): number[] {
  const text = lines.join('\n');
  const read: number[] = [];
  const order = new RuleLineOrder((t, start, end) => chains.indexOf(t.slice(start, end)));
  let from = 0;
  lines.forEach((line, k) => {
    const to = from + line.length;
    const start = appendChainStart(text, from, to);
    const readNow = (n: number) => read.push(n);
    if (!order.take(text, start, k + 1, from, to, readNow)) readNow(k + 1);
    from = to + 1;
  });
  order.end((n) => read.push(n));
  return read;
}

describe('reading -A lines chain by chain', () => {
  const chains = ['A', 'B', 'C'];

  it('reads lines whose chains stand together in the order they come', () => {
    expect(readOrder(['-A A 1', '-A A 2', '-A B', '-A C 1', '-A C 2'], chains)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('holds back the run from the first chain met again, then reads it chain by chain', () => {
    const lines = ['-A A 1', '-A B 1', '-A A 2', '-A C 1', '-A B 2', '-A A 3', '-A C 2'];
    // lines 1 and 2 are read as they come; the rest by chain, each chain's in its order
    expect(readOrder(lines, chains)).toEqual([1, 2, 3, 6, 5, 4, 7]);
  });

  it('ends the run at a line that is not an -A line or names no known chain', () => {
    const lines = ['-A A 1', '-A B 1', '-A A 2', '-A C 1', '-A B 2', '-I A 1', '-A B 3', '-A A 3'];
    expect(readOrder(lines, chains)).toEqual([1, 2, 3, 5, 4, 6, 7, 8]);
    const unknown = ['-A A 1', '-A B 1', '-A A 2', '-A Z', '-A A 3', '-A B 2', '-A A 4'];
    expect(readOrder(unknown, chains)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('tells the chain before from a name it starts or that ends the line', () => {
    const more = ['A', 'AB', 'ABC'];
    // `-A AB` ends its line: still the chain before; ABC and A are others, and from line 4 (AB
    // again, not just before) the run is held back and read chain by chain: A, then AB
    const lines = ['-A AB 1', '-A AB', '-A ABC 1', '-A AB 2', '-A A 1', '-A AB 3'];
    expect(readOrder(lines, more)).toEqual([1, 2, 3, 5, 4, 6]);
    expect(readOrder(['-A A 1', '-A A', '-A A 2', '-A AB'], more)).toEqual([1, 2, 3, 4]);
  });

  it('names a chain only the way the tokenizer reads it, after plain counters', () => {
    const at = (line: string) => {
      const start = appendChainStart(line, 0, line.length);
      const end = start < 0 ? -1 : chainNameEnd(line, start, line.length);
      return end < 0 ? null : line.slice(start, end);
    };
    expect(at('-A KUBE-X -j ACCEPT')).toBe('KUBE-X');
    expect(at('[12:3400] -A KUBE-X -j ACCEPT')).toBe('KUBE-X');
    expect(at('-A KUBE-X')).toBe('KUBE-X');
    for (const line of ['-A "KUBE-X" -j ACCEPT', '-A\tKUBE-X', '-A  KUBE-X', '[1:] -A KUBE-X'])
      expect(at(line), line).toBeNull();
    expect(at('-A KUBE\\X -j ACCEPT')).toBeNull();
  });

  it('builds a dump with interleaved chains just as in the file order, ids and diagnostics too', () => {
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':A - [0:0]',
      ':B - [0:0]',
      '-A A -s 10.0.0.1/32 -j B',
      '-A B -p tcp -j MISSING',
      '-A A -s 10.0.0.2/32 -j DROP',
      '-A INPUT -j A',
      '-A B -j A',
      '-A A -j RETURN',
      'COMMIT',
      '',
    ].join('\n');
    const fast = parseSave(text, 'ipv4');
    const reference = parseSave(text, 'ipv4', { fastPath: false });
    expect(fast).toEqual(reference);
    const a = fast.ruleset.tables[0]!.chains.find((c) => c.name === 'A')!;
    expect(a.rules.map((r) => [r.id, r.span.line])).toEqual([
      ['filter/A/1', 5],
      ['filter/A/2', 7],
      ['filter/A/3', 10],
    ]);
    expect(fast.diagnostics.map((d) => [d.code, d.line])).toEqual(
      reference.diagnostics.map((d) => [d.code, d.line]),
    );
    expect(fast.diagnostics.length).toBeGreaterThan(0);
  });
});
