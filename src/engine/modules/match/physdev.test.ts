import { describe, expect, it } from 'vitest';
import { at, diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m physdev --physdev-in eth0',
    '-m physdev --physdev-in eth0',
    'PHYSDEV match --physdev-in eth0',
  ],
  [
    '-m physdev ! --physdev-in veth+ --physdev-out br0 --physdev-is-bridged',
    '-m physdev ! --physdev-in veth+ --physdev-out br0 --physdev-is-bridged',
    'PHYSDEV match ! --physdev-in veth+ --physdev-out br0 --physdev-is-bridged',
  ],
  [
    '-m physdev --physdev-is-bridged --physdev-is-in ! --physdev-is-out ! --physdev-out eth1',
    '-m physdev --physdev-is-in ! --physdev-is-out ! --physdev-out eth1 --physdev-is-bridged',
    'PHYSDEV match --physdev-is-in ! --physdev-is-out ! --physdev-out eth1 --physdev-is-bridged',
  ],
  [
    '-m physdev ! --physdev-is-bridged',
    '-m physdev ! --physdev-is-bridged',
    'PHYSDEV match ! --physdev-is-bridged',
  ],
  [
    '-m physdev --physdev-out vxlan.calico ! --physdev-is-in',
    '-m physdev ! --physdev-is-in --physdev-out vxlan.calico',
    'PHYSDEV match ! --physdev-is-in --physdev-out vxlan.calico',
  ],
];

describe('-m physdev', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('reports bad interface names at the option', () => {
    for (const body of ['-m physdev --physdev-in abcdefghijklmnop', '-m physdev --physdev-out a+b'])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(11))]);
  });

  it('needs at least one option, each once', () => {
    expect(one('-m physdev').diagnostics).toEqual([
      diag('-m physdev', 'missing-argument', '-m physdev'),
    ]);
    const twice = '-m physdev --physdev-is-bridged --physdev-is-bridged';
    expect(one(twice).diagnostics).toEqual([
      { code: 'syntax', severity: 'error', ...at(twice, '--physdev-is-bridged', 20) },
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(
      explainFirst('-m physdev --physdev-in veth+ ! --physdev-out br0 --physdev-is-bridged'),
    ).toEqual({
      en: 'bridge: in on bridge port veth+, not out by bridge port br0, bridged (forwarded within the bridge)',
      ko: '브리지: 들어온 브리지 포트 veth+, 나갈 브리지 포트 br0 아님, 브리지 안에서 전달됨',
    });
  });
});
