/**
 * The destination index must not change what the simulator says: on random small rulesets
 * (negated and partial -d, -s, -i/-o, -p, -f, statistic, marks, unknown modules, jumps, goto,
 * RETURN, DNAT) and random packets, a walk with every chain indexed and a plain walk give the
 * same steps, except that each 'skip' step stands for exactly the run of rules the plain walk
 * tested and found failing on their core; the same results, random decisions, conntrack table
 * and outcomes. Nor may the compiled form of the rules (compiled-rule.ts): on the same rulesets
 * it gives the very result the reference path gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTO_MIN_RULES, type IndexMode } from './chain-index.ts';
import { simulate, simulateAllPaths } from './simulate.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';
import { describeStep } from './trace-text.ts';
import type { TraceStep } from './trace.ts';

const host = hostOf(NODE_HOST);
const ADDRS = [
  '10.96.0.10',
  '10.96.0.11',
  '10.244.1.5',
  '10.244.2.8',
  '192.168.1.10',
  '192.168.1.100',
];
const USER = ['A', 'B', 'C'];

const neg = fc.boolean().map((b) => (b ? '! ' : ''));
const addr = fc
  .tuple(neg, fc.constantFrom(...ADDRS), fc.constantFrom(32, 32, 32, 24, 16, 8, 0))
  .map(([n, a, p]) => `${n}%s ${a}/${p}`);
const core = fc
  .record(
    {
      s: addr.map((a) => a.replace('%s', '-s')),
      d: addr.map((a) => a.replace('%s', '-d')),
      i: fc
        .tuple(neg, fc.constantFrom('eth0', 'cni0', 'veth+', 'lo'))
        .map(([n, x]) => `${n}-i ${x}`),
      o: fc.tuple(neg, fc.constantFrom('eth0', 'cni0', 'lo')).map(([n, x]) => `${n}-o ${x}`),
      p: fc.constantFrom('-p tcp', '-p udp', '! -p tcp', '-p icmp', '-p 47', '! -p 47'),
      f: fc.constantFrom('-f', '! -f'),
    },
    { requiredKeys: [] },
  )
  // -d most of the time, so the index has something to skip
  .chain((c) => fc.boolean().map((withD) => (withD && !c.d ? { ...c, d: '-d 10.96.0.10/32' } : c)));
const match = fc.constantFrom(
  '',
  '',
  '-m statistic --mode random --probability 0.50000000000',
  '-m statistic --mode random --probability 0.25000000000',
  '-m statistic --mode nth --every 2 --packet 0',
  '-m mark --mark 0x1',
  '-m comment --comment "x"',
  '-m addrtype --dst-type LOCAL',
  '-m hashlimit --hashlimit-upto 5/sec --hashlimit-name h',
  '-m helper --helper ftp',
);

/** NAT targets only where iptables accepts them: in the built-in chain itself */
const NAT_TARGETS: Record<string, string[]> = {
  PREROUTING: ['-j DNAT --to-destination 10.244.2.8:8080'],
  OUTPUT: ['-j DNAT --to-destination 10.244.2.8:8080'],
  POSTROUTING: ['-j MASQUERADE'],
};

function target(table: 'filter' | 'nat', chain: string): fc.Arbitrary<string> {
  // a user chain calls only the ones after it: iptables refuses loops
  const users = USER.slice(USER.indexOf(chain) + 1);
  const common: fc.Arbitrary<string>[] = [
    fc.constantFrom<string>('-j RETURN', '-j MARK --set-xmark 0x1/0xffffffff', ''),
  ];
  if (users.length)
    common.push(
      fc.constantFrom(...users).map((u) => `-j ${u}`),
      fc.constantFrom(...users).map((u) => `-g ${u}`),
    );
  return table === 'filter'
    ? fc.oneof(fc.constantFrom('-j ACCEPT', '-j DROP', '-j REJECT'), ...common)
    : fc.oneof(fc.constantFrom('-j ACCEPT', ...(NAT_TARGETS[chain] ?? [])), ...common);
}

