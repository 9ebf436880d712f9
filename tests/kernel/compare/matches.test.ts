// Simulator vs kernel: match modules and targets beyond the basics — TCP flags, ICMP types,
// iprange, length, physdev on a bridged frame, limit's burst, CONNMARK across a connection, and
// the less common NAT places (REDIRECT in OUTPUT, SNAT in nat INPUT).
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, OUTSIDE, POD1, POD2, SERVICE, icmp, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: more matches and targets'), () => {
  it('tcp --syn and --tcp-flags, icmp --icmp-type, iprange and length', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -p tcp -m tcp --syn -m comment --comment syn
-A INPUT -p tcp -m tcp --tcp-flags SYN,ACK,FIN,RST ACK -m comment --comment plain-ack
-A INPUT -p tcp -m tcp ! --tcp-flags SYN,ACK SYN,ACK -m comment --comment not-synack
-A INPUT -p icmp -m icmp --icmp-type 8/0 -m comment --comment echo
-A INPUT -p icmp -m icmp --icmp-type 0 -m comment --comment echo-reply
-A INPUT -m iprange --src-range 192.168.50.90-192.168.50.110 -m comment --comment in-range
-A INPUT -m length --length 100:1500 -m comment --comment long
COMMIT
`,
        packets: [
          tcp('peer', CLIENT, HOST, 40800, 22),
          tcp('peer', '192.168.50.11', HOST, 40801, 22, 'ACK'),
          tcp('peer', CLIENT, HOST, 40802, 22, 'SYN,ACK'),
          icmp('peer', CLIENT, HOST, 8),
          { ...icmp('peer', '192.168.50.11', HOST, 0), length: 300 },
        ],
      },
      [
        'INPUT filter/INPUT #1',
        'INPUT filter/INPUT #2',
        'INPUT filter/INPUT #4',
        'INPUT filter/INPUT #5',
        'INPUT filter/INPUT #7',
      ],
    );
  });

  it('physdev: a bridged frame shows its bridge ports; a routed one from a pod only physdev-in', async () => {
    await expectAgreement(
      {
        rules: `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.6:8080
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m physdev --physdev-is-bridged -m comment --comment bridged
-A FORWARD -m physdev --physdev-in vethpod1 -m comment --comment from-pod1
-A FORWARD -m physdev --physdev-out vethpod2 -m comment --comment to-pod2
-A FORWARD -m physdev ! --physdev-is-in -m comment --comment not-from-bridge
COMMIT
`,
        packets: [
          tcp('pod1', POD1, SERVICE, 40803, 80),
          udp('pod1', POD1, OUTSIDE, 40804, 53),
          tcp('peer', CLIENT, POD2, 40805, 80),
        ],
      },
      ['FORWARD filter/FORWARD #1', 'FORWARD filter/FORWARD #3', 'FORWARD filter/FORWARD #4'],
    );
  });

  it('limit: the first packets within the burst match, the next does not', async () => {
    await expectAgreement(
      {
        rules: `*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -p icmp -m limit --limit 1/min --limit-burst 2 -j ACCEPT
COMMIT
`,
        packets: [
          icmp('peer', CLIENT, HOST),
          icmp('peer', CLIENT, HOST),
          icmp('peer', CLIENT, HOST),
        ],
      },
      ['INPUT filter/INPUT #1', 'INPUT filter/INPUT policy DROP'],
    );
  });

  it('CONNMARK: saved with the first packet, restored onto the reply', async () => {
    await expectAgreement(
      {
        rules: `*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -m conntrack --ctstate NEW -i eth0 -j MARK --set-xmark 0x5/0xffffffff
-A PREROUTING -m conntrack --ctstate NEW -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xffffffff
-A PREROUTING -m conntrack --ctstate ESTABLISHED -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m connmark --mark 0x5 -m comment --comment connmark-5
-A FORWARD -m mark --mark 0x5 -m comment --comment mark-5
COMMIT
`,
        packets: [
          tcp('peer', CLIENT, POD1, 40806, 80),
          tcp('pod1', POD1, CLIENT, 80, 40806, 'SYN,ACK', true),
        ],
      },
      ['PREROUTING mangle/PREROUTING #3', 'FORWARD filter/FORWARD #2'],
    );
  });

  it('REDIRECT in nat OUTPUT sends a local packet to 127.0.0.1 through lo', async () => {
    await expectAgreement(
      {
        rules: `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A OUTPUT -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j REDIRECT --to-ports 15001
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -i lo -m comment --comment in-lo
-A OUTPUT -o eth0 -m comment --comment out-eth0
COMMIT
`,
        packets: [tcp('host', HOST, SERVICE, 40807, 80)],
      },
      ['INPUT filter/INPUT #1', `=> ACCEPT local out=- tcp ${HOST}:40807>127.0.0.1:15001`],
    );
  });

  it('SNAT in nat INPUT rewrites the source of a locally delivered packet', async () => {
    await expectAgreement(
      {
        rules: `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A INPUT -s 192.168.50.100/32 -p udp -j SNAT --to-source 10.99.0.1
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -s 192.168.50.100/32 -m comment --comment before-snat
COMMIT
*security
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -s 10.99.0.1/32 -m comment --comment after-snat
COMMIT
`,
        packets: [udp('peer', CLIENT, HOST, 40808, 53)],
      },
      [
        'INPUT filter/INPUT #1',
        'INPUT security/INPUT #1',
        `=> ACCEPT local out=- udp 10.99.0.1:40808>${HOST}:53`,
      ],
    );
  });
});
