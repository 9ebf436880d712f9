// Simulator vs kernel: kube-proxy-shaped rules (iptables mode). KUBE-SERVICES → KUBE-SVC-* (random
// endpoint choice) → KUBE-SEP-* (DNAT), KUBE-MARK-MASQ setting 0x4000 and KUBE-POSTROUTING
// masquerading the marked packets; a NodePort through addrtype LOCAL; KUBE-FORWARD in filter.
import { describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, CNI0, HOST, POD1, POD2, tcp, topology, udp } from './packets.ts';

const env = kernelEnvironment();

const KUBE = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-EXT-WEB - [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-NODEPORTS - [0:0]
:KUBE-POSTROUTING - [0:0]
:KUBE-SEP-DNS - [0:0]
:KUBE-SEP-WEB1 - [0:0]
:KUBE-SEP-WEB2 - [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-SVC-DNS - [0:0]
:KUBE-SVC-WEB - [0:0]
-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING
-A KUBE-EXT-WEB -m comment --comment "masquerade traffic for default/web:http external destinations" -j KUBE-MARK-MASQ
-A KUBE-EXT-WEB -j KUBE-SVC-WEB
-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000
-A KUBE-NODEPORTS -p tcp -m comment --comment "default/web:http" -m tcp --dport 30080 -j KUBE-EXT-WEB
-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN
-A KUBE-POSTROUTING -j MARK --set-xmark 0x4000/0x0
-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE
-A KUBE-SEP-DNS -s 10.244.1.6/32 -m comment --comment "kube-system/dns:dns" -j KUBE-MARK-MASQ
-A KUBE-SEP-DNS -p udp -m comment --comment "kube-system/dns:dns" -m udp -j DNAT --to-destination 10.244.1.6:5353
-A KUBE-SEP-WEB1 -s 10.244.1.5/32 -m comment --comment "default/web:http" -j KUBE-MARK-MASQ
-A KUBE-SEP-WEB1 -p tcp -m comment --comment "default/web:http" -m tcp -j DNAT --to-destination 10.244.1.5:8080
-A KUBE-SEP-WEB2 -s 10.244.1.6/32 -m comment --comment "default/web:http" -j KUBE-MARK-MASQ
-A KUBE-SEP-WEB2 -p tcp -m comment --comment "default/web:http" -m tcp -j DNAT --to-destination 10.244.1.6:8080
-A KUBE-SERVICES -d 10.96.0.10/32 -p tcp -m comment --comment "default/web:http cluster IP" -m tcp --dport 80 -j KUBE-SVC-WEB
-A KUBE-SERVICES -d 10.96.0.53/32 -p udp -m comment --comment "kube-system/dns:dns cluster IP" -m udp --dport 53 -j KUBE-SVC-DNS
-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS
-A KUBE-SVC-DNS ! -s 10.244.0.0/16 -d 10.96.0.53/32 -p udp -m comment --comment "kube-system/dns:dns cluster IP" -m udp --dport 53 -j KUBE-MARK-MASQ
-A KUBE-SVC-DNS -m comment --comment "kube-system/dns:dns -> 10.244.1.6:5353" -j KUBE-SEP-DNS
-A KUBE-SVC-WEB ! -s 10.244.0.0/16 -d 10.96.0.10/32 -p tcp -m comment --comment "default/web:http cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ
-A KUBE-SVC-WEB -m comment --comment "default/web:http -> 10.244.1.5:8080" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-WEB1
-A KUBE-SVC-WEB -m comment --comment "default/web:http -> 10.244.1.6:8080" -j KUBE-SEP-WEB2
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
:KUBE-FORWARD - [0:0]
-A FORWARD -m comment --comment "kubernetes forwarding rules" -j KUBE-FORWARD
-A FORWARD -s 10.244.0.0/16 -j ACCEPT
-A KUBE-FORWARD -m conntrack --ctstate INVALID -j DROP
-A KUBE-FORWARD -m comment --comment "kubernetes forwarding rules" -m mark --mark 0x4000/0x4000 -j ACCEPT
-A KUBE-FORWARD -m comment --comment "kubernetes forwarding conntrack rule" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
COMMIT
`;

const DNS = '10.96.0.53';
const WEB = '10.96.0.10';

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: kube-proxy-shaped rules'), () => {
  it('ClusterIP from outside the cluster: KUBE-MARK-MASQ, a random endpoint, masqueraded by KUBE-POSTROUTING', async () => {
    const c = await expectAgreement(
      { rules: KUBE, packets: [tcp('peer', CLIENT, WEB, 40600, 80)], random: true },
      [
        'PREROUTING nat/KUBE-MARK-MASQ #1',
        'POSTROUTING nat/KUBE-POSTROUTING #3',
        'FORWARD filter/KUBE-FORWARD #2',
        `=> ACCEPT forward out=cni0 tcp ${CNI0}:40600>10.244.1.`,
      ],
    );
    expect(c.paths?.matched).toBe(0.5);
  });

  it('ClusterIP from a pod, hairpin on: to itself it is masqueraded (KUBE-SEP’s -s rule), to the other pod it is not', async () => {
    const c = await expectAgreement(
      {
        rules: KUBE,
        topology: topology((t) => t.bridges[0] && (t.bridges[0].hairpin = true)),
        packets: [tcp('pod1', POD1, WEB, 40601, 80), tcp('pod1', POD1, WEB, 40602, 80)],
        random: true,
      },
      ['PREROUTING nat/KUBE-SVC-WEB', 'POSTROUTING nat/KUBE-POSTROUTING'],
    );
    expect(c.paths?.count).toBe(4);
  });

  it('NodePort: addrtype LOCAL → KUBE-NODEPORTS → KUBE-EXT → endpoint, masqueraded out cni0', async () => {
    await expectAgreement(
      { rules: KUBE, packets: [tcp('peer', CLIENT, HOST, 40603, 30080)], random: true },
      ['PREROUTING nat/KUBE-NODEPORTS #1', 'PREROUTING nat/KUBE-EXT-WEB #2'],
    );
  });

  it('ClusterIP from the host itself: KUBE-SERVICES in nat OUTPUT, re-routed to cni0, masqueraded', async () => {
    await expectAgreement({ rules: KUBE, packets: [udp('host', HOST, DNS, 40604, 53)] }, [
      'OUTPUT nat/KUBE-SVC-DNS #1',
      'OUTPUT nat/KUBE-SEP-DNS #2',
      `=> ACCEPT output out=cni0 udp ${CNI0}:40604>${POD2}:5353`,
    ]);
  });

  it('a whole connection to a one-endpoint Service: SYN, the endpoint’s SYN-ACK, the ACK', async () => {
    const rules = KUBE.replace(/-d 10\.96\.0\.53\/32 -p udp/g, '-d 10.96.0.53/32 -p tcp')
      .replace(
        /-p udp -m comment --comment "kube-system\/dns:dns" -m udp/,
        '-p tcp -m comment --comment "kube-system/dns:dns" -m tcp',
      )
      .replace(/-m udp --dport 53/g, '-m tcp --dport 53');
    await expectAgreement(
      {
        rules,
        packets: [
          tcp('peer', CLIENT, DNS, 40605, 53),
          tcp('pod2', POD2, CNI0, 5353, 40605, 'SYN,ACK', true),
          tcp('peer', CLIENT, DNS, 40605, 53, 'ACK'),
        ],
      },
      [
        'FORWARD filter/KUBE-FORWARD #3',
        `=> ACCEPT forward out=eth0 tcp ${DNS}:53>${CLIENT}:40605`,
        `=> ACCEPT forward out=cni0 tcp ${CNI0}:40605>${POD2}:5353`,
      ],
    );
  });
});
