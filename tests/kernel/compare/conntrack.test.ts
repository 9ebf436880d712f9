// Simulator vs kernel: connections. Packets of one scenario share the host's conntrack table, so
// a second packet or a reply sees the entry the first one made (FINDINGS fact 3: a SYN, the
// SYN-ACK reply, then the ACK).
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, OUTSIDE, POD1, SERVICE, icmp, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

const STATEFUL = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
-A PREROUTING -d 10.96.0.10/32 -p udp -m udp --dport 53 -j DNAT --to-destination 10.244.1.5:5353
-A POSTROUTING -s 10.244.1.0/24 -o eth0 -j MASQUERADE
COMMIT
*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
-A INPUT -p tcp -m tcp --dport 22 -m conntrack --ctstate NEW -j ACCEPT
-A INPUT -p icmp -m icmp --icmp-type 8 -j ACCEPT
-A FORWARD -m conntrack --ctstate INVALID -m comment --comment invalid
-A FORWARD -m conntrack --ctstate ESTABLISHED -j ACCEPT
-A FORWARD -m conntrack --ctstate DNAT -m conntrack --ctstate NEW -j ACCEPT
-A FORWARD -i cni0 -o eth0 -m state --state NEW -j ACCEPT
COMMIT
`;

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: conntrack'), () => {
  it('SYN, SYN-ACK reply, ACK through a DNAT: nat only for the SYN, the reply un-DNATed, then ESTABLISHED', async () => {
    await expectAgreement(
      {
        rules: STATEFUL,
        packets: [
          tcp('peer', CLIENT, SERVICE, 40400, 80),
          tcp('pod1', POD1, CLIENT, 8080, 40400, 'SYN,ACK', true),
          tcp('peer', CLIENT, SERVICE, 40400, 80, 'ACK'),
        ],
      },
      [
        'FORWARD filter/FORWARD #3',
        `=> ACCEPT forward out=eth0 tcp ${SERVICE}:80>${CLIENT}:40400`,
        `=> ACCEPT forward out=cni0 tcp ${CLIENT}:40400>${POD1}:8080`,
      ],
    );
  });

  it('SYN, SYN-ACK, ACK through MASQUERADE: the reply to the host address reaches the pod', async () => {
    await expectAgreement(
      {
        rules: STATEFUL,
        packets: [
          tcp('pod1', POD1, OUTSIDE, 40401, 443),
          tcp('peer', OUTSIDE, HOST, 443, 40401, 'SYN,ACK', true),
          tcp('pod1', POD1, OUTSIDE, 40401, 443, 'ACK'),
        ],
      },
      [
        `=> ACCEPT forward out=cni0 tcp ${OUTSIDE}:443>${POD1}:40401`,
        `=> ACCEPT forward out=eth0 tcp ${HOST}:40401>${OUTSIDE}:443`,
      ],
    );
  });

  it('an ACK after a SYN that got no reply is INVALID: untranslated, routed by its own destination', async () => {
    await expectAgreement(
      {
        rules: STATEFUL,
        packets: [
          tcp('peer', CLIENT, SERVICE, 40402, 80),
          tcp('peer', CLIENT, SERVICE, 40402, 80, 'ACK'),
        ],
      },
      ['FORWARD filter/FORWARD #1', 'FORWARD filter/FORWARD policy DROP'],
    );
  });

  it('a bare ACK with no entry starts a connection (nf_conntrack_tcp_loose): NEW, DNATed', async () => {
    await expectAgreement(
      { rules: STATEFUL, packets: [tcp('peer', CLIENT, SERVICE, 40403, 80, 'ACK')] },
      ['PREROUTING nat/PREROUTING #1', 'FORWARD filter/FORWARD #3'],
    );
  });

  it('UDP: a second packet before any reply is still NEW; the reply makes the next one ESTABLISHED', async () => {
    await expectAgreement(
      {
        rules: STATEFUL,
        packets: [
          udp('peer', CLIENT, SERVICE, 40404, 53),
          udp('peer', CLIENT, SERVICE, 40404, 53),
          udp('pod1', POD1, CLIENT, 5353, 40404),
          udp('peer', CLIENT, SERVICE, 40404, 53),
        ],
      },
      ['FORWARD filter/FORWARD #2', `=> ACCEPT forward out=eth0 udp ${SERVICE}:53>${CLIENT}:40404`],
    );
  });

  it('ICMP: an echo request to the host, then the host’s own echo reply going out', async () => {
    await expectAgreement(
      {
        rules: STATEFUL,
        packets: [
          icmp('peer', CLIENT, HOST),
          icmp('host', HOST, CLIENT, 0),
          icmp('peer', CLIENT, HOST),
        ],
      },
      ['INPUT filter/INPUT #3', 'INPUT filter/INPUT #1'],
    );
  });

  it('a stateful INPUT: ssh SYN accepted as NEW, the client’s ACK after the host’s SYN-ACK as ESTABLISHED', async () => {
    await expectAgreement(
      {
        rules: STATEFUL,
        packets: [
          tcp('peer', CLIENT, HOST, 40405, 22),
          tcp('host', HOST, CLIENT, 22, 40405, 'SYN,ACK', true),
          tcp('peer', CLIENT, HOST, 40405, 22, 'ACK'),
          tcp('peer', CLIENT, HOST, 40406, 23),
        ],
      },
      ['INPUT filter/INPUT #2', 'INPUT filter/INPUT #1', 'INPUT filter/INPUT policy DROP'],
    );
  });
});