function ruleLine(table: 'filter' | 'nat', chain: string): fc.Arbitrary<string> {
  return fc.tuple(core, match, target(table, chain)).map(([c, m, t]) => {
    const proto = m.includes('tcp') || t.includes(':8080') ? '-p tcp' : c.p;
    // iptables refuses -i where no packet has come in, and -o where none has a way out yet
    const i = chain === 'OUTPUT' || chain === 'POSTROUTING' ? undefined : c.i;
    const o = chain === 'INPUT' || chain === 'PREROUTING' ? undefined : c.o;
    const parts = [c.s, c.d, i, o, proto, c.f, m, t].filter(Boolean);
    return `-A ${chain} ${parts.join(' ')}`.trimEnd();
  });
}

function tableText(table: 'filter' | 'nat', builtins: string[]): fc.Arbitrary<string> {
  const chains = [...builtins, ...USER];
  return fc
    .tuple(
      ...chains.map((c) => fc.array(ruleLine(table, c), { maxLength: 7 })),
      fc.constantFrom('ACCEPT', 'DROP'),
    )
    .map((parts) => {
      const policy = parts[parts.length - 1] as string;
      const bodies = parts.slice(0, -1) as string[][];
      const decl = chains.map((c) =>
        USER.includes(c) ? `:${c} - [0:0]` : `:${c} ${table === 'nat' ? 'ACCEPT' : policy} [0:0]`,
      );
      return `*${table}\n${decl.join('\n')}\n${bodies.flat().join('\n')}\nCOMMIT\n`;
    });
}

