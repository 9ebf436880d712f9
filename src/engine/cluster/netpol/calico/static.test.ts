import { describe, expect, it } from 'vitest';
import { emptyCniRules } from '../cni-rules.ts';
import { staticRules } from './static.ts';

function hashesOf(chain: string, list: 'top' | 'bottom' | 'rules', table = 'filter'): string[] {
  const out = emptyCniRules();
  staticRules(out, true);
  return out[list]
    .filter((r) => r.chain === chain && r.table === table)
    .map((r) => /"(cali:[^"]+)"/.exec(r.args.join(' '))![1]!);
}

// every hash below was read from a real node's iptables-save (the reference, part 1.3–1.4, 1.11)
describe('felix static chains', () => {
  it('hooks the built-in chains with the hashes real nodes show', () => {
    expect(hashesOf('INPUT', 'top')).toEqual(['cali:Cz_u1IQiXIMmKD4c']);
    expect(hashesOf('FORWARD', 'top')).toEqual(['cali:wUHhoiAYhphO9Mso']);
    expect(hashesOf('OUTPUT', 'top')).toEqual(['cali:tVnHkvAo15HuiPy0']);
    expect(hashesOf('PREROUTING', 'top', 'nat')).toEqual(['cali:6gwbT8clXdHdC1b1']);
    expect(hashesOf('FORWARD', 'bottom')).toEqual([
      'cali:S93hcgKJrXEqnTfs',
      'cali:mp77cMpurHhyjLrM',
    ]);
    expect(hashesOf('POSTROUTING', 'bottom', 'nat')).toEqual(['cali:0i8pjzKKPyA34aQD']);
  });
  it('writes cali-FORWARD, cali-INPUT, cali-wl-to-host and cali-OUTPUT', () => {
    expect(hashesOf('cali-FORWARD', 'rules')).toEqual([
      'cali:vjrMJCRpqwy5oRoX',
      'cali:A_sPAO0mcxbT9mOV',
      'cali:8ZoYfO5HKXWbB3pk',
      'cali:jdEuaPBe14V2hutn',
      'cali:12bc6HljsMKsmfr-',
      'cali:NOSxoaGx8OIstr1z',
    ]);
    expect(hashesOf('cali-INPUT', 'rules')).toEqual([
      'cali:FewJpBykm9iJ-YNH',
      'cali:hder3ARWznqqv8Va',
      'cali:xgOu2uJft6H9oDGF',
      'cali:_-d-qojMfHM6NwBo',
      'cali:LqmE76MP94lZTGhA',
    ]);
    expect(hashesOf('cali-wl-to-host', 'rules')).toEqual([
      'cali:Ee9Sbo10IpVujdIY',
      'cali:nSZbcOoG1xPONxb8',
    ]);
    expect(hashesOf('cali-OUTPUT', 'rules')).toEqual([
      'cali:Mq1_rAdXXH3YkrzW',
      'cali:69FkRTJDvD5Vu6Vl',
      'cali:Fskumj4SGQtDV6GC',
      'cali:1F4VWEsQu0QbRwKf',
      'cali:m8Eqm15x1MjD24LD',
    ]);
  });
  it('writes the nat chains', () => {
    expect(hashesOf('cali-PREROUTING', 'rules', 'nat')).toEqual(['cali:r6XmIziWUJsdOK6Z']);
    expect(hashesOf('cali-OUTPUT', 'rules', 'nat')).toEqual(['cali:GBTAv2p5CwevEyJm']);
    expect(hashesOf('cali-POSTROUTING', 'rules', 'nat')).toEqual([
      'cali:Z-c7XtVd2Bq7s_hA',
      'cali:nYKhEzDlr11Jccal',
    ]);
    expect(hashesOf('cali-nat-outgoing', 'rules', 'nat')).toEqual(['cali:flqWnvo8yq4ULQLa']);
  });
});
