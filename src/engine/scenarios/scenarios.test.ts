/**
 * Each shipped scenario's journey, with every random branch: compared with a golden file (hops,
 * NAT, verdicts, the source the pod sees, conntrack entries, exact probabilities; UPDATE_GOLDEN=1
 * rewrites it) and the facts each story is about asserted on their own.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  journey,
  type Journey,
  type JourneyResult,
  type Translation,
} from '../cluster/journey/index.ts';
import { scenarioById, scenarios } from './index.ts';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__');

/** The kind as the golden names it: MASQUERADE is an SNAT there. */
function natName(n: Translation): string {
  return n.kind === 'masquerade' ? 'SNAT' : n.kind.replace(/[a-z]+$/, (k) => k.toUpperCase());
}

/** `10.43.62.130:80 -> 10.42.0.43:8080`: the end of the packet the translation rewrote. */
function rewritten(n: Translation): string {
  const dst = n.kind === 'dnat' || n.kind === 'un-snat';
  const end = (t: Translation['before']) => (dst ? `${t.dst}:${t.dport}` : `${t.src}:${t.sport}`);
  return `${end(n.before)} -> ${end(n.after)}`;
}

function summariseJourney(j: Journey) {
  return {
    exact: j.exact,
    hops: j.hops.map((h) => ({
      direction: h.direction,
      node: h.node,
      in: h.inPort ? `${h.in} (${h.inPort})` : h.in,
      out: h.out,
      before: h.before,
      after: h.after,
      nat: h.translations.map((n) => `${n.hook} ${natName(n)} ${rewritten(n)}`),
      verdict: h.verdict,
      fate: h.fate,
      exact: h.exact,
      next: h.next,
      matchedRules: h.trace.steps.flatMap((s) =>
        s.kind === 'rule' && s.matched ? [s.ruleText] : [],
      ),
      conntrack: h.conntrack.map((c) => `${c.original} | ${c.reply} | ${c.status.join(',')}`),
    })),
    request: j.request,
    sourceSeen: j.sourceSeen,
    reply: j.reply,
    replyMatches: j.replyMatches,
  };
}

function summarise(r: JourneyResult) {
  return {
    flow: r.flow,
    notes: r.notes,
    outcomes: (r.outcomes ?? []).map((o) => ({
      exact: o.exact,
      verdict: o.verdict,
      outcome: o.outcome,
      endpoint: o.endpoint,
      delivered: o.delivered,
      sourceSeen: o.sourceSeen,
      replyMatches: o.replyMatches,
      journey: summariseJourney(o.journey),
    })),
  };
}

function goldenOrUpdate(name: string, actual: string): string {
  const path = join(GOLDEN_DIR, name);
  if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(path)) writeFileSync(path, actual);
  return readFileSync(path, 'utf8');
}

function run(id: string, cluster = 0): JourneyResult {
  const s = scenarioById(id);
  if (!s) throw new Error(`no scenario ${id}`);
  return journey(s.clusters[cluster]!.yaml, s.flow, { allPaths: true });
}

/** endpoint → exact probability */
function odds(r: JourneyResult): Record<string, string> {
  return Object.fromEntries((r.outcomes ?? []).map((o) => [o.delivered ?? o.verdict, o.exact]));
}

