// Simulator vs kernel: DNAT in PREROUTING and in OUTPUT, REDIRECT, SNAT and MASQUERADE, and
// addrtype LOCAL (the NodePort pattern).
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, OUTSIDE, POD1, POD2, SERVICE, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

const FILTER_PROBES = `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -m conntrack --ctstate NEW -m comment --comment in-new
-A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new
-A OUTPUT -o eth0 -m comment --comment out-eth0
-A OUTPUT -o cni0 -m comment --comment out-cni0
COMMIT
`;

const nat = (lines: string): string => `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
${lines.trim()}
COMMIT
${FILTER_PROBES}`;

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: NAT'), () => {
  it('DNAT in PREROUTING: outside → Service → pod, forwarded out cni0 with the new destination', async () => {
    await expectAgreement(
      {
        rules: nat(
          `-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080`,
        ),
        packets: [tcp('peer', CLIENT, SERVICE, 40200, 80)],
      },
      [
        'PREROUTING nat/PREROUTING #1',
        `=> ACCEPT forward out=cni0 tcp ${CLIENT}:40200>${POD1}:8080`,
      ],
    );
  });

  it('DNAT in PREROUTING to the host itself: the packet is delivered locally', async () => {
    await expectAgreement(
      {
        rules: nat(
          `-A PREROUTING -d 10.96.0.10/32 -p udp -m udp --dport 53 -j DNAT --to-destination 192.168.50.10:5353`,
        ),
        packets: [udp('peer', CLIENT, SERVICE, 40201, 53)],
      },
      [`=> ACCEPT local out=- udp ${CLIENT}:40201>${HOST}:5353`],
    );
  });

  it('REDIRECT in PREROUTING: the address of the interface the packet came in by', async () => {
    await expectAgreement(
      {
        rules: nat(`-A PREROUTING -p tcp -m tcp --dport 80 -j REDIRECT --to-ports 3128`),
        packets: [tcp('pod1', POD1, OUTSIDE, 40202, 80)],
      },
      [`=> ACCEPT local out=- tcp ${POD1}:40202>10.244.1.1:3128`],
    );
  });

  it('DNAT in OUTPUT: re-routed out cni0, yet filter OUTPUT still sees -o eth0', async () => {
    await expectAgreement(
      {
        rules: nat(
          `-A OUTPUT -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.6:8080`,
        ),
        packets: [tcp('host', HOST, SERVICE, 40203, 80)],
      },
      [
        'OUTPUT filter/OUTPUT #1 -A OUTPUT -o eth0',
        `=> ACCEPT output out=cni0 tcp ${HOST}:40203>${POD2}:8080`,
      ],
    );
  });

  it('DNAT in OUTPUT to a local address: out lo and back in, with no nat walk on the way in', async () => {
    await expectAgreement(
      {
        rules: nat(
          `-A OUTPUT -d 10.96.0.10/32 -p udp -m udp --dport 53 -j DNAT --to-destination 127.0.0.1:5353`,
        ),
        packets: [udp('host', HOST, SERVICE, 40204, 53)],
      },
      ['OUTPUT nat/OUTPUT #1'],
    );
  });

  it('SNAT in POSTROUTING to a fixed address and port', async () => {
    await expectAgreement(
      {
        rules: nat(
          `-A POSTROUTING -s 10.244.1.0/24 -o eth0 -p tcp -j SNAT --to-source 192.168.50.10:50000`,
        ),
        packets: [tcp('pod1', POD1, OUTSIDE, 40205, 443)],
      },
      [`=> ACCEPT forward out=eth0 tcp ${HOST}:50000>${OUTSIDE}:443`],
    );
  });

  it('SNAT keeps the source port when it is free and inside the range', async () => {
    await expectAgreement(
      {
        rules: nat(
          `-A POSTROUTING -s 10.244.1.0/24 -o eth0 -p udp -j SNAT --to-source 192.168.50.10:40000-41000`,
        ),
        packets: [udp('pod2', POD2, OUTSIDE, 40206, 53)],
      },
      [`=> ACCEPT forward out=eth0 udp ${HOST}:40206>${OUTSIDE}:53`],
    );
  });

  it('MASQUERADE: a pod to the internet takes eth0’s address, outside → Service → pod takes cni0’s', async () => {
    await expectAgreement(
      {
        rules:
          nat(`-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
-A POSTROUTING -j MASQUERADE`),
        packets: [tcp('pod1', POD1, OUTSIDE, 40207, 443), tcp('peer', CLIENT, SERVICE, 40208, 80)],
      },
      [
        `=> ACCEPT forward out=eth0 tcp ${HOST}:40207>${OUTSIDE}:443`,
        `=> ACCEPT forward out=cni0 tcp 10.244.1.1:40208>${POD1}:8080`,
      ],
    );
  });

  it('addrtype --dst-type LOCAL: a NodePort on the host address is DNATed, a pod address is not', async () => {
    await expectAgreement(
      {
        rules: `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:NODEPORTS - [0:0]
-A PREROUTING -m addrtype --dst-type LOCAL -j NODEPORTS
-A NODEPORTS -p tcp -m tcp --dport 30080 -j DNAT --to-destination 10.244.1.6:8080
COMMIT
${FILTER_PROBES}`,
        packets: [tcp('peer', CLIENT, HOST, 40209, 30080), tcp('peer', CLIENT, POD1, 40210, 30080)],
      },
      [
        'PREROUTING nat/NODEPORTS #1',
        `=> ACCEPT forward out=cni0 tcp ${CLIENT}:40209>${POD2}:8080`,
      ],
    );
  });

  it('addrtype --src-type LOCAL in OUTPUT and ! --dst-type LOCAL', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A OUTPUT -m addrtype --src-type LOCAL -m comment --comment src-local
-A OUTPUT -m addrtype ! --dst-type LOCAL -m comment --comment dst-not-local
-A OUTPUT -m addrtype --dst-type LOCAL -j DROP
COMMIT
`,
        packets: [udp('host', HOST, CLIENT, 40211, 53), udp('host', HOST, '127.0.0.5', 40212, 53)],
      },
      ['OUTPUT filter/OUTPUT #2', 'OUTPUT filter/OUTPUT #3'],
    );
  });
});
