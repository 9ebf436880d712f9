import { describe, expect, it } from 'vitest';
import { parseRuleset, printSave } from '../../rules/index.ts';
import type { EvalContext } from '../evaluate.ts';
import { registry } from '../registry.ts';
import { sampleRules } from '../samples/rule-lines.ts';
import { tcpmss } from './tcpmss.ts';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter FORWARD; ip6tables prints the same).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-p tcp -m tcpmss --mss 1400:1536',
    '-p tcp -m tcpmss --mss 1400:1536',
    'tcpmss match 1400:1536',
  ],
  [
    '-p tcp -m tcpmss ! --mss 1400:1536',
    '-p tcp -m tcpmss ! --mss 1400:1536',
    'tcpmss match !1400:1536',
  ],
  ['-p tcp -m tcpmss --mss 1460', '-p tcp -m tcpmss --mss 1460', 'tcpmss match 1460'],
  ['-p tcp -m tcpmss ! --mss 536', '-p tcp -m tcpmss ! --mss 536', 'tcpmss match !536'],
  ['-p tcp -m tcpmss --mss 0x10:0x20', '-p tcp -m tcpmss --mss 16:32', 'tcpmss match 16:32'],
  ['-p tcp -m tcpmss --mss 1400:1400', '-p tcp -m tcpmss --mss 1400', 'tcpmss match 1400'],
  ['-p tcp -m tcpmss --mss :1000', '-p tcp -m tcpmss --mss 0:1000', 'tcpmss match 0:1000'],
  ['-p tcp -m tcpmss --mss 1000:', '-p tcp -m tcpmss --mss 1000:65535', 'tcpmss match 1000:65535'],
  ['-p 6 -m tcpmss --mss 1', '-p tcp -m tcpmss --mss 1', 'tcpmss match 1'],
];

/** `iptables -L FORWARD -n -v` of the MSS clamp operators write, as iptables 1.8.9 printed it. */
const LISTED = `Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            tcp flags:0x06/0x02 tcpmss match 1453:65535 TCPMSS clamp to PMTU
    0     0            6    --  *      *       0.0.0.0/0            0.0.0.0/0            tcpmss match !536
`;

function evaluate(text: string, packet: { proto: string; mss?: number }) {
  const data = one(text).rule!.matches.find((m) => m.module === 'tcpmss')!.data;
  return tcpmss.evaluate!(data, { packet } as unknown as EvalContext);
}

describe('-m tcpmss', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, { chain: 'FORWARD' });
    // `-p 6` is read, with a warning that iptables-save prints it `-p tcp`
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, { chain: 'FORWARD' }).saved).toBe(saved);
    expect(one(written, { chain: 'FORWARD', family: 'ipv6' }).saved).toBe(saved);
  });

  it('reads its -L text back', () => {
    const { ruleset, diagnostics } = parseRuleset(LISTED);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(printSave(ruleset)).toContain(
      '-A FORWARD -p tcp -m tcp --tcp-flags SYN,RST SYN -m tcpmss --mss 1453:65535 -j TCPMSS --clamp-mss-to-pmtu\n-A FORWARD -p tcp -m tcpmss ! --mss 536\n',
    );
  });

  it('refuses what iptables refuses, at the place', () => {
    // iptables-restore: "RULE_APPEND failed (Invalid argument)" without -p tcp
    for (const body of ['-m tcpmss --mss 1400', '-p udp -m tcpmss --mss 1400'])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-protocol', '-m tcpmss')]);
    for (const body of [
      '-p tcp -m tcpmss --mss 1500:1400',
      '-p tcp -m tcpmss --mss 65536',
      '-p tcp -m tcpmss --mss abc',
    ])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(17))]);
    expect(one('-p tcp -m tcpmss').diagnostics).toEqual([
      diag('-p tcp -m tcpmss', 'missing-argument', '-m tcpmss'),
    ]);
    // "option --mss can only be used once"
    expect(one('-p tcp -m tcpmss --mss 1 --mss 2').diagnostics.map((d) => d.code)).toEqual([
      'syntax',
    ]);
  });

  it('matches the MSS option of the segment; a segment without one matches only when negated', () => {
    const range = '-p tcp -m tcpmss --mss 1400:1536';
    expect(evaluate(range, { proto: 'tcp', mss: 1460 })).toBe('match');
    expect(evaluate(range, { proto: 'tcp', mss: 1399 })).toBe('nomatch');
    expect(evaluate(range, { proto: 'tcp', mss: 1536 })).toBe('match');
    expect(evaluate(range, { proto: 'tcp' })).toBe('nomatch');
    const not = '-p tcp -m tcpmss ! --mss 1400:1536';
    expect(evaluate(not, { proto: 'tcp', mss: 1460 })).toBe('nomatch');
    expect(evaluate(not, { proto: 'tcp', mss: 536 })).toBe('match');
    expect(evaluate(not, { proto: 'tcp' })).toBe('match');
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m tcpmss --mss 1460', { chain: 'FORWARD' })).toEqual({
      en: "the TCP SYN's MSS option is 1460",
      ko: 'TCP SYN의 MSS 옵션 값 1460',
    });
    expect(explainFirst('-m tcpmss ! --mss 1400:1536')).toEqual({
      en: "the TCP SYN's MSS option is not within 1400-1536",
      ko: 'TCP SYN의 MSS 옵션 값 1400-1536 범위 밖',
    });
  });

  it('is in the registry, and the rule generator writes it with -p tcp and its own values', () => {
    expect(registry.matches.get('tcpmss')).toBe(tcpmss);
    const bodies = sampleRules(7, 4000)
      .map((r) => r.body)
      .filter((b) => b.includes('-m tcpmss') && !b.includes('-m tcpmss -m'));
    expect(bodies.length).toBeGreaterThan(10);
    const withTcp = bodies.filter((b) => /-p tcp\b/.test(b));
    expect(withTcp.length / bodies.length).toBeGreaterThan(0.6);
    const values = new Set(tcpmss.samples!.values!['mss']);
    expect(bodies.some((b) => values.has(/--mss (\S+)/.exec(b)?.[1] ?? ''))).toBe(true);
  });
});
