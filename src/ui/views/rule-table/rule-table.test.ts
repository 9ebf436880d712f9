import { describe, expect, it } from 'vitest';
import { findChain, findTable } from '../../../engine/rules/index.ts';
import { clusterIpTrace } from '../shared/test-traces.ts';
import { provenanceIndex, provenanceSummary, sourceText } from './provenance.ts';
import { isFailedPart, ruleExplanation, ruleParts } from './rule-parts.ts';
import { chainStatus } from './rule-status.ts';

const { compiled, sim } = clusterIpTrace();
const steps = sim.packets[0]?.steps ?? [];
const SVC = 'KUBE-SVC-GBTMB5ZTD56ECL5F';
const svc = findChain(
  findTable(compiled.ruleset, 'nat') ?? {
    name: '',
    chains: [],
    span: compiled.ruleset.tables[0]!.span,
  },
  SVC,
);

describe('chain status', () => {
  it('lights the current rule and tells how the rules walked so far went', () => {
    const random = steps.findIndex((s) => s.kind === 'random');
    const st = chainStatus(steps, random, 'nat', SVC);
    expect(st.currentRule).toBe(2);
    expect([...st.seen]).toEqual([
      [1, { matched: false, failed: { part: 'core', option: '-s' } }],
      [2, { matched: true }],
    ]);
    expect(chainStatus(steps, random, 'nat', 'KUBE-SERVICES').currentRule).toBeNull();
    expect(chainStatus(steps, -1, 'nat', SVC).seen.size).toBe(0);
  });

  it('marks a built-in chain’s policy when the walk falls off its end', () => {
    const last = steps.length - 1;
    const policy = steps.findIndex(
      (s) => s.kind === 'policy' && s.table === 'filter' && s.chain === 'FORWARD',
    );
    const st = chainStatus(steps, policy, 'filter', 'FORWARD');
    expect([st.currentPolicy, st.policyApplied]).toEqual([true, 'ACCEPT']);
    expect(chainStatus(steps, last, 'filter', 'FORWARD').currentPolicy).toBe(false);
  });
});

describe('rule parts and explanations', () => {
  const rule = svc?.rules[0];
  it('cuts a rule into the parts the trace can blame', () => {
    if (!rule) throw new Error('no rule');
    const parts = ruleParts(rule, 'en');
    expect(parts.map((p) => p.text)).toEqual([
      '! -s 10.42.0.0/16',
      '-d 10.43.62.130/32',
      '-p tcp',
      '-m comment --comment "default/service-test cluster IP"',
      '-m tcp --dport 80',
      '-j KUBE-MARK-MASQ',
    ]);
    const failed = parts.filter((p) => isFailedPart(p, { part: 'core', option: '-s' }));
    expect(failed.map((p) => p.text)).toEqual(['! -s 10.42.0.0/16']);
    expect(
      parts
        .filter((p) => isFailedPart(p, { part: 'match', index: 1, module: 'tcp' }))
        .map((p) => p.text),
    ).toEqual(['-m tcp --dport 80']);
  });

  it('explains the rule in one line, in both languages', () => {
    if (!rule) throw new Error('no rule');
    expect(ruleExplanation(ruleParts(rule, 'en'))).toMatch(
      /^source not in 10\.42\.0\.0\/16; to 10\.43\.62\.130\/32; protocol tcp; .*; jump to KUBE-MARK-MASQ, and come back here if it returns$/,
    );
    expect(ruleExplanation(ruleParts(rule, 'ko'))).toMatch(
      /^출발지가 10\.42\.0\.0\/16 밖; 목적지 10\.43\.62\.130\/32; 프로토콜 tcp; .*KUBE-MARK-MASQ 체인으로 점프/,
    );
  });

  it('finds a rule’s provenance from the compiler’s map or a list', () => {
    const id = svc?.rules[1]?.id ?? '';
    const fromMap = provenanceIndex(compiled.provenance).get(id);
    const list = [...compiled.provenance].map(([ruleId, p]) => ({ ruleId, ...p }));
    const fromList = provenanceIndex(list).get(id);
    expect(fromList).toEqual(fromMap && { ruleId: id, ...fromMap });
    expect(fromMap && provenanceSummary(fromMap)).toBe(
      'kube-proxy · load balance · default/service-test → 10.42.0.43:8080',
    );
    expect(fromMap && provenanceSummary(fromMap, 'ko')).toBe(
      'kube-proxy · 부하 분산 · default/service-test → 10.42.0.43:8080',
    );
    const source = fromMap!.sources[0]!;
    expect(sourceText(source, 'en')).toMatch(/ · line \d+$/);
    expect(sourceText(source, 'ko')).toMatch(/ · \d+행$/);
  });
});
