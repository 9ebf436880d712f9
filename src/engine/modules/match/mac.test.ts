import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m mac --mac-source aa:bb:cc:dd:ee:0F -j ACCEPT',
    '-m mac --mac-source aa:bb:cc:dd:ee:0f -j ACCEPT',
    'MAC aa:bb:cc:dd:ee:0f',
  ],
  [
    '-m mac ! --mac-source 00:11:22:33:44:55 -j DROP',
    '-m mac ! --mac-source 00:11:22:33:44:55 -j DROP',
    'MAC ! 00:11:22:33:44:55',
  ],
  [
    '-m mac --mac-source a:b:c:d:e:f',
    '-m mac --mac-source 0a:0b:0c:0d:0e:0f',
    'MAC 0a:0b:0c:0d:0e:0f',
  ],
  [
    '-m mac --mac-source 02:42:AC:11:00:02',
    '-m mac --mac-source 02:42:ac:11:00:02',
    'MAC 02:42:ac:11:00:02',
  ],
];

describe('-m mac', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('keeps the address as plain data', () => {
    expect(one('-m mac ! --mac-source 2:42:AC:11:0:2').rule?.matches[0]?.data).toEqual({
      mac: '02:42:ac:11:00:02',
      negated: true,
    });
  });

  it('reports a bad address at the option', () => {
    for (const body of [
      '-m mac --mac-source aa:bb:cc:dd:ee',
      '-m mac --mac-source aa-bb-cc-dd-ee-ff',
      '-m mac --mac-source aa:bb:cc:dd:ee:fff',
    ])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(7))]);
  });

  it('needs --mac-source, once', () => {
    expect(one('-m mac').diagnostics).toEqual([diag('-m mac', 'missing-argument', '-m mac')]);
    const twice = '-m mac --mac-source 00:00:00:00:00:01 --mac-source 00:00:00:00:00:02';
    expect(one(twice).diagnostics).toEqual([
      diag(twice, 'syntax', '--mac-source 00:00:00:00:00:02'),
    ]);
  });

  it('is refused where no frame was received (the kernel refuses OUTPUT and POSTROUTING)', () => {
    const body = '-m mac --mac-source 00:11:22:33:44:55';
    expect(one(body, { chain: 'OUTPUT' }).diagnostics).toEqual([diag(body, 'bad-value', '-m mac')]);
    expect(one(body, { table: 'mangle', chain: 'POSTROUTING' }).diagnostics).toEqual([
      diag(body, 'bad-value', '-m mac'),
    ]);
    expect(one(body, { table: 'mangle', chain: 'FORWARD' }).diagnostics).toEqual([]);
    expect(one(body, { chain: 'MY-CHAIN' }).diagnostics).toEqual([]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m mac --mac-source aa:bb:cc:dd:ee:ff')).toEqual({
      en: 'source MAC address is aa:bb:cc:dd:ee:ff',
      ko: '출발지 MAC 주소 = aa:bb:cc:dd:ee:ff',
    });
    expect(explainFirst('-m mac ! --mac-source aa:bb:cc:dd:ee:ff')).toEqual({
      en: 'source MAC address is not aa:bb:cc:dd:ee:ff',
      ko: '출발지 MAC 주소 ≠ aa:bb:cc:dd:ee:ff',
    });
  });
});
