// Simulator vs kernel: chains and targets — marks, jump/goto/RETURN, DROP policies and REJECT,
// NOTRACK, multiport and an ipset match.
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, OUTSIDE, POD1, SERVICE, icmp, tcp, topology, udp } from './packets.ts';

const env = kernelEnvironment();

const CHAINS = `*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
:SUB - [0:0]
:SUB2 - [0:0]
:INNER - [0:0]
-A INPUT -p tcp -j SUB
-A INPUT -p tcp -g SUB2
-A INPUT -m comment --comment after-goto
-A SUB -p tcp -m tcp --dport 1 -j RETURN
-A SUB -p tcp -m tcp --dport 2 -j DROP
-A SUB -j INNER
-A SUB -m comment --comment sub-after-inner
-A INNER -p tcp -m tcp --dport 3 -j RETURN
-A INNER -m comment --comment inner-fallthrough
-A SUB2 -p tcp -m tcp --dport 4 -j MARK --set-mark 0x7
-A SUB2 -m mark --mark 0x7 -j ACCEPT
COMMIT
`;

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: chains and targets'), () => {
  it('jump and RETURN: RETURN goes back to the caller’s next rule; a goto chain that runs out applies the policy', async () => {
    await expectAgreement(
      {
        rules: CHAINS,
        packets: [1, 3, 5].map((port) => tcp('peer', CLIENT, HOST, 40300 + port, port)),
      },
      [
        'INPUT filter/SUB #1 -A SUB -p tcp -m tcp --dport 1 -j RETURN',
        'INPUT filter/INNER #1',
        'INPUT filter/SUB #4',
        'INPUT filter/INPUT policy ACCEPT',
      ],
    );
  });

  it('DROP in a user chain ends the packet', async () => {
    await expectAgreement({ rules: CHAINS, packets: [tcp('peer', CLIENT, HOST, 40310, 2)] }, [
      'INPUT filter/SUB #2',
      '=> DROP dropped',
    ]);
  });

  it('marks: MARK in a goto chain, then -m mark in the same chain accepts', async () => {
    await expectAgreement({ rules: CHAINS, packets: [tcp('peer', CLIENT, HOST, 40311, 4)] }, [
      'INPUT filter/SUB2 #2 -A SUB2 -m mark --mark 0x7 -j ACCEPT',
    ]);
  });

  it('marks: set in mangle PREROUTING, matched with a mask in filter FORWARD and nat POSTROUTING', async () => {
    await expectAgreement(
      {
        rules: `*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -i cni0 -j MARK --set-xmark 0x4000/0x4000
-A PREROUTING -p udp -j MARK --or-mark 0x1
COMMIT
*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A POSTROUTING -m mark --mark 0x4000/0x4000 -j MASQUERADE
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m mark --mark 0x4001 -m comment --comment both-bits
-A FORWARD -m mark --mark 0x4000/0x4000 -j ACCEPT
COMMIT
`,
        packets: [udp('pod1', POD1, OUTSIDE, 40312, 53), udp('peer', CLIENT, POD1, 40313, 53)],
      },
      [
        'FORWARD filter/FORWARD #1',
        `=> ACCEPT forward out=eth0 udp ${HOST}:40312>${OUTSIDE}:53`,
        'FORWARD filter/FORWARD policy DROP',
      ],
    );
  });

  it('a mark set on the socket is kept across lo', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -m mark --mark 0x7 -j ACCEPT
-A OUTPUT -m mark --mark 0x7 -m comment --comment marked
COMMIT
`,
        packets: [udp('host', HOST, HOST, 40314, 53, { mark: 7 })],
      },
      ['INPUT filter/INPUT #1', 'OUTPUT filter/OUTPUT #1'],
    );
  });

  it('DROP policies: FORWARD DROP for a packet no rule accepts; OUTPUT DROP for a local one', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT DROP [0:0]
-A FORWARD -p udp -j ACCEPT
-A OUTPUT -o lo -j ACCEPT
COMMIT
`,
        packets: [tcp('peer', CLIENT, POD1, 40315, 80), icmp('host', HOST, CLIENT)],
      },
      ['FORWARD filter/FORWARD policy DROP', 'OUTPUT filter/OUTPUT policy DROP'],
    );
  });

  it('REJECT: a UDP port in INPUT and tcp-reset in FORWARD', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -p udp -m udp --dport 9 -j REJECT --reject-with icmp-port-unreachable
-A FORWARD -d 10.244.1.0/24 -p tcp -m tcp --dport 23 -j REJECT --reject-with tcp-reset
COMMIT
`,
        packets: [udp('peer', CLIENT, HOST, 40316, 9), tcp('peer', CLIENT, POD1, 40317, 23)],
      },
      ['=> REJECT rejected', 'FORWARD filter/FORWARD #1'],
    );
  });

  it('NOTRACK in raw PREROUTING: UNTRACKED, and the nat table is not walked', async () => {
    await expectAgreement(
      {
        rules: `*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A PREROUTING -p udp -m udp --dport 53 -j NOTRACK
COMMIT
*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -j DNAT --to-destination 10.244.1.5
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m state --state UNTRACKED -m comment --comment untracked
-A FORWARD -m conntrack --ctstate NEW -m comment --comment new
COMMIT
`,
        packets: [udp('peer', CLIENT, SERVICE, 40318, 53), udp('peer', CLIENT, SERVICE, 40319, 54)],
      },
      ['raw/PREROUTING #1', 'FORWARD filter/FORWARD #1', 'PREROUTING nat/PREROUTING #1'],
    );
  });

  it('CT --notrack in raw OUTPUT: a local packet leaves UNTRACKED, past nat and unmasqueraded', async () => {
    await expectAgreement(
      {
        rules: `*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A OUTPUT -p udp -m udp --dport 123 -j CT --notrack
COMMIT
*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A POSTROUTING -j SNAT --to-source 192.168.50.11
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A OUTPUT -m conntrack --ctstate UNTRACKED -m comment --comment untracked
COMMIT
`,
        packets: [udp('host', HOST, CLIENT, 40320, 123), udp('host', HOST, CLIENT, 40321, 124)],
      },
      [
        'OUTPUT filter/OUTPUT #1',
        `=> ACCEPT output out=eth0 udp ${HOST}:40320>${CLIENT}:123`,
        'POSTROUTING nat/POSTROUTING #1',
      ],
    );
  });

  it('multiport: --dports with a range, --sports and ! --ports', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -p tcp -m multiport --sports 1000:2000,3000 -m comment --comment sports
-A INPUT -p tcp -m multiport ! --ports 80,443 -m comment --comment not-web
-A INPUT -p tcp -m multiport --dports 80,443,8000:8100 -j ACCEPT
COMMIT
`,
        packets: [
          tcp('peer', CLIENT, HOST, 1500, 8050),
          tcp('peer', CLIENT, HOST, 3000, 443),
          tcp('peer', CLIENT, HOST, 40322, 8101),
        ],
      },
      [
        'INPUT filter/INPUT #1',
        'INPUT filter/INPUT #2',
        'INPUT filter/INPUT #3',
        'INPUT filter/INPUT policy DROP',
      ],
    );
  });

  it('ipset: hash:net by source in INPUT, hash:ip,port,ip (KUBE-LOOP-BACK shape) in nat POSTROUTING', async () => {
    await expectAgreement(
      {
        ipsets: [
          { name: 'ALLOWED', type: 'hash:net', members: ['192.168.50.0/25', '10.244.1.6'] },
          {
            name: 'LOOP-BACK',
            type: 'hash:ip,port,ip',
            members: ['10.244.1.5,tcp:8080,10.244.1.5', '10.244.1.6,udp:53,10.244.1.6'],
          },
        ],
        rules: `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
-A POSTROUTING -m set --match-set LOOP-BACK dst,dst,src -j MASQUERADE
COMMIT
*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -m set --match-set ALLOWED src -j ACCEPT
-A FORWARD -m set ! --match-set ALLOWED src -m comment --comment not-allowed
COMMIT
`,
        packets: [
          tcp('peer', CLIENT, HOST, 40323, 22),
          tcp('peer', '192.168.50.200', HOST, 40324, 22),
          tcp('peer', CLIENT, POD1, 40325, 8080),
          // a pod reaching itself through a Service: the KUBE-LOOP-BACK case (needs hairpin)
          tcp('pod1', POD1, SERVICE, 40326, 80),
        ],
        topology: topology((t) => t.bridges[0] && (t.bridges[0].hairpin = true)),
      },
      [
        'INPUT filter/INPUT #1',
        'INPUT filter/INPUT policy DROP',
        'POSTROUTING nat/POSTROUTING #1 -A POSTROUTING -m set',
        `=> ACCEPT forward out=cni0 tcp 10.244.1.1:40326>${POD1}:8080`,
      ],
    );
  });
});