const rulesetText = fc
  .tuple(
    tableText('filter', ['INPUT', 'FORWARD', 'OUTPUT']),
    tableText('nat', ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING']),
  )
  .map(([f, n]) => f + n);

const packet = fc.record({
  proto: fc.constantFrom('tcp', 'udp', 'icmp'),
  src: fc.constantFrom(...ADDRS),
  dst: fc.constantFrom(...ADDRS),
  from: fc.constantFrom('eth0', 'cni0', 'local'),
  mark: fc.constantFrom(0, 1),
});

type PacketSpec = typeof packet extends fc.Arbitrary<infer T> ? T : never;

function packetDoc(p: PacketSpec[]): unknown[] {
  return p.map((x) => {
    const doc: Record<string, unknown> = { proto: x.proto, dst: x.dst, mark: x.mark };
    if (x.from === 'local') doc['local'] = true;
    else {
      doc['in'] = x.from;
      doc['src'] = x.src;
    }
    if (x.proto !== 'icmp') {
      doc['sport'] = 40000;
      doc['dport'] = 80;
    } else doc['icmpType'] = 8;
    if (x.proto === 'tcp') doc['tcpFlags'] = 'SYN';
    return doc;
  });
}

/** Walks both traces together: equal steps, and each skip step matched by its failed rules. */
function expectSameWalk(indexed: TraceStep[], plain: TraceStep[]): void {
  let j = 0;
  for (const s of indexed) {
    if (s.kind !== 'skip') {
      expect(s).toEqual(plain[j]);
      j++;
      continue;
    }
    expect(s.count).toBe(s.to - s.from + 1);
    for (let r = s.from; r <= s.to; r++) {
      const p = plain[j++];
      expect(p, `${describeStep(s)} vs plain step ${j - 1}`).toMatchObject({
        kind: 'rule',
        hook: s.hook,
        table: s.table,
        chain: s.chain,
        rule: r,
        matched: false,
        failed: { part: 'core' },
        packet: s.packet,
      });
      // -s is tested first; otherwise the -d the index skipped on is what fails
      if (p?.kind === 'rule' && p.failed?.part === 'core')
        expect(['-s', '-d']).toContain(p.failed.option);
    }
  }
  expect(j).toBe(plain.length);
}

describe('the destination index walks like the kernel', () => {
  it('gives the same trace, decisions and results as a plain walk on random rulesets', () => {
    fc.assert(
      fc.property(
        rulesetText,
        fc.array(packet, { minLength: 1, maxLength: 3 }),
        fc.nat(1000),
        (text, ps, seed) => {
          const rs = rules(text);
          const packets = packetsOf(packetDoc(ps));
          const a = simulate(rs, host, packets, { seed, index: 'always' });
          const b = simulate(rs, host, packets, { seed, index: 'off' });
          expect(a.packets.map((p) => p.result)).toEqual(b.packets.map((p) => p.result));
          expect(a.decisions).toEqual(b.decisions);
          expect(a.conntrack).toEqual(b.conntrack);
          a.packets.forEach((p, k) => expectSameWalk(p.steps, b.packets[k]!.steps));
          // only matched rules: no skip steps, and identical
          const am = simulate(rs, host, packets, { seed, index: 'always', record: 'matched' });
          const bm = simulate(rs, host, packets, { seed, index: 'off', record: 'matched' });
          expect(am.packets).toEqual(bm.packets);
          expect(simulateAllPaths(rs, host, packets, { index: 'always' })).toEqual(
            simulateAllPaths(rs, host, packets, { index: 'off' }),
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it('gives the same result on the compiled rules as on the reference path', () => {
    fc.assert(
      fc.property(
        rulesetText,
        fc.array(packet, { minLength: 1, maxLength: 3 }),
        fc.nat(1000),
        fc.constantFrom<'match' | 'nomatch'>('match', 'nomatch'),
        fc.constantFrom<IndexMode>('always', 'off'),
        (text, ps, seed, assumeUnknown, index) => {
          const rs = rules(text);
          const packets = packetsOf(packetDoc(ps));
          const opts = { seed, assumeUnknown, index };
          expect(simulate(rs, host, packets, { ...opts, evaluate: 'compiled' })).toEqual(
            simulate(rs, host, packets, { ...opts, evaluate: 'reference' }),
          );
          expect(simulateAllPaths(rs, host, packets, { ...opts, evaluate: 'compiled' })).toEqual(
            simulateAllPaths(rs, host, packets, { ...opts, evaluate: 'reference' }),
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it('skips in long chains by default and records one step per run of skipped rules', () => {
    const n = AUTO_MIN_RULES + 8;
    const svc = Array.from(
      { length: n },
      (_, i) => `-A KUBE-SERVICES -d 10.96.0.${i + 1}/32 -p tcp -m tcp --dport 80 -j KUBE-SVC-${i}`,
    );
    const decl = Array.from({ length: n }, (_, i) => `:KUBE-SVC-${i} - [0:0]`);
    const rs = rules(
      `*nat\n:PREROUTING ACCEPT [0:0]\n:KUBE-SERVICES - [0:0]\n${decl.join('\n')}\n-A PREROUTING -j KUBE-SERVICES\n${svc.join('\n')}\n-A KUBE-SERVICES -d 10.96.0.30/32 -p udp -j ACCEPT\n-A KUBE-SVC-29 -p tcp -j DNAT --to-destination 10.244.2.8:8080\nCOMMIT\n`,
    );
    const packets = packetsOf({
      in: 'eth0',
      proto: 'tcp',
      src: '192.168.1.100',
      sport: 40000,
      dst: '10.96.0.30',
      dport: 80,
      tcpFlags: 'SYN',
    });
    const steps = simulate(rs, host, packets).packets[0]!.steps.filter(
      (s) => s.hook === 'PREROUTING' && 'chain' in s && s.chain === 'KUBE-SERVICES',
    );
    expect(steps.map((s) => s.kind)).toEqual(['skip', 'rule', 'jump']);
    expect(steps[0]).toMatchObject({
      kind: 'skip',
      table: 'nat',
      from: 1,
      to: 29,
      count: 29,
      reason: 'destination',
    });
    expect(describeStep(steps[0]!)).toBe(
      '    skip  KUBE-SERVICES#1–#29 (29 rules whose -d excludes 10.96.0.30)',
    );
    expect(steps[1]).toMatchObject({ kind: 'rule', rule: 30, matched: true });
    // without the index every rule up to the match is tested; the DNAT ends the walk before #41
    const off = simulate(rs, host, packets, { index: 'off' }).packets[0]!.steps.filter(
      (s) => s.kind === 'rule' && s.chain === 'KUBE-SERVICES',
    );
    expect(off).toHaveLength(30);
  });
});
