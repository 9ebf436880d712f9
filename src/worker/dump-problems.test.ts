import { describe, expect, it } from 'vitest';
import MACS from '../../tests/fixtures/anonymised/mac-allowlist.rules?raw';
import type { Diagnostic } from '../engine/rules/index.ts';
import { engineApi } from './engine-api.ts';
import { groupProblems, messageShape } from './dump-problems.ts';

const at = (line: number, message: string, code: Diagnostic['code'] = 'bad-value'): Diagnostic => ({
  code,
  severity: 'error',
  message,
  line,
  column: 1,
  endLine: line,
  endColumn: 2,
});

describe('a dump with anonymised MAC addresses: one group of problems, every row listed', () => {
  const s = engineApi.loadDump(MACS);

  it('makes one group whose count is every problem of the dump', () => {
    expect(s.diagnosticCount).toBe(2048);
    expect(s.problemGroups).toHaveLength(1);
    const g = s.problemGroups[0]!;
    expect([g.severity, g.code, g.count, g.same, g.line]).toEqual([
      'error',
      'bad-value',
      2048,
      true,
      20,
    ]);
    expect(g.message).toContain('"XX:XX:XX:XX:XX:XX" is not a MAC address');
  });

  it('counts the rules that match -m mac (the packet form offers a source MAC for them)', () => {
    expect(s.macRules).toBe(2048);
    expect(
      engineApi.loadDump('*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j ACCEPT\nCOMMIT\n').macRules,
    ).toBe(0);
  });

  it('gives the rows a page at a time, in line order, as many as the count', () => {
    const key = s.problemGroups[0]!.key;
    const rows: Diagnostic[] = [];
    for (let from = 0; from < 2100; from += 200)
      rows.push(...(engineApi.dumpProblems(s.id, key, from, from + 200) ?? []));
    expect(rows).toHaveLength(2048);
    expect(rows.slice(0, 2).map((d) => [d.line, d.column])).toEqual([
      [20, 30],
      [21, 30],
    ]);
    expect(rows.at(-1)?.line).toBe(2067);
    expect(engineApi.dumpProblems('dump-none', key, 0, 10)).toBeNull();
  });
});

describe('problem kinds', () => {
  it('puts messages that differ only in a quoted value or a number in one group', () => {
    expect(messageShape('"XX:XX" is not a MAC address (expected six hex octets)')).toBe(
      '"…" is not a MAC address (expected six hex octets)',
    );
    expect(messageShape('port 70000 is out of range (0-65535)')).toBe(
      'port # is out of range (0-65535)',
    );
    const { groups, rows } = groupProblems([
      at(1, '"XX" is not a MAC address'),
      at(2, '"zz:1" is not a MAC address'),
      at(3, 'jump to chain A, which table filter does not have', 'missing-target-chain'),
      at(4, 'port 70000 is out of range', 'bad-port'),
      at(5, 'port 70001 is out of range', 'bad-port'),
      at(6, 'port 70001 is out of range', 'bad-port'),
    ]);
    expect(groups.map((g) => [g.code, g.count, g.same, g.message])).toEqual([
      ['bad-port', 3, false, 'port # is out of range'],
      ['bad-value', 2, false, '"…" is not a MAC address'],
      ['missing-target-chain', 1, true, 'jump to chain A, which table filter does not have'],
    ]);
    expect(rows.get(groups[0]!.key)?.map((d) => d.line)).toEqual([4, 5, 6]);
  });
});
