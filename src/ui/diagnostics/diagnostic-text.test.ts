/**
 * The Korean of the diagnostics a learner meets: each (code, values) pair the engine reports
 * for a YAML, ipset or host mistake becomes a whole Korean sentence naming the same values,
 * and every code and sentence key the engine has is known here.
 */
import { describe, expect, it } from 'vitest';
import { loadCluster } from '../../engine/cluster/index.ts';
import { readHost, readIpsetText } from '../../engine/netfilter/index.ts';
import { diagnosticText, hasKoreanSentence, type ShownDiagnostic } from './diagnostic-text.ts';
import { KO } from './ko.ts';

const HANGUL = /[\uac00-\ud7a3]/;

function only(list: readonly ShownDiagnostic[], code: string): ShownDiagnostic {
  const found = list.filter((d) => d.code === code);
  expect(found, `${code} in ${JSON.stringify(list)}`).toHaveLength(1);
  return found[0]!;
}

const BAD_YAML = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selctor:
    app: web
  ports:
    - port: 70000
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: p
spec:
  podSelector: {}
  ingress:
    - ports:
        - port: 90
          endPort: 80
`;

describe('diagnosticText', () => {
  it('English is the engine message, unchanged', () => {
    const d = { code: 'bad-value', message: 'x is 5', args: { sentence: 'range', path: 'x' } };
    expect(diagnosticText(d, 'en')).toBe('x is 5');
  });

  it('a port out of range, a misspelled field and a bad NetworkPolicy port read as Korean', () => {
    const { diagnostics } = loadCluster(BAD_YAML);
    const range = diagnostics.find(
      (d) => d.code === 'bad-value' && d.args?.['sentence'] === 'range',
    );
    expect(range).toBeDefined();
    expect(diagnosticText(range!, 'ko')).toBe(
      'spec.ports[0].port 값이 70000입니다. 1부터 65535 사이여야 합니다.',
    );
    const typo = only(diagnostics, 'unknown-field');
    expect(diagnosticText(typo, 'ko')).toBe(
      'Service의 spec에는 "selctor" 필드가 없습니다. 혹시 "selector"인가요? 이 필드는 무시되므로 Service에 selector가 없습니다. 어떤 pod도 고르지 않으니 kube-proxy도 endpoint를 만들지 않습니다.',
    );
    const below = diagnostics.find((d) => d.args?.['sentence'] === 'endport-below');
    expect(diagnosticText(below!, 'ko')).toBe('endPort(80)가 port(90)보다 작습니다.');
    // every diagnostic of this text has a whole Korean sentence, not the English detail
    for (const d of diagnostics) expect(hasKoreanSentence(d), d.message).toBe(true);
  });

  it('a YAML syntax error says what the parser found, in Korean', () => {
    const { diagnostics } = loadCluster('kind: Pod\nmetadata:\n  name: a\n\tlabels: {}\n');
    const d = diagnostics.find((x) => x.code === 'yaml-syntax');
    expect(d?.args?.['yaml']).toBeDefined();
    expect(hasKoreanSentence(d!)).toBe(true);
    expect(diagnosticText(d!, 'ko')).toMatch(HANGUL);
  });

  it('bad ipset lines name the set, word and option they are about', () => {
    const { diagnostics } = readIpsetText(
      [
        'create KUBE-A hash:ip family inet hashsize 1024',
        'ad KUBE-A 10.0.0.1',
        'add KUBE-B 10.0.0.2',
        'create KUBE-A hash:ip',
        'create KUBE-C hash:foo',
        'create KUBE-D hash:ip bogus',
      ].join('\n'),
    );
    const texts = diagnostics.map((d) => diagnosticText(d, 'ko'));
    expect(texts).toEqual([
      'ipset 명령이 아닙니다: "ad"',
      '앞에서 만든 적이 없는 set입니다: "KUBE-B"',
      '같은 이름의 set을 두 번 만듭니다: "KUBE-A"',
      expect.stringContaining('알 수 없는 set 타입입니다: "hash:foo"'),
      'create 옵션이 아닙니다: "bogus"',
    ]);
    expect(diagnostics.map((d) => d.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it('host file mistakes read as Korean', () => {
    const { diagnostics } = readHost({
      interfaces: [
        { name: 'eth0', addresses: ['10.0.0.1/24'], adresses: [] },
        { name: 'eth0', addresses: [] },
      ],
      routes: [{ to: 'default', dev: 'eth9' }],
    });
    const texts = diagnostics.map((d) => diagnosticText(d, 'ko'));
    expect(texts).toContain('알 수 없는 필드입니다: "adresses". 혹시 "addresses"인가요?');
    expect(texts).toContain('같은 인터페이스가 두 번 나옵니다: "eth0"');
    expect(texts).toContain('호스트에 없는 인터페이스입니다: "eth9" (있는 인터페이스: lo, eth0)');
  });

  it('values that pick no sentence give the heading and the English detail', () => {
    const d = { code: 'bad-value', message: 'something else is wrong' };
    expect(diagnosticText(d, 'ko')).toBe('값이 올바르지 않습니다: something else is wrong');
    expect(hasKoreanSentence(d)).toBe(false);
  });

  it('a code Korean does not know falls back to the English message', () => {
    expect(diagnosticText({ code: 'no-such-code', message: 'as written' }, 'ko')).toBe(
      'as written',
    );
  });
});

/** The members of `export type NAME = | 'a' | 'b' …;` in a source file. */
function unionMembers(source: string, name: string): string[] {
  const at = source.indexOf(`export type ${name} =`);
  expect(at, name).toBeGreaterThanOrEqual(0);
  const body = source.slice(at, source.indexOf(';', at));
  return [...body.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]!);
}

const CODE_UNIONS: [string, string][] = [
  ['../../engine/rules/diagnostics.ts', 'DiagnosticCode'],
  ['../../engine/cluster/manifests/diagnostics.ts', 'ClusterDiagnosticCode'],
  ['../../engine/netfilter/ipset-book.ts', 'IpsetDiagnosticCode'],
  ['../../engine/netfilter/fields.ts', 'FieldCode'],
];

const sources = import.meta.glob<string>('../../engine/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const korean = import.meta.glob<string>('./ko-*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('every diagnostic the engine can emit has Korean', () => {
  it('every code of every diagnostic type', () => {
    const codes = CODE_UNIONS.flatMap(([file, name]) => unionMembers(sources[file]!, name));
    expect(codes.length).toBeGreaterThan(50);
    const missing = codes.filter((c) => !Object.hasOwn(KO, c));
    expect(missing).toEqual([]);
  });

  it('every sentence key a diagnostic is made with', () => {
    const keys = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith('.test.ts')) continue;
      for (const m of text.matchAll(/\bsentence: '([a-z0-9-]+)'/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(20);
    const said = Object.values(korean).join('\n');
    const missing = [...keys].filter((k) => !new RegExp(`when\\(\\s*'${k}'`).test(said));
    expect(missing).toEqual([]);
  });
});
