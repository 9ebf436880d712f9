import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:REJECTS - [0:0]
-A INPUT -j REJECT
-A INPUT -j REJECT --reject-with icmp-port-unreachable
-A INPUT -j REJECT --reject-with icmp-net-unreachable
-A INPUT -j REJECT --reject-with icmp-host-unreachable
-A INPUT -j REJECT --reject-with icmp-proto-unreachable
-A INPUT -j REJECT --reject-with icmp-net-prohibited
-A INPUT -j REJECT --reject-with icmp-host-prohibited
-A INPUT -j REJECT --reject-with icmp-admin-prohibited
-A INPUT -p tcp -j REJECT --reject-with tcp-reset
-A INPUT -p tcp -j REJECT --reject-with tcp-rst
-A INPUT -j REJECT --reject-with net-unreach
-A INPUT -j REJECT --reject-with host-unreach
-A INPUT -j REJECT --reject-with port-unreach
-A INPUT -j REJECT --reject-with proto-unreach
-A INPUT -j REJECT --reject-with net-prohib
-A INPUT -j REJECT --reject-with host-prohib
-A INPUT -j REJECT --reject-with admin-prohib
-A FORWARD -j REJECT
-A OUTPUT -j REJECT
-A REJECTS -j REJECT
-A INPUT -j REJECT --reject-with icmp-h
-A INPUT -j REJECT --reject-with ICMP-ADMIN-PROHIBITED
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:REJECTS - [0:0]
-A INPUT -j REJECT --reject-with icmp-port-unreachable
-A INPUT -j REJECT --reject-with icmp-port-unreachable
-A INPUT -j REJECT --reject-with icmp-net-unreachable
-A INPUT -j REJECT --reject-with icmp-host-unreachable
-A INPUT -j REJECT --reject-with icmp-proto-unreachable
-A INPUT -j REJECT --reject-with icmp-net-prohibited
-A INPUT -j REJECT --reject-with icmp-host-prohibited
-A INPUT -j REJECT --reject-with icmp-admin-prohibited
-A INPUT -p tcp -j REJECT --reject-with tcp-reset
-A INPUT -p tcp -j REJECT --reject-with tcp-reset
-A INPUT -j REJECT --reject-with icmp-net-unreachable
-A INPUT -j REJECT --reject-with icmp-host-unreachable
-A INPUT -j REJECT --reject-with icmp-port-unreachable
-A INPUT -j REJECT --reject-with icmp-proto-unreachable
-A INPUT -j REJECT --reject-with icmp-net-prohibited
-A INPUT -j REJECT --reject-with icmp-host-prohibited
-A INPUT -j REJECT --reject-with icmp-admin-prohibited
-A INPUT -j REJECT --reject-with icmp-host-unreachable
-A INPUT -j REJECT --reject-with icmp-admin-prohibited
-A FORWARD -j REJECT --reject-with icmp-port-unreachable
-A OUTPUT -j REJECT --reject-with icmp-port-unreachable
-A REJECTS -j REJECT --reject-with icmp-port-unreachable
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-port-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-port-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-net-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-host-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-proto-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-net-prohibited
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-host-prohibited
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-admin-prohibited
    0     0 REJECT     6    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with tcp-reset
    0     0 REJECT     6    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with tcp-reset
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-net-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-host-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-port-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-proto-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-net-prohibited
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-host-prohibited
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-admin-prohibited
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-host-unreachable
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-admin-prohibited

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-port-unreachable

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-port-unreachable

Chain REJECTS (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REJECT     0    --  *      *       0.0.0.0/0            0.0.0.0/0            reject-with icmp-port-unreachable
`;

/** Fed to ip6tables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh -6. */
const V6_INPUT = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j REJECT
-A INPUT -j REJECT --reject-with icmp6-no-route
-A INPUT -j REJECT --reject-with adm-prohibited
-A INPUT -j REJECT --reject-with addr-unreach
-A INPUT -j REJECT --reject-with port-unreach
-A INPUT -p tcp -j REJECT --reject-with tcp-reset
-A INPUT -j REJECT --reject-with policy-fail
-A INPUT -j REJECT --reject-with reject-route
COMMIT
`;
/** What iptables-save printed back. */
const V6_SAVED = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j REJECT --reject-with icmp6-port-unreachable
-A INPUT -j REJECT --reject-with icmp6-no-route
-A INPUT -j REJECT --reject-with icmp6-adm-prohibited
-A INPUT -j REJECT --reject-with icmp6-addr-unreachable
-A INPUT -j REJECT --reject-with icmp6-port-unreachable
-A INPUT -p tcp -j REJECT --reject-with tcp-reset
-A INPUT -j REJECT --reject-with icmp6-policy-fail
-A INPUT -j REJECT --reject-with icmp6-reject-route
COMMIT
`;
/** What iptables -L -n -v printed. */
const V6_LISTED = String.raw`Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-port-unreachable
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-no-route
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-adm-prohibited
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-addr-unreachable
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-port-unreachable
    0     0 REJECT     6    --  *      *       ::/0                 ::/0                 reject-with tcp-reset
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-policy-fail
    0     0 REJECT     0    --  *      *       ::/0                 ::/0                 reject-with icmp6-reject-route

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
`;

describe('REJECT against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('REJECT against the real iptables (ip6tables)', () => {
  it('prints every form as iptables-save does', () =>
    expect(printed(V6_INPUT, 'ipv6')).toBe(V6_SAVED));
  it('reads that output back to the same text', () =>
    expect(printed(V6_SAVED, 'ipv6')).toBe(V6_SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(V6_INPUT, 'ipv6')).toEqual(trailingColumns(V6_LISTED)));
});

describe('REJECT data and problems', () => {
  it('keeps the full type name as plain data, the default included', () => {
    const t = targets(
      '*filter\n-A INPUT -j REJECT\n-A INPUT -p tcp -j REJECT --reject-with tcp-rst\nCOMMIT\n',
    );
    expect(t.map((x) => x.data)).toEqual([
      { with: 'icmp-port-unreachable' },
      { with: 'tcp-reset' },
    ]);
  });

  it('reports bad types, a TCP reset without -p tcp, repeats and the wrong table', () => {
    const text = [
      '*filter',
      '-A INPUT -j REJECT --reject-with tcp-reset',
      '-A INPUT -j REJECT --reject-with foo',
      '-A INPUT ! -p tcp -j REJECT --reject-with tcp-reset',
      '-A INPUT -j REJECT --reject-with icmp-net-unreachable --reject-with icmp-host-unreachable',
      'COMMIT',
      '*mangle',
      '-A INPUT -j REJECT',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'target-not-allowed', severity: 'error', line: 2, column: 20 },
      { code: 'bad-value', severity: 'error', line: 3, column: 20 },
      { code: 'target-not-allowed', severity: 'error', line: 4, column: 29 },
      { code: 'syntax', severity: 'error', line: 5, column: 55 },
      { code: 'target-not-allowed', severity: 'error', line: 8, column: 10 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*filter\n-A INPUT -j REJECT\n-A INPUT -p tcp -j REJECT --reject-with tcp-reset\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'drops the packet and answers with ICMP port unreachable (REJECT)',
      'drops the packet and answers with a TCP reset (REJECT)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '패킷을 버리고 ICMP 포트 도달 불가(으)로 응답 (REJECT)',
      '패킷을 버리고 TCP RST(으)로 응답 (REJECT)',
    ]);
  });
});
