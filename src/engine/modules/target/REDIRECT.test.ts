import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:ISTIO_REDIRECT - [0:0]
-A PREROUTING -j REDIRECT
-A PREROUTING -p tcp -j REDIRECT --to-ports 8080
-A PREROUTING -p tcp -j REDIRECT --to-ports 8080-8090
-A PREROUTING -j REDIRECT --random
-A PREROUTING -p tcp -j REDIRECT --to-ports 15001 --random
-A OUTPUT -p tcp -j REDIRECT --to-ports 15001
-A ISTIO_REDIRECT -j REDIRECT
-A PREROUTING -p udp -j REDIRECT --to-ports domain
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:ISTIO_REDIRECT - [0:0]
-A PREROUTING -j REDIRECT
-A PREROUTING -p tcp -j REDIRECT --to-ports 8080
-A PREROUTING -p tcp -j REDIRECT --to-ports 8080-8090
-A PREROUTING -j REDIRECT --random
-A PREROUTING -p tcp -j REDIRECT --to-ports 15001 --random
-A PREROUTING -p udp -j REDIRECT --to-ports 53
-A OUTPUT -p tcp -j REDIRECT --to-ports 15001
-A ISTIO_REDIRECT -j REDIRECT
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REDIRECT   0    --  *      *       0.0.0.0/0            0.0.0.0/0           
    0     0 REDIRECT   6    --  *      *       0.0.0.0/0            0.0.0.0/0            redir ports 8080
    0     0 REDIRECT   6    --  *      *       0.0.0.0/0            0.0.0.0/0            redir ports 8080-8090
    0     0 REDIRECT   0    --  *      *       0.0.0.0/0            0.0.0.0/0            random
    0     0 REDIRECT   6    --  *      *       0.0.0.0/0            0.0.0.0/0            redir ports 15001 random
    0     0 REDIRECT   17   --  *      *       0.0.0.0/0            0.0.0.0/0            redir ports 53

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REDIRECT   6    --  *      *       0.0.0.0/0            0.0.0.0/0            redir ports 15001

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain ISTIO_REDIRECT (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 REDIRECT   0    --  *      *       0.0.0.0/0            0.0.0.0/0           
`;

describe('REDIRECT against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('REDIRECT data and problems', () => {
  it('keeps ports and the random flag as plain data', () => {
    const t = targets('*nat\n-A PREROUTING -p tcp -j REDIRECT --to-ports 15001 --random\nCOMMIT\n');
    expect(t[0]?.data).toEqual({ ports: { minPort: 15001, maxPort: 15001 }, random: true });
  });

  it('reports shifted ranges, repeats, names in ranges and the wrong chains', () => {
    const text = [
      '*nat',
      '-A PREROUTING -p tcp -j REDIRECT --to-ports 80-90/100',
      '-A PREROUTING -p tcp -j REDIRECT --to-ports 8080 --to-ports 8081',
      '-A PREROUTING -p tcp -j REDIRECT --to-ports 80-http',
      '-A PREROUTING -j REDIRECT --random-fully',
      '-A POSTROUTING -j REDIRECT',
      '-A INPUT -j REDIRECT',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-port', severity: 'error', line: 2, column: 34 },
      { code: 'syntax', severity: 'error', line: 3, column: 50 },
      { code: 'bad-port', severity: 'error', line: 4, column: 34 },
      { code: 'unknown-option', severity: 'error', line: 5, column: 27 },
      { code: 'target-not-allowed', severity: 'error', line: 6, column: 16 },
      { code: 'target-not-allowed', severity: 'error', line: 7, column: 10 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*nat\n-A PREROUTING -j REDIRECT\n-A OUTPUT -p tcp -j REDIRECT --to-ports 15001\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'redirects to this host itself, keeping the port (REDIRECT)',
      'redirects to this host itself on port 15001 (REDIRECT)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '이 호스트 자신으로 보냄 (포트 유지) (REDIRECT)',
      '이 호스트 자신으로 보냄 (포트 15001) (REDIRECT)',
    ]);
  });
});
