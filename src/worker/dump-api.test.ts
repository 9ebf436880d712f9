import { describe, expect, it } from 'vitest';
import KUBE from '../../tests/fixtures/kube-proxy.rules?raw';
import COUNTERS from '../../tests/fixtures/seeds-eks-nginx.counters.rules?raw';
import { engineApi } from './engine-api.ts';
import { DIAGNOSTICS_SHOWN } from './dump-cache.ts';
import type { PacketInput } from './protocol.ts';

const TO_FRONTEND: PacketInput = {
  in: 'eth0',
  proto: 'tcp',
  src: '203.0.113.7',
  sport: 40000,
  dst: '10.96.143.27',
  dport: 80,
  tcpFlags: 'SYN',
};

describe('dump API: a dump parsed once, kept by id, asked about in pieces', () => {
  const s = engineApi.loadDump(KUBE);

  it('summarises tables and chains as columns, with the inferred host', () => {
    expect([s.format, s.family, s.rules, s.chains, s.lines]).toEqual(['save', 'ipv4', 97, 55, 160]);
    expect(s.tables.map((t) => [t.name, t.names.length])).toEqual([
      ['mangle', 8],
      ['filter', 11],
      ['nat', 36],
    ]);
    const nat = s.tables[2]!;
    const i = nat.names.indexOf('KUBE-SVC-PY4JZH2ITZYEO4CN');
    expect([nat.rules[i], nat.lines[i], nat.builtin[i]]).toEqual([5, 78, 0]);
    expect(nat.policies).toEqual({
      PREROUTING: 'ACCEPT',
      INPUT: 'ACCEPT',
      OUTPUT: 'ACCEPT',
      POSTROUTING: 'ACCEPT',
    });
    expect(s.hasCounters).toBe(false);
    expect(s.inferred.host.interfaces.map((x) => x.name)).toEqual(['eth0', 'cni0']);
  });

  it('gives back the same id for the same text, without parsing again', () => {
    expect(engineApi.loadDump(KUBE).id).toBe(s.id);
  });

  it('sends one chain as rows, and a table as jump columns with probabilities', () => {
    const rows = engineApi.dumpRows(s.id, 'nat', 'KUBE-SVC-PY4JZH2ITZYEO4CN')!;
    expect(rows.map((r) => [r.index, r.line, r.target])).toEqual([
      [1, 133, 'KUBE-MARK-MASQ'],
      [2, 134, 'KUBE-SEP-3MPJ6XRWNCYOFK5X'],
      [3, 135, 'KUBE-SEP-6FXIX42SUJ7OAHDO'],
      [4, 136, 'KUBE-SEP-FJL62PVQVOKQFL6Z'],
      [5, 137, 'KUBE-SEP-TT5YOMUIKX2UIH4F'],
    ]);
    expect(rows[1]!.text).toBe(
      '-A KUBE-SVC-PY4JZH2ITZYEO4CN -m comment --comment "shop/frontend:http -> 10.244.1.12:8080" -m statistic --mode random --probability 0.25000000000 -j KUBE-SEP-3MPJ6XRWNCYOFK5X',
    );
    expect(engineApi.dumpRows(s.id, 'nat', 'NO-SUCH')).toBeNull();
    expect(engineApi.dumpChain(s.id, 'nat', 'KUBE-SVC-PY4JZH2ITZYEO4CN')?.rules).toHaveLength(5);
    const j = engineApi.dumpJumps(s.id, 'nat')!;
    const nat = s.tables[2]!;
    const svc = nat.names.indexOf('KUBE-SVC-PY4JZH2ITZYEO4CN');
    const fromSvc = [...j.from.keys()].filter((k) => j.from[k] === svc);
    expect(fromSvc.map((k) => [j.rule[k], nat.names[j.to[k]!], j.probability[k]])).toEqual([
      [1, 'KUBE-MARK-MASQ', NaN],
      [2, 'KUBE-SEP-3MPJ6XRWNCYOFK5X', 0.25],
      [3, 'KUBE-SEP-6FXIX42SUJ7OAHDO', expect.closeTo(1 / 3, 8)],
      [4, 'KUBE-SEP-FJL62PVQVOKQFL6Z', 0.5],
      [5, 'KUBE-SEP-TT5YOMUIKX2UIH4F', NaN],
    ]);
  });

  it('searches by comment, by text (chains too) and by what can match an address:port', () => {
    const byComment = engineApi.searchDump(s.id, { mode: 'comment', query: 'shop/frontend' })!;
    expect(byComment.total).toBe(16);
    expect(byComment.hits.map((h) => h.line).slice(0, 3)).toEqual([101, 88, 138]);
    const byText = engineApi.searchDump(s.id, { mode: 'text', query: 'kube-svc-py4j' })!;
    expect(byText.chains).toEqual([
      { table: 'nat', name: 'KUBE-SVC-PY4JZH2ITZYEO4CN', rules: 5, line: 78 },
    ]);
    // line 102 is KUBE-EXT's jump to the KUBE-SVC chain
    expect(byText.hits.map((h) => h.line)).toEqual([102, 94, 133, 134, 135, 136, 137]);
    const reach = engineApi.searchDump(s.id, { mode: 'reach', query: '10.96.143.27:80' })!;
    expect(reach.hits.map((h) => [h.line, h.reach])).toEqual([
      [94, 'names'],
      [133, 'names'],
    ]);
    const open = engineApi.searchDump(s.id, {
      mode: 'reach',
      query: '10.96.143.27:80',
      includeOpen: true,
    })!;
    expect(open.total).toBeGreaterThan(50);
    expect(engineApi.searchDump(s.id, { mode: 'reach', query: '10.96.1.300' })?.problem).toBe(
      '"10.96.1.300" is not an IPv4 address',
    );
    expect(engineApi.searchDump(s.id, { mode: 'reach', query: ':70000' })?.problem).toBe(
      '"70000" is not a port (0-65535)',
    );
  });

  it('traces by id on the inferred host: DNAT to an endpoint, forwarded', () => {
    const r = engineApi.trace({
      source: { kind: 'dump', id: s.id, host: s.inferred.host },
      packets: [TO_FRONTEND],
    });
    expect(r.problems).toEqual([]);
    expect(r.result?.packets[0]?.result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'forward',
      packet: { dst: '10.244.1.13', dport: 8080 },
    });
  });

  it('a host edit changes the trace: the same packet to an address made local is delivered', () => {
    const host = {
      ...s.inferred.host,
      interfaces: [{ name: 'eth0', addresses: ['10.96.143.27/32', '192.168.1.10/24'] }],
    };
    const r = engineApi.trace({
      source: { kind: 'dump', id: s.id, host },
      packets: [{ ...TO_FRONTEND, dport: 22 }],
    });
    expect(r.result?.packets[0]?.result).toMatchObject({ fate: 'local' });
  });

  it('reports a dump no longer kept, and host fields readHost rejects', () => {
    const r = engineApi.trace({ source: { kind: 'dump', id: 'dump-999' }, packets: [TO_FRONTEND] });
    expect(r.problems).toEqual([
      {
        where: 'source',
        message: 'the dump is no longer loaded: parse it again',
        code: 'unknown-reference',
        args: { sentence: 'dump-gone' },
      },
    ]);
    expect(
      engineApi.checkHost({ interfaces: [{ name: 'eth0', addresses: ['10.0.0.300/24'] }] }),
    ).toEqual([
      {
        code: 'bad-value',
        severity: 'error',
        path: 'interfaces[0].addresses[0]',
        message:
          '"10.0.0.300/24" is not an address/prefix (expected e.g. 10.0.0.1/24 or fd00::1/64)',
      },
    ]);
  });
});

