import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
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

describe('steps that name a rule', () => {
  it('carry the rule reference first, in the order RuleRef documents, on every kind', () => {
    // an unknown module is an error the parser reports and the walk assumes as told
    const rs2 = parseRuleset(`
*nat
:PREROUTING ACCEPT [0:0]
:SVC - [0:0]
:SEP - [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -j SVC
-A SVC -m statistic --mode random --probability 0.50000000000 -j SEP
-A SVC -j SEP
-A SEP -j MARK --set-xmark 0x4000/0x4000
-A SEP -m helper --helper ftp -j TTL --ttl-set 9
-A SEP -p tcp -j DNAT --to-destination 10.244.1.5:8080
COMMIT
`).ruleset;
    const sim = simulate(
      rs2,
      host,
      packetsOf({
        in: 'eth0',
        proto: 'tcp',
        src: '192.168.1.100',
        sport: 40000,
        dst: '10.96.0.10',
        dport: 80,
      }),
      { assumeUnknown: 'match' },
    );
    const steps = JSON.parse(JSON.stringify(sim.packets[0]!.steps)) as Record<string, unknown>[];
    const named = steps.filter((s) => 'ruleId' in s);
    const kinds = new Set(named.map((s) => s.kind));
    for (const k of ['rule', 'jump', 'random', 'mark', 'unknown-module', 'rewrite', 'verdict'])
      expect(kinds, k).toContain(k);
    for (const s of named)
      expect(Object.keys(s).slice(0, 8), String(s.kind)).toEqual([
        'kind',
        'hook',
        'table',
        'chain',
        'rule',
        'ruleId',
        'ruleText',
        'span',
      ]);
    expect(Object.keys(named.find((s) => s.kind === 'rule')!).slice(8)).toEqual([
      'matched',
      'target',
      'packet',
    ]);
  });
});
