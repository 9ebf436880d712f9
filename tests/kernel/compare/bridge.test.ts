// Simulator vs kernel: pods on one bridge with bridge netfilter on (a Service DNATed back onto
// cni0 is bridged, not routed), bridge netfilter off (routed), and ip_forward off.
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, POD1, POD2, SERVICE, tcp, topology } from './packets.ts';

const env = kernelEnvironment();

const RULES = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.6:8080
-A PREROUTING -d 10.96.0.11/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
-A POSTROUTING -s 10.244.1.0/24 ! -d 10.244.1.0/24 -j MASQUERADE
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -i cni0 -o cni0 -m comment --comment same-bridge -j ACCEPT
-A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new -j ACCEPT
COMMIT
`;

const SELF_SERVICE = '10.96.0.11';

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: bridge and forwarding'), () => {
  it('bridge netfilter on: pod → Service → pod on the same cni0 is bridged through FORWARD (cni0 → cni0)', async () => {
    await expectAgreement({ rules: RULES, packets: [tcp('pod1', POD1, SERVICE, 40700, 80)] }, [
      'FORWARD filter/FORWARD #1',
      `=> ACCEPT forward out=cni0 tcp ${POD1}:40700>${POD2}:8080`,
    ]);
  });

  it('bridge netfilter on: a pod reaching itself through its Service without hairpin is lost after PREROUTING', async () => {
    await expectAgreement({ rules: RULES, packets: [tcp('pod1', POD1, SELF_SERVICE, 40701, 80)] }, [
      'PREROUTING nat/PREROUTING #2',
      '=> LOST',
    ]);
  });

  it('bridge netfilter on: with hairpin the pod reaches itself', async () => {
    await expectAgreement(
      {
        rules: RULES,
        topology: topology((t) => t.bridges[0] && (t.bridges[0].hairpin = true)),
        packets: [tcp('pod1', POD1, SELF_SERVICE, 40702, 80)],
      },
      [`=> ACCEPT forward out=cni0 tcp ${POD1}:40702>${POD1}:8080`],
    );
  });

  it('bridge netfilter off: pod → Service → pod is routed (FORWARD cni0 → cni0 all the same)', async () => {
    await expectAgreement(
      {
        rules: RULES,
        topology: topology((t) => (t.bridgeNetfilter = false)),
        packets: [
          tcp('pod1', POD1, SERVICE, 40703, 80),
          tcp('pod2', POD2, SELF_SERVICE, 40704, 80),
        ],
      },
      ['FORWARD filter/FORWARD #1', `=> ACCEPT forward out=cni0 tcp ${POD2}:40704>${POD1}:8080`],
    );
  });

  it('ip_forward off: a packet for a pod walks PREROUTING (with its DNAT) and goes no further', async () => {
    await expectAgreement(
      {
        rules: RULES,
        topology: topology((t) => (t.ipForward = false)),
        packets: [tcp('peer', CLIENT, SERVICE, 40705, 80), tcp('peer', CLIENT, POD1, 40706, 80)],
      },
      ['PREROUTING nat/PREROUTING #1', '=> LOST'],
    );
  });

  it('ip_forward off: the host itself is still reachable', async () => {
    await expectAgreement(
      {
        rules: RULES,
        topology: topology((t) => (t.ipForward = false)),
        packets: [tcp('peer', CLIENT, HOST, 40707, 22)],
      },
      [`=> ACCEPT local out=- tcp ${CLIENT}:40707>${HOST}:22`],
    );
  });
});
