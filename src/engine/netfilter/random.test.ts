import { describe, expect, it } from 'vitest';
import { formatExact, multiply, toNumber } from './exact.ts';
import { branchProbability, ScriptedChooser, SeededRandom } from './random.ts';
import { sampleOutcomes, simulate, simulateAllPaths } from './simulate.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';

// kube-proxy's chain for a Service with four endpoints, as iptables-save prints it
const SVC4 = rules(`
*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SVC-X - [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j KUBE-SVC-X
-A KUBE-SVC-X -p tcp -m statistic --mode random --probability 0.25000000000 -j DNAT --to-destination 10.244.1.5:8080
-A KUBE-SVC-X -p tcp -m statistic --mode random --probability 0.33333333349 -j DNAT --to-destination 10.244.1.6:8080
-A KUBE-SVC-X -p tcp -m statistic --mode random --probability 0.50000000000 -j DNAT --to-destination 10.244.2.7:8080
-A KUBE-SVC-X -p tcp -j DNAT --to-destination 10.244.2.8:8080
COMMIT
`);
const host = hostOf(NODE_HOST);
const syn = packetsOf([
  { in: 'eth0', proto: 'tcp', src: '192.168.1.100', sport: 40000, dst: '10.96.0.10', dport: 80 },
]);

describe('exact probabilities of random rules', () => {
  it("keeps the kernel's 31-bit thresholds: 1/3 becomes 715827883/2^31", () => {
    expect(formatExact(branchProbability(715827883, true))).toBe('715827883/2147483648');
    expect(formatExact(branchProbability(2 ** 29, true))).toBe('1/4');
    expect(
      formatExact(multiply(branchProbability(2 ** 29, false), branchProbability(715827883, true))),
    ).toBe('2147483649/8589934592');
  });

  it("gives each of four kube-proxy endpoints 1/4, up to the kernel's rounding", () => {
    const all = simulateAllPaths(SVC4, host, syn);
    expect(all).toMatchObject({ paths: 4, complete: true });
    const byDst = all.outcomes.map((o) => [o.results[0]!.packet.dst, o.exact, o.decisions]);
    expect(byDst).toEqual([
      ['10.244.1.5', '1/4', [true]],
      // 3/4 × 715827883/2^31
      ['10.244.1.6', '2147483649/8589934592', [false, true]],
      // 3/4 × (2^31 − 715827883)/2^31 × 1/2, twice
      ['10.244.2.7', '4294967295/17179869184', [false, false, true]],
      ['10.244.2.8', '4294967295/17179869184', [false, false, false]],
    ]);
    expect(all.outcomes.map((o) => o.probability)).toEqual([
      0.25,
      2147483649 / 8589934592,
      4294967295 / 17179869184,
      4294967295 / 17179869184,
    ]);
  });

  it('merges paths that end the same way and drops branches of probability 0', () => {
    const rs = rules(`
      *nat
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -m statistic --mode random --probability 0.50000000000 -j MARK --set-xmark 0x1/0xffffffff
      -A PREROUTING -m statistic --mode random --probability 0.00000000000 -j DNAT --to-destination 10.244.1.5
      -A PREROUTING -m statistic --mode random --probability 1.00000000000 -j DNAT --to-destination 10.244.1.6
      COMMIT
    `);
    const all = simulateAllPaths(rs, host, syn);
    expect(all.outcomes.map((o) => [o.results[0]!.packet.dst, o.exact, o.paths])).toEqual([
      ['10.244.1.6', '1', 2],
    ]);
  });

  it("replays an outcome's decisions as a full trace", () => {
    const all = simulateAllPaths(SVC4, host, syn);
    const third = all.outcomes[2]!;
    const t = simulate(SVC4, host, syn, { decisions: third.decisions });
    expect(t.packets[0]!.result.packet.dst).toBe('10.244.2.7');
    expect(
      t.packets[0]!.steps.filter((s) => s.kind === 'random').map((s) =>
        s.kind === 'random' ? [s.rule, s.matched, s.probability] : [],
      ),
    ).toEqual([
      [1, false, 0.75],
      [2, false, 1431655765 / 2147483648],
      [3, true, 0.5],
    ]);
  });

  it("puts the all-paths outcomes next to the first path's trace", () => {
    const sim = simulate(SVC4, host, syn, { allPaths: true });
    expect(sim.outcomes).toHaveLength(4);
    expect(sim.packets[0]!.result.packet.dst).toBe('10.244.1.5');
  });
});