describe('shipped scenarios', () => {
  it('have unique ids, both languages and a flow that reads without problems', () => {
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
    for (const s of scenarios) {
      for (const t of [s.title, s.description, ...s.clusters.map((c) => c.label)]) {
        expect(t.en.length).toBeGreaterThan(3);
        expect(t.ko).toMatch(/[가-힣]/);
      }
      for (const c of s.clusters) {
        const r = journey(c.yaml, s.flow, { allPaths: true });
        expect(r.flowDiagnostics).toEqual([]);
        expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(r.complete).toBe(true);
      }
    }
    // every scenario's every cluster, journeys with all paths: seconds, more on a loaded machine
  }, 60_000);

  it.each(scenarios.flatMap((s) => s.clusters.map((_, i) => [s.id, i] as const)))(
    'golden journey: %s (cluster %i)',
    (id, i) => {
      const actual = `${JSON.stringify(summarise(run(id, i)), null, 2)}\n`;
      expect(actual).toBe(goldenOrUpdate(`${id}.${i}.json`, actual));
    },
  );

  it('clusterip-4pods: 10.42.0.43 first with 1/4, then 0.333… and 0.5 of the rest; the pod sees the client pod', () => {
    const r = run('clusterip-4pods');
    expect(odds(r)).toEqual({
      '10.42.0.43:8080': '1/4',
      // (1 − 1/4) × 715827883/2^31
      '10.42.0.44:8080': '2147483649/8589934592',
      // (1 − 1/4) × (1 − 715827883/2^31) × 1/2, twice
      '10.42.1.41:8080': '4294967295/17179869184',
      '10.42.1.42:8080': '4294967295/17179869184',
    });
    expect(r.outcomes!.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 12);
    for (const o of r.outcomes!) {
      expect(o.sourceSeen).toBe('10.42.1.10:40000');
      expect(o.replyMatches).toBe(true);
    }
    // to a pod on the other node: DNAT on the client's node, routed there, no SNAT
    const far = r.outcomes![0]!.journey;
    expect(far.hops.map((h) => `${h.direction} ${h.node.slice(0, 14)} ${h.in}>${h.out}`)).toEqual([
      'request ip-10-32-7-224 cni0>eth0',
      'request ip-10-32-11-62 eth0>cni0',
      'reply ip-10-32-11-62 cni0>eth0',
      'reply ip-10-32-7-224 eth0>cni0',
    ]);
    expect(far.hops[0]!.translations.map((n) => n.kind)).toEqual(['dnat']);
    expect(far.hops[0]!.exact).toBe('1/4');
    // a pod on the same node is reached over the bridge: one hop each way
    const near = r.outcomes![2]!.journey;
    expect(near.hops.map((h) => h.node.slice(0, 14))).toEqual(['ip-10-32-7-224', 'ip-10-32-7-224']);
  });

  it('scale-4-3-2: 1/4, 1/3, 1/2 of the rest with 4 pods; 1/3, 1/2 with 3; 1/2 with 2', () => {
    const shares = (i: number) => Object.values(odds(run('scale-4-3-2', i)));
    expect(shares(0)).toEqual([
      '1/4',
      '2147483649/8589934592',
      '4294967295/17179869184',
      '4294967295/17179869184',
    ]);
    expect(shares(1)).toEqual([
      '715827883/2147483648',
      '1431655765/4294967296',
      '1431655765/4294967296',
    ]);
    expect(shares(2)).toEqual(['1/2', '1/2']);
    const three = run('scale-4-3-2', 1);
    expect(three.outcomes![0]!.probability).toBeCloseTo(0.33333333349, 11);
  });

  it('nodeport-other-node: masqueraded to node-b, forwarded to node-a, un-NATed on the way back', () => {
    const r = run('nodeport-other-node');
    expect(r.outcomes).toHaveLength(1);
    const j = r.outcomes![0]!.journey;
    expect(j.sourceSeen).toBe('10.32.7.224:40000');
    expect(j.request.at).toMatchObject({ kind: 'pod', name: 'default/service-test-nodeport' });
    expect(j.hops.map((h) => [h.direction, h.node, h.translations.map((n) => n.kind)])).toEqual([
      ['request', 'node-b', ['dnat', 'masquerade']],
      ['request', 'node-a', []],
      ['reply', 'node-a', []],
      ['reply', 'node-b', ['un-snat', 'un-dnat']],
    ]);
    expect(j.reply?.packet).toEqual({
      proto: 'tcp',
      src: '10.32.7.224',
      sport: 30080,
      dst: '172.16.0.10',
      dport: 40000,
    });
    expect(j.replyMatches).toBe(true);
  });

  it('etp-local-no-endpoint: dropped on node-b by the "has no local endpoints" rule', () => {
    const r = run('etp-local-no-endpoint');
    expect(r.outcomes!.map((o) => [o.verdict, o.outcome, o.exact])).toEqual([
      ['DROP', 'dropped', '1'],
    ]);
    const j = r.journey!;
    expect(j.hops).toHaveLength(1);
    expect(j.request.decidedBy).toBe(
      '-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "default/web:http has no local endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30081 -j DROP',
    );
    expect(j.reply).toBeNull();
    expect(j.sourceSeen).toBeNull();
  });

  it('etp-local-source-kept: the pod sees the laptop itself', () => {
    const r = run('etp-local-source-kept');
    expect(r.outcomes!.map((o) => [o.delivered, o.sourceSeen, o.exact])).toEqual([
      ['10.244.0.5:80', '172.16.0.10:40000', '1'],
    ]);
    expect(r.journey!.hops[0]!.translations.map((n) => n.kind)).toEqual(['dnat']);
  });

  it('loadbalancer-source-ranges: the office goes through KUBE-FW to a pod; the cafe is dropped', () => {
    const r = run('loadbalancer-source-ranges');
    expect(r.outcomes!.map((o) => [o.delivered, o.exact])).toEqual([
      ['10.244.0.5:8080', '1/2'],
      ['10.244.1.5:8080', '1/2'],
    ]);
    const fw = r.outcomes![0]!.journey.hops[0]!.trace.steps.filter(
      (s) => s.kind === 'rule' && s.matched && /KUBE-FW-/.test(s.ruleText),
    );
    expect(fw.length).toBeGreaterThan(0);
    const s = scenarioById('loadbalancer-source-ranges')!;
    const cafe = journey(
      s.clusters[0]!.yaml,
      { ...s.flow, from: 'client/cafe' },
      { allPaths: true },
    );
    expect(cafe.outcomes!.map((o) => [o.verdict, o.exact])).toEqual([['DROP', '1']]);
    expect(cafe.journey!.request.decidedBy).toMatch(/^-A KUBE-FW-\S+ .*-j KUBE-MARK-DROP|-j DROP/);
  });

  it('hairpin: the pod reaches itself, masqueraded to the bridge address', () => {
    const r = run('hairpin');
    expect(r.outcomes).toHaveLength(1);
    const o = r.outcomes![0]!;
    expect(o.delivered).toBe('10.244.0.7:5678');
    expect(o.sourceSeen).not.toMatch(/^10\.244\.0\.7:/);
    expect(o.replyMatches).toBe(true);
    expect(o.journey.hops[0]!.translations.map((n) => n.kind)).toEqual(['dnat', 'masquerade']);
  });

  it("no-endpoints: rejected on the client pod's node", () => {
    const r = run('no-endpoints');
    expect(r.outcomes!.map((o) => [o.verdict, o.outcome])).toEqual([['REJECT', 'rejected']]);
    expect(r.journey!.request.decidedBy).toMatch(
      /"default\/ghost:http has no endpoints".* -j REJECT/,
    );
  });
});

describe('netpol-after-dnat', () => {
  it('is delivered without the policy and blocked by it on the database node after the DNAT', () => {
    const open = run('netpol-after-dnat', 0);
    expect(open.outcomes!.map((o) => [o.verdict, o.delivered])).toEqual([
      ['ACCEPT', '10.244.1.10:5432'],
    ]);
    const closed = run('netpol-after-dnat', 1);
    expect(closed.outcomes!.map((o) => o.verdict)).toEqual(['DROP']);
    const end = closed.journey!.request;
    expect(end.node).toBe('node-a');
    expect(end.packet.dst).toBe('10.244.1.10');
    expect(end.packet.dport).toBe(5432);
    expect(end.policy).toMatchObject({ policies: ['shop/db-from-frontend'], pod: 'shop/db' });
  });

  it('lets frontend through: the policy names the targetPort', () => {
    const s = scenarioById('netpol-after-dnat')!;
    const r = journey(s.clusters[1]!.yaml, { from: 'pod/shop/frontend', to: 'svc/shop/db:sql' });
    expect(r.journey!.request.outcome).toBe('delivered');
  });
});
