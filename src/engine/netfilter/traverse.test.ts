import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import { simulate } from './simulate.ts';
import type { TraceStep } from './trace.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';

const host = hostOf(NODE_HOST);
const toHost = packetsOf([
  { in: 'eth0', proto: 'tcp', src: '192.168.1.100', sport: 40000, dst: '192.168.1.10', dport: 22 },
]);

function walk(steps: TraceStep[]): string[] {
  return steps.flatMap((s) => {
    switch (s.kind) {
      case 'rule':
        return [`${s.matched ? '+' : '-'} ${s.chain}#${s.rule}`];
      case 'jump':
      case 'goto':
        return [`${s.kind} ${s.target}`];
      case 'return':
        return [`return ${s.chain}→${s.to}${s.rule === null ? ' (end)' : ''}`];
      case 'policy':
        return [`policy ${s.table}/${s.chain} ${s.verdict}`];
      case 'verdict':
        return [`verdict ${s.target} ${s.verdict}`];
      case 'jump-loop':
      case 'jump-depth':
        return [`${s.kind} ${s.target}`];
      case 'unknown-module':
        return [`unknown ${s.module} ${s.assumed}`];
      default:
        return [];
    }
  });
}

describe('chain traversal', () => {
  it('returns from a user chain at its end and at RETURN, then applies the policy', () => {
    const rs = rules(`
      *filter
      :INPUT DROP [0:0]
      :A - [0:0]
      :B - [0:0]
      -A INPUT -j A
      -A INPUT -p udp -j ACCEPT
      -A A -j B
      -A A -s 192.168.1.100/32 -j RETURN
      -A A -j ACCEPT
      -A B -p tcp
      COMMIT
    `);
    const t = simulate(rs, host, toHost).packets[0]!;
    expect(walk(t.steps)).toEqual([
      '+ INPUT#1',
      'jump A',
      '+ A#1',
      'jump B',
      '+ B#1',
      'return B→A (end)',
      '+ A#2',
      'return A→INPUT',
      '- INPUT#2',
      'policy filter/INPUT DROP',
    ]);
    expect(t.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });
    const failed = t.steps.find((s) => s.kind === 'rule' && !s.matched);
    expect(failed).toMatchObject({
      kind: 'rule',
      chain: 'INPUT',
      rule: 2,
      ruleText: '-A INPUT -p udp -j ACCEPT',
      failed: { part: 'core', option: '-p' },
    });
  });

  it("goes back past a goto: RETURN from a goto chain returns to the jumper's caller", () => {
    const rs = rules(`
      *filter
      :INPUT ACCEPT [0:0]
      :A - [0:0]
      :G - [0:0]
      -A INPUT -j A
      -A INPUT -j DROP
      -A A -g G
      -A A -j ACCEPT
      -A G -j RETURN
      COMMIT
    `);
    const t = simulate(rs, host, toHost).packets[0]!;
    expect(walk(t.steps)).toEqual([
      '+ INPUT#1',
      'jump A',
      '+ A#1',
      'goto G',
      '+ G#1',
      'return G→INPUT',
      '+ INPUT#2',
      'verdict DROP DROP',
    ]);
  });

  it('applies the built-in policy when a goto from it ends', () => {
    const rs = rules(`
      *filter
      :INPUT DROP [0:0]
      :G - [0:0]
      -A INPUT -g G
      -A INPUT -j ACCEPT
      COMMIT
    `);
    expect(walk(simulate(rs, host, toHost).packets[0]!.steps)).toEqual([
      '+ INPUT#1',
      'goto G',
      'policy filter/INPUT DROP',
    ]);
  });

  it("shows an empty built-in chain's policy, and only for tables the dump declares", () => {
    const rs = rules(`
      *mangle
      :PREROUTING ACCEPT [0:0]
      :INPUT ACCEPT [0:0]
      COMMIT
      *filter
      :INPUT ACCEPT [0:0]
      COMMIT
    `);
    const t = simulate(rs, host, toHost).packets[0]!;
    expect(walk(t.steps)).toEqual([
      'policy mangle/PREROUTING ACCEPT',
      'policy mangle/INPUT ACCEPT',
      'policy filter/INPUT ACCEPT',
    ]);
    // legacy ip_tables has every built-in chain of a loaded table
    const legacy = simulate(
      rs,
      host,
      packetsOf([{ in: 'eth0', proto: 'tcp', src: '192.168.1.100', dst: '10.244.1.5', dport: 80 }]),
      { backend: 'legacy' },
    ).packets[0]!;
    expect(walk(legacy.steps)).toEqual([
      'policy mangle/PREROUTING ACCEPT',
      'policy mangle/FORWARD ACCEPT',
      'policy filter/FORWARD ACCEPT',
      'policy mangle/POSTROUTING ACCEPT',
    ]);
  });

  it('rejects with the type REJECT names', () => {
    const rs = rules(`
      *filter
      :INPUT ACCEPT [0:0]
      -A INPUT -p tcp -m tcp --dport 22 -j REJECT --reject-with tcp-reset
      COMMIT
    `);
    const t = simulate(rs, host, toHost).packets[0]!;
    expect(t.steps.find((s) => s.kind === 'verdict')).toMatchObject({
      target: 'REJECT',
      verdict: 'REJECT',
      rejectWith: 'tcp-reset',
      rule: 1,
    });
    expect(t.result).toMatchObject({ verdict: 'REJECT', fate: 'rejected', outInterface: null });
  });

  it('lets MARK and LOG continue and ends the table at ACCEPT', () => {
    const rs = rules(`
      *mangle
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -j MARK --set-xmark 0x4000/0x4000
      -A PREROUTING -j LOG --log-prefix "seen "
      -A PREROUTING -m mark --mark 0x4000/0x4000 -j ACCEPT
      -A PREROUTING -j MARK --set-xmark 0x1/0xffffffff
      COMMIT
    `);
    const t = simulate(rs, host, toHost).packets[0]!;
    expect(walk(t.steps)).toEqual([
      '+ PREROUTING#1',
      '+ PREROUTING#2',
      '+ PREROUTING#3',
      'verdict ACCEPT ACCEPT',
    ]);
    expect(t.steps.find((s) => s.kind === 'mark')).toMatchObject({
      what: 'mark',
      from: 0,
      to: 0x4000,
      packet: { mark: 0x4000 },
    });
    expect(t.result.verdict).toBe('ACCEPT');
  });

  it('reports a jump loop and skips the jump instead of walking forever', () => {
    // iptables-restore refuses this; the parser keeps it (with an error) and the walk must end
    const r = parseRuleset(
      '*filter\n:INPUT ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n-A INPUT -j A\n-A A -j B\n-A B -j A\n-A B -j DROP\nCOMMIT\n',
    );
    expect(r.diagnostics.map((d) => d.code)).toContain('jump-loop');
    const t = simulate(r.ruleset, host, toHost).packets[0]!;
    expect(walk(t.steps)).toEqual([
      '+ INPUT#1',
      'jump A',
      '+ A#1',
      'jump B',
      '+ B#1',
      'jump-loop A',
      '+ B#2',
      'verdict DROP DROP',
    ]);
    expect(t.result.dependsOn).toEqual(['jump-loop']);
  });

  it('stops nesting at the jump depth limit', () => {
    const chains = Array.from({ length: 20 }, (_, i) => `C${i}`);
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ...chains.map((c) => `:${c} - [0:0]`),
      '-A INPUT -j C0',
      ...chains.slice(0, -1).map((c, i) => `-A ${c} -j C${i + 1}`),
      'COMMIT',
      '',
    ].join('\n');
    const t = simulate(rules(text), host, toHost).packets[0]!;
    const guard = t.steps.find((s) => s.kind === 'jump-depth');
    expect(guard).toMatchObject({ chain: 'C15', target: 'C16' });
    expect(t.result.verdict).toBe('ACCEPT');
  });

  it('reports a module it cannot evaluate and lets the caller decide', () => {
    const rs = rules(`
      *filter
      :INPUT ACCEPT [0:0]
      -A INPUT -m socket -j DROP
      -A INPUT -m frobnicate --level 3 -j DROP
      COMMIT
    `);
    const off = simulate(rs, host, toHost).packets[0]!;
    expect(walk(off.steps)).toEqual([
      'unknown socket nomatch',
      '- INPUT#1',
      'unknown frobnicate nomatch',
      '- INPUT#2',
      'policy filter/INPUT ACCEPT',
    ]);
    expect(off.result).toMatchObject({ verdict: 'ACCEPT', dependsOn: ['frobnicate', 'socket'] });
    const on = simulate(rs, host, toHost, { assumeUnknown: 'match' }).packets[0]!;
    expect(on.result).toMatchObject({ verdict: 'DROP', dependsOn: ['socket'] });
  });
});

describe('table order at a hook, as simulated', () => {
  const rs = rules(`
    *mangle
    :INPUT ACCEPT [0:0]
    COMMIT
    *nat
    :INPUT ACCEPT [0:0]
    -A INPUT -m conntrack --ctstate NEW
    COMMIT
    *filter
    :INPUT ACCEPT [0:0]
    COMMIT
    *security
    :INPUT ACCEPT [0:0]
    COMMIT
  `);
  const tables = (backend: 'nft' | 'legacy') =>
    simulate(rs, host, toHost, { backend })
      .packets[0]!.steps.filter((s) => s.kind === 'table-enter' && s.hook === 'INPUT')
      .map((s) => (s.kind === 'table-enter' ? s.table : ''));

  it('walks INPUT as mangle → filter → nat → security under nft and security before nat under legacy', () => {
    expect(tables('nft')).toEqual(['mangle', 'filter', 'nat', 'security']);
    expect(tables('legacy')).toEqual(['mangle', 'filter', 'security', 'nat']);
  });
});
