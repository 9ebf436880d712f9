import { describe, expect, it } from 'vitest';
import { simulate } from './simulate.ts';
import { toTraceJson } from './trace-json.ts';
import { describeResult, describeStep } from './trace-text.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';

const rs = rules(`
*filter
:INPUT DROP [0:0]
-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT
COMMIT
`);
const host = hostOf(NODE_HOST);

describe('trace --json', () => {
  const sim = simulate(
    rs,
    host,
    packetsOf({
      in: 'eth0',
      proto: 'tcp',
      src: '192.168.1.100',
      sport: 40000,
      dst: '192.168.1.10',
      dport: 80,
    }),
  );
  const doc = JSON.parse(JSON.stringify(toTraceJson(sim))) as ReturnType<typeof toTraceJson>;

  it('is a list of packets, each with steps and a result', () => {
    expect(Object.keys(doc)).toEqual(['packets', 'backend']);
    expect(doc.packets).toHaveLength(1);
    expect(doc.packets[0]!.result).toEqual({
      verdict: 'DROP',
      fate: 'dropped',
      outInterface: null,
      packet: { src: '192.168.1.100', sport: 40000, dst: '192.168.1.10', dport: 80, proto: 'tcp' },
    });
  });

  it("gives each step the contract's fields", () => {
    const [pre, route, enter, table, rule, policy] = doc.packets[0]!.steps;
    expect(pre).toMatchObject({ kind: 'hook-enter', hook: 'PREROUTING', in: 'eth0', out: null });
    expect(route).toMatchObject({
      kind: 'route',
      hook: 'PREROUTING',
      decision: 'local',
      outInterface: null,
      via: null,
    });
    expect(enter).toEqual({
      kind: 'hook-enter',
      hook: 'INPUT',
      in: 'eth0',
      out: null,
      packet: {
        proto: 'tcp',
        src: '192.168.1.100',
        sport: 40000,
        dst: '192.168.1.10',
        dport: 80,
        tcpFlags: 'SYN',
        length: 60,
        mark: 0,
        ttl: 64,
        tos: 0,
      },
    });
    expect(table).toMatchObject({
      kind: 'table-enter',
      hook: 'INPUT',
      table: 'filter',
      chain: 'INPUT',
      priority: 0,
    });
    expect(rule).toEqual({
      kind: 'rule',
      hook: 'INPUT',
      table: 'filter',
      chain: 'INPUT',
      rule: 1,
      ruleId: 'filter/INPUT/1',
      ruleText: '-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT',
      span: { line: 3, column: 1, endLine: 3, endColumn: 44 },
      matched: false,
      failed: { part: 'match', index: 0, module: 'tcp' },
      target: 'ACCEPT',
      packet: enter!.packet,
    });
    expect(policy).toEqual({
      kind: 'policy',
      hook: 'INPUT',
      table: 'filter',
      chain: 'INPUT',
      rule: null,
      verdict: 'DROP',
      packet: enter!.packet,
    });
  });

  it('reads as one line per step for people', () => {
    expect(sim.packets[0]!.steps.map(describeStep)).toEqual([
      'PREROUTING in=eth0 out=-',
      '  route: local',
      'INPUT in=eth0 out=-',
      '  filter (priority 0)',
      '    no    INPUT#1 -A INPUT -p tcp -m tcp --dport 22 -j ACCEPT  [failed: -m tcp]',
      '    policy INPUT filter INPUT: DROP',
    ]);
    expect(describeResult(sim.packets[0]!.result)).toBe(
      'DROP: dropped; tcp 192.168.1.100:40000 → 192.168.1.10:80',
    );
  });
});
