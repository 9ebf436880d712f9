import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:DIVERT - [0:0]
-A PREROUTING -p tcp -j TPROXY --on-port 15001
-A PREROUTING -p tcp -j TPROXY --on-port 15001 --on-ip 127.0.0.1
-A PREROUTING -p tcp -j TPROXY --on-port 0 --tproxy-mark 0x1/0x1
-A PREROUTING -p udp -j TPROXY --on-port 53 --on-ip 10.0.0.1 --tproxy-mark 0x1
-A PREROUTING -p tcp -j TPROXY --on-port http --tproxy-mark 5/0xff
-A DIVERT -p tcp -j TPROXY --on-port 1
-A PREROUTING -p tcp -j TPROXY --on-port 010 --on-ip 10.1.2.3 --tproxy-mark 0x1/0x1
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:DIVERT - [0:0]
-A PREROUTING -p tcp -j TPROXY --on-port 15001 --on-ip 0.0.0.0 --tproxy-mark 0x0/0x0
-A PREROUTING -p tcp -j TPROXY --on-port 15001 --on-ip 127.0.0.1 --tproxy-mark 0x0/0x0
-A PREROUTING -p tcp -j TPROXY --on-port 0 --on-ip 0.0.0.0 --tproxy-mark 0x1/0x1
-A PREROUTING -p udp -j TPROXY --on-port 53 --on-ip 10.0.0.1 --tproxy-mark 0x1/0xffffffff
-A PREROUTING -p tcp -j TPROXY --on-port 80 --on-ip 0.0.0.0 --tproxy-mark 0x5/0xff
-A PREROUTING -p tcp -j TPROXY --on-port 10 --on-ip 10.1.2.3 --tproxy-mark 0x1/0x1
-A DIVERT -p tcp -j TPROXY --on-port 1 --on-ip 0.0.0.0 --tproxy-mark 0x0/0x0
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TPROXY     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 0.0.0.0:15001 mark 0x0/0x0
    0     0 TPROXY     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 127.0.0.1:15001 mark 0x0/0x0
    0     0 TPROXY     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 0.0.0.0:0 mark 0x1/0x1
    0     0 TPROXY     17   --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 10.0.0.1:53 mark 0x1/0xffffffff
    0     0 TPROXY     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 0.0.0.0:80 mark 0x5/0xff
    0     0 TPROXY     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 10.1.2.3:10 mark 0x1/0x1

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain DIVERT (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TPROXY     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TPROXY redirect 0.0.0.0:1 mark 0x0/0x0
`;

describe('TPROXY against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('TPROXY data and problems', () => {
  it('fills in the defaults iptables-save prints', () => {
    const t = targets('*mangle\n-A PREROUTING -p tcp -j TPROXY --on-port 15001\nCOMMIT\n');
    expect(t[0]?.data).toEqual({ port: 15001, ip: '0.0.0.0', markValue: 0, markMask: 0 });
  });

  it('reads IPv6 addresses under ip6tables', () => {
    const text =
      '*mangle\n-A PREROUTING -p udp -j TPROXY --on-port 53 --on-ip fd00:0::1 --tproxy-mark 0x1/0x1\nCOMMIT\n';
    expect(printed(text, 'ipv6')).toBe(
      '*mangle\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -p udp -j TPROXY --on-port 53 --on-ip fd00::1 --tproxy-mark 0x1/0x1\nCOMMIT\n',
    );
    expect(listed(text, 'ipv6')).toEqual(['TPROXY redirect fd00::1:53 mark 0x1/0x1']);
  });

  it('reports a missing port, protocols other than tcp/udp, chains other than PREROUTING and bad values', () => {
    const text = [
      '*mangle',
      '-A PREROUTING -p tcp -j TPROXY',
      '-A PREROUTING -p icmp -j TPROXY --on-port 1',
      '-A INPUT -p tcp -j TPROXY --on-port 1',
      '-A PREROUTING -p tcp -j TPROXY --on-port 70000 --on-ip 1.2.3 --tproxy-mark x',
      '-A PREROUTING -p tcp -j TPROXY --on-port 0x50',
      'COMMIT',
      '*nat',
      '-A PREROUTING -p tcp -j TPROXY --on-port 1',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'missing-argument', severity: 'error', line: 2, column: 22 },
      { code: 'target-not-allowed', severity: 'error', line: 3, column: 23 },
      { code: 'target-not-allowed', severity: 'error', line: 4, column: 17 },
      // iptables takes 70000 and keeps its low 16 bits (4464): a warning, not an error
      { code: 'bad-port', severity: 'warning', line: 5, column: 32 },
      { code: 'bad-address', severity: 'error', line: 5, column: 48 },
      { code: 'bad-value', severity: 'error', line: 5, column: 62 },
      { code: 'bad-port', severity: 'error', line: 6, column: 32 },
      { code: 'target-not-allowed', severity: 'error', line: 9, column: 22 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*mangle\n-A PREROUTING -p tcp -j TPROXY --on-port 15001 --tproxy-mark 0x1/0x1\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'hands the packet unchanged to a local transparent-proxy socket at its own address:15001 and sets mark 0x1/0x1 (TPROXY)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '패킷을 바꾸지 않고 로컬 투명 프록시 소켓(원래 주소:15001)으로 넘기고 마크 0x1/0x1 설정 (TPROXY)',
    ]);
  });
});