describe('sampling', () => {
  it('is replayable: the same seed gives the same trace', () => {
    const a = simulate(SVC4, host, syn, { seed: 42 });
    const b = simulate(SVC4, host, syn, { seed: 42 });
    expect(a.packets[0]!.result).toEqual(b.packets[0]!.result);
    expect(a.decisions).toEqual(b.decisions);
  });

  it('converges on the exact figures over many runs', () => {
    const runs = 20000;
    const hist = sampleOutcomes(SVC4, host, syn, { seed: 7, runs });
    const share = Object.fromEntries(hist.map((o) => [o.results[0]!.packet.dst, o.share]));
    expect(Object.keys(share).sort()).toEqual([
      '10.244.1.5',
      '10.244.1.6',
      '10.244.2.7',
      '10.244.2.8',
    ]);
    // four standard deviations of a binomial share at p = 1/4
    const tolerance = 4 * Math.sqrt((0.25 * 0.75) / runs);
    for (const s of Object.values(share)) expect(Math.abs(s - 0.25)).toBeLessThan(tolerance);
    expect(hist.reduce((n, o) => n + o.count, 0)).toBe(runs);
  });

  it('draws 31-bit numbers from a seeded generator', () => {
    const r = new SeededRandom(1);
    const draws = Array.from({ length: 5 }, () => r.nextU32());
    expect(new SeededRandom(1).nextU32()).toBe(draws[0]);
    expect(new Set(draws).size).toBe(5);
    expect(new SeededRandom(9).chance(0)).toBe(false);
    expect(new SeededRandom(9).chance(2 ** 31)).toBe(true);
  });

  it('walks paths depth first, matching branch first', () => {
    const c = new ScriptedChooser([]);
    expect([c.chance(2 ** 30), c.chance(2 ** 30)]).toEqual([true, true]);
    expect(c.nextScript()).toEqual([true, false]);
    const d = new ScriptedChooser([true, false]);
    d.chance(2 ** 30);
    d.chance(2 ** 30);
    expect(d.nextScript()).toEqual([false]);
  });
});

describe('enumerating many branches', () => {
  // kube-proxy's thresholds for a Service with n endpoints: endpoint i gets 1/(n − i)
  const thresholds = (n: number) =>
    Array.from({ length: n - 1 }, (_, i) => Math.round(2 ** 31 / (n - i)));

  /** Drives a chooser as a walk through the Service's chain would. */
  function walk(c: ScriptedChooser, ts: number[]): void {
    for (const t of ts) if (c.chance(t)) return;
  }

  it('reuses the product of the decisions a script shares with the run it came from', () => {
    const ts = thresholds(40);
    let script: boolean[] | null = [];
    let previous: ScriptedChooser | null = null;
    let paths = 0;
    while (script) {
      const reused: ScriptedChooser = new ScriptedChooser(script, previous);
      const fresh = new ScriptedChooser(script);
      walk(reused, ts);
      walk(fresh, ts);
      expect(reused.taken).toEqual(fresh.taken);
      expect(reused.probability).toEqual(fresh.probability);
      // the shared prefix is the previous run's very product, not a recomputed one
      if (previous && script.length > 1)
        expect(reused.products[script.length - 2]).toBe(previous.products[script.length - 2]);
      script = reused.nextScript();
      previous = reused;
      paths++;
    }
    expect(paths).toBe(40);
  });

  it('does not reuse a product when the replayed rule has another threshold', () => {
    const first = new ScriptedChooser([false, false]);
    walk(first, [2 ** 29, 2 ** 29, 2 ** 29]);
    expect(formatExact(first.probability)).toBe('9/64');
    // the same decisions, but on other rules: reusing 9/16 for the first two would be wrong
    const next = new ScriptedChooser([false, false, false], first);
    walk(next, [2 ** 30, 2 ** 30, 2 ** 30, 2 ** 30]);
    expect(formatExact(next.probability)).toBe('1/16');
  });

  it('turns long exact fractions into the nearest double', () => {
    expect(toNumber({ num: 3n, bits: 100 })).toBe(3 * 2 ** -100);
    expect(toNumber({ num: (1n << 3000n) / 3n, bits: 3001 })).toBe(1 / 6);
    expect(toNumber({ num: (1n << 2990n) + 1n, bits: 3000 })).toBe(2 ** -10);
    expect(toNumber({ num: 1n, bits: 0 })).toBe(1);
    expect(formatExact({ num: 3n, bits: 70 })).toBe('3/1180591620717411303424');
  });
});

describe('statistic --mode nth', () => {
  it('matches the k-th evaluation when k mod every equals packet, counting across packets', () => {
    const rs = rules(`
      *mangle
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -m statistic --mode nth --every 3 --packet 1 -j MARK --set-xmark 0x1/0xffffffff
      COMMIT
    `);
    const pk = packetsOf(
      Array.from({ length: 6 }, (_, i) => ({
        in: 'eth0',
        proto: 'udp',
        src: '192.168.1.100',
        sport: 1000 + i,
        dst: '192.168.1.10',
        dport: 53,
      })),
    );
    const marks = simulate(rs, host, pk).packets.map((p) => p.steps.some((s) => s.kind === 'mark'));
    expect(marks).toEqual([false, true, false, false, true, false]);
    // deterministic, so enumeration finds one path
    expect(simulateAllPaths(rs, host, pk).paths).toBe(1);
  });
});
