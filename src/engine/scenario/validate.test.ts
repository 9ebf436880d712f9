import { describe, expect, it } from 'vitest';
import { LIMITS, type Expected } from './doc.ts';
import { clusterDoc, dumpDoc } from './test-docs.ts';
import { validateScenario } from './validate.ts';

type Json = Record<string, unknown>;

function withField(doc: Json, path: string, value: unknown): Json {
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  const keys = path.split('.');
  let at: Json = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Json;
  at[keys[keys.length - 1]!] = value;
  return copy;
}

function schemaError(path: string, expected: Expected) {
  return { ok: false, error: { code: 'schema', path, expected } };
}

const NAME: Expected = { kind: 'string', max: 253 };
const PORT: Expected = { kind: 'int', min: 0, max: 65535 };

describe('validating a scenario document', () => {
  it('accepts both example documents as they are', () => {
    expect(validateScenario(clusterDoc())).toEqual({ ok: true, doc: clusterDoc() });
    expect(validateScenario(dumpDoc())).toEqual({ ok: true, doc: dumpDoc() });
  });

  it('keeps a second connection asked for (sent.twice)', () => {
    const doc = withField(clusterDoc() as unknown as Json, 'sent.twice', true);
    const r = validateScenario(doc);
    expect(r.ok && r.doc.sent?.twice).toBe(true);
  });

  it('keeps the packet form’s source MAC, and refuses one that is not text', () => {
    const doc = withField(dumpDoc() as unknown as Json, 'form.srcMac', '02:42:ac:11:00:02');
    const read = validateScenario(doc);
    expect(read.ok && read.doc.form.srcMac).toBe('02:42:ac:11:00:02');
    expect(validateScenario(withField(doc, 'form.srcMac', 7))).toEqual(
      schemaError('form.srcMac', { kind: 'string', max: 64 }),
    );
  });

  it('keeps an IPv6 destination’s family, reads one without it as IPv4, refuses another', () => {
    const doc = withField(clusterDoc() as unknown as Json, 'form.destination.family', 'ipv6');
    const read = validateScenario(doc);
    expect(read.ok && read.doc.form.destination).toMatchObject({ family: 'ipv6' });
    const old = validateScenario(clusterDoc());
    expect(old.ok && 'family' in old.doc.form.destination).toBe(false);
    expect(validateScenario(withField(doc, 'form.destination.family', 'ipv4'))).toEqual(
      schemaError('form.destination.family', { kind: 'one-of', values: ['ipv6'] }),
    );
  });

  it('drops fields it does not know', () => {
    const r = validateScenario({ ...clusterDoc(), extra: '<img src=x onerror=alert(1)>' });
    expect(r.ok && 'extra' in r.doc).toBe(false);
  });

  it('reports the first wrong field by its path and what it should be', () => {
    const doc = clusterDoc() as unknown as Json;
    const cases: [string, unknown, Expected][] = [
      ['mode', 'live', { kind: 'one-of', values: ['cluster', 'dump'] }],
      ['node', 42, NAME],
      ['form.sport', 70000, PORT],
      ['form.dport', -1, PORT],
      ['form.proto', 'gre', { kind: 'one-of', values: ['tcp', 'udp', 'icmp', 'sctp'] }],
      [
        'form.source.kind',
        'ghost',
        { kind: 'one-of', values: ['pod', 'node', 'client', 'address'] },
      ],
      ['form.source', [], { kind: 'object' }],
      ['form.destination.port', 1.5, PORT],
      ['form.tcpFlags', 'S'.repeat(65), { kind: 'string', max: 64 }],
      ['sent.seed', 0, { kind: 'int', min: 1, max: 0x7fffffff }],
      ['sent.withReply', 'yes', { kind: 'boolean' }],
      ['sent.twice', 1, { kind: 'boolean' }],
      ['sent.form.entryNode', null, NAME],
      ['packetIndex', 2, { kind: 'int', min: 0, max: 1 }],
      ['step', -2, { kind: 'int', min: -1, max: 10_000_000 }],
      ['view.rulesFormat', 'xml', { kind: 'one-of', values: ['save', 'S', 'L'] }],
      ['view.selectedChain', 5, { kind: 'string', max: 128 }],
      ['lang', 'fr', { kind: 'one-of', values: ['en', 'ko'] }],
      ['theme', 'neon', { kind: 'one-of', values: ['light', 'dark'] }],
      ['yaml', 12, { kind: 'string', max: LIMITS.MAX_TEXT }],
    ];
    for (const [path, value, expected] of cases)
      expect(validateScenario(withField(doc, path, value)), path).toEqual(
        schemaError(path, expected),
      );
  });

  it('needs the YAML of a cluster scenario; a dump scenario may leave its dump out', () => {
    const { yaml: _, ...noYaml } = clusterDoc();
    expect(validateScenario(noYaml)).toEqual(schemaError('yaml', { kind: 'present' }));
    const { dump: __, ...noDump } = dumpDoc();
    const r = validateScenario(noDump);
    expect(r.ok && ['dump' in r.doc, r.doc.dumpHost]).toEqual([false, dumpDoc().dumpHost]);
    expect(validateScenario(dumpDoc()).ok).toBe(true);
  });

  it('reads a missing sent packet, chain, language and theme as none', () => {
    const { sent: _s, lang: _l, theme: _t, ...rest } = clusterDoc();
    const r = validateScenario({ ...rest, view: { ...rest.view, selectedChain: null } });
    expect(r.ok && [r.doc.sent, r.doc.view.selectedChain, 'lang' in r.doc]).toEqual([
      null,
      null,
      false,
    ]);
  });

  it('refuses something that is not an object at all', () => {
    for (const v of [null, [], 'scenario', 3])
      expect(validateScenario(v)).toEqual(schemaError('(document)', { kind: 'object' }));
  });

  it('bounds the host document: depth, count and plain values only', () => {
    const expected: Expected = {
      kind: 'json',
      depth: LIMITS.MAX_HOST_DEPTH,
      values: LIMITS.MAX_HOST_VALUES,
    };
    let deep: unknown = 'leaf';
    for (let i = 0; i < LIMITS.MAX_HOST_DEPTH + 1; i++) deep = [deep];
    expect(validateScenario({ ...dumpDoc(), dumpHost: deep })).toEqual(
      schemaError('dumpHost', expected),
    );
    const wide = { members: Array.from({ length: LIMITS.MAX_HOST_VALUES }, (_, i) => i) };
    expect(validateScenario({ ...dumpDoc(), dumpHost: wide })).toEqual(
      schemaError('dumpHost', expected),
    );
  });

  it('copies the host document so a __proto__ key stays a plain field', () => {
    const host = JSON.parse('{"__proto__": {"polluted": true}, "ipForward": true}') as unknown;
    const r = validateScenario({ ...dumpDoc(), dumpHost: host });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const copy = r.doc.dumpHost as Json;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'ipForward']);
    expect(({} as Json)['polluted']).toBeUndefined();
  });

  it('ignores a __proto__ at the top: only the schema’s own fields are read', () => {
    const text = JSON.stringify(clusterDoc()).replace('{', '{"__proto__": {"mode": "dump"},');
    const r = validateScenario(JSON.parse(text));
    expect(r.ok && r.doc.mode).toBe('cluster');
  });
});
