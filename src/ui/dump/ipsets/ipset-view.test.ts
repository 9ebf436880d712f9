import { describe, expect, it } from 'vitest';
import { ipsetView } from './ipset-view.ts';

const USES = [
  { name: 'KUBE-DST-A', rules: 2, line: 7 },
  { name: 'KUBE-SRC-B', rules: 1, line: 9 },
];

describe('ipsetView', () => {
  it('lists every set the rules name as missing while no text is given', () => {
    expect(ipsetView('', USES)).toEqual({ sets: [], problems: [], missing: USES });
  });

  it('shows the sets read, their problems, and only the sets still missing, once each', () => {
    const v = ipsetView(
      `create KUBE-DST-A hash:ip family inet
add KUBE-DST-A 10.42.0.10
add KUBE-DST-A 10.42.0.300
create V6 hash:ip family inet6
add V6 fd00::1
create P hash:ip,port family inet
add P 10.0.0.1,icmp:echo-request
`,
      USES,
    );
    expect(v.sets).toEqual([
      { name: 'KUBE-DST-A', type: 'hash:ip', members: 1, ipv6: false, untested: 0 },
      { name: 'V6', type: 'hash:ip', members: 1, ipv6: true, untested: 0 },
      { name: 'P', type: 'hash:ip,port', members: 1, ipv6: false, untested: 1 },
    ]);
    expect(v.problems.map((d) => [d.line, d.column, d.code])).toEqual([[3, 16, 'bad-member']]);
    expect(v.missing).toEqual([{ name: 'KUBE-SRC-B', rules: 1, line: 9 }]);
  });
});
