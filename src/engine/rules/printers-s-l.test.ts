import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printS } from './s-printer.ts';
import { listRow, printList, referenceCounts } from './list-printer.ts';
import { countCell, countInline, parseCount } from './list-numbers.ts';

const save = (body: string) => parseRuleset(body, { format: 'save' }).ruleset;

describe('printS', () => {
  const rs = save(
    '*nat\n:PREROUTING ACCEPT [1:2]\n:X - [0:0]\n:OUTPUT DROP [0:0]\n[5:6] -A X -j RETURN\nCOMMIT\n*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n',
  );

  it('lists built-in chains first, then user chains, then the rules, table after table', () => {
    expect(printS(rs)).toBe(
      '-P PREROUTING ACCEPT\n-P OUTPUT DROP\n-N X\n-A X -j RETURN\n-P INPUT ACCEPT\n',
    );
  });

  it('prints -S -v counters and table headings that its parser reads back', () => {
    const text = printS(rs, { counters: true, headings: true });
    expect(text).toBe(
      '# iptables -t nat -S -v\n-P PREROUTING ACCEPT -c 1 2\n-P OUTPUT DROP -c 0 0\n-N X\n-A X -c 5 6 -j RETURN\n# iptables -t filter -S -v\n-P INPUT ACCEPT -c 0 0\n',
    );
    const back = parseRuleset(text);
    expect(back.diagnostics).toEqual([]);
    expect(back.ruleset.tables.map((t) => t.name)).toEqual(['nat', 'filter']);
    expect(back.ruleset.tables[0]!.chains[2]!.rules[0]!.counters).toEqual({ packets: 5, bytes: 6 });
  });

  it('prints nothing for an empty ruleset', () => {
    expect(printS({ family: 'ipv4', format: 'save', tables: [] })).toBe('');
  });
});

describe('printList', () => {
  it('counts jumps and gotos to each chain, from every chain of the table', () => {
    const rs = save(
      '*filter\n:INPUT ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n-A INPUT -j A\n-A INPUT -g A\n-A A -j B\n-A B -j ACCEPT\nCOMMIT\n',
    );
    expect([...referenceCounts(rs.tables[0]!)]).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });

  it('appends what -L could not read back, so -L → parse → -L keeps it', () => {
    const text = [
      'Chain INPUT (policy ACCEPT 0 packets, 0 bytes)',
      ' pkts bytes target     prot opt in     out     source               destination         ',
      '    0     0 DROP       0    --  *      *       0.0.0.0/0            0.0.0.0/0            recent: UPDATE seconds: 60 name: SSH side: source /* ssh */',
      '',
    ].join('\n');
    const rs = parseRuleset(text, { table: 'filter' }).ruleset;
    expect(printList(rs)).toBe(
      [
        'Chain INPUT (policy ACCEPT 0 packets, 0 bytes)',
        ' pkts bytes target     prot opt in     out     source               destination         ',
        '    0     0 DROP       0    --  *      *       0.0.0.0/0            0.0.0.0/0            /* ssh */ recent: UPDATE seconds: 60 name: SSH side: source',
        '',
      ].join('\n'),
    );
  });

  it('writes table headings its parser understands', () => {
    const rs = save(
      '*raw\n:PREROUTING ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n*mangle\n:PREROUTING ACCEPT [0:0]\nCOMMIT\n',
    );
    const text = printList(rs, { headings: true, exact: true });
    expect(text.split('\n')[0]).toBe('# iptables -t raw -L -n -v -x');
    expect(parseRuleset(text).ruleset.tables.map((t) => t.name)).toEqual(['raw', 'mangle']);
  });

  it('shows a module the registry lacks by its words', () => {
    const rs = save(
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -m nosuchmatch --foo 1 -j ACCEPT\nCOMMIT\n',
    );
    const row = listRow(rs.tables[0]!.chains[0]!.rules[0]!, 'ipv4', {
      exact: false,
      lineNumbers: false,
      verbose: true,
    });
    expect(row.endsWith('0.0.0.0/0            nosuchmatch --foo 1')).toBe(true);
  });
});

describe('list counters', () => {
  it.each([
    [0, '    0 ', '0'],
    [99999, '99999 ', '99999'],
    [100000, ' 100K ', '100K'],
    [9999499, '9999K ', '9999K'],
    [9999500, '  10M ', '10M'],
    [98765432109, '  99G ', '99G'],
    [12345678901234, '  12T ', '12T'],
  ])('%d rounds as iptables does', (n, cell, inline) => {
    expect(countCell(n, false)).toBe(cell);
    expect(countInline(n, false)).toBe(inline);
    expect(countCell(n, true)).toBe(`${String(n).padStart(8)} `);
  });

  it('reads rounded and exact counts back', () => {
    expect(parseCount('100K')).toEqual({ value: 100000, rounded: true });
    expect(parseCount('42')).toEqual({ value: 42, rounded: false });
    expect(parseCount('4X')).toBeUndefined();
  });
});