describe('dump API: a file read in the worker, and the warm-up', () => {
  it('reads a File itself and keeps it as the same dump as its text', async () => {
    const s = await engineApi.loadDumpFile(new Blob([KUBE], { type: 'text/plain' }));
    expect([s.rules, s.chains, s.lines]).toEqual([97, 55, 160]);
    expect(engineApi.loadDump(KUBE).id).toBe(s.id);
  });

  it('parses its made-up dump without errors and keeps nothing', () => {
    const before = engineApi.loadDump(KUBE).id;
    expect(engineApi.warmUpDumpParser()).toBeGreaterThanOrEqual(0);
    expect(engineApi.loadDump(KUBE).id).toBe(before);
  });
});

describe('dump API: counters, progress, many diagnostics', () => {
  it('sums -c counters per chain for heat', () => {
    const s = engineApi.loadDump(COUNTERS);
    expect(s.hasCounters).toBe(true);
    expect(s.maxRulePackets).toBe(4823406);
    const nat = s.tables[0]!;
    expect(nat.packets[nat.names.indexOf('PREROUTING')]).toBe(4823406);
  });

  it('reports progress while reading, ending at the whole length', () => {
    const lines = ['*filter', ':INPUT ACCEPT [0:0]'];
    for (let i = 0; i < 9000; i++) lines.push(`-A INPUT -s 10.0.${i >> 8}.${i & 255}/32 -j ACCEPT`);
    const text = [...lines, 'COMMIT', ''].join('\n');
    const seen: [number, number][] = [];
    const s = engineApi.loadDump(text, (d, t) => seen.push([d, t]));
    expect(s.rules).toBe(9000);
    expect(seen.length).toBe(5);
    expect(seen.every(([, t]) => t === text.length)).toBe(true);
    expect(seen.map(([d]) => d)).toEqual([...seen.map(([d]) => d)].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual([text.length, text.length]);
  });

  it('keeps every diagnostic counted but sends the first few', () => {
    const lines = ['*filter', ':INPUT ACCEPT [0:0]'];
    for (let i = 0; i < 300; i++) lines.push(`-A INPUT -p tcp --dport nope${i} -j ACCEPT`);
    const s = engineApi.loadDump([...lines, 'COMMIT', ''].join('\n'));
    expect(s.diagnosticCount).toBe(300);
    expect(s.errorCount).toBe(300);
    expect(s.diagnostics).toHaveLength(DIAGNOSTICS_SHOWN);
    expect(s.diagnostics[0]).toMatchObject({ line: 3, code: 'bad-port' });
  });

  it('lists modules it does not know, with how many rules use them', () => {
    const s = engineApi.loadDump(
      [
        '*filter',
        ':INPUT ACCEPT [0:0]',
        '-A INPUT -m frobnicate --level 3 -j ACCEPT',
        '-A INPUT -m frobnicate --level 4 -j WIDGET --size 2',
        'COMMIT',
        '',
      ].join('\n'),
    );
    expect(s.unknownModules).toEqual([
      { name: 'frobnicate', kind: 'match', rules: 2, line: 3 },
      { name: 'WIDGET', kind: 'target', rules: 1, line: 4 },
    ]);
  });
});
