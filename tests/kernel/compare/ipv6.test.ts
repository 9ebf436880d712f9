// Simulator vs kernel over IPv6: the lab of ipv6Topology (tests/kernel/topology.ts), rules loaded
// with ip6tables-restore, packets sent as IPv6, the kernel's trace read from xtables-monitor.
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { ipv6Topology } from '../topology.ts';
import { expectAgreement } from './compare.ts';
import { tcp } from './packets.ts';

const env = kernelEnvironment();

const CLIENT = 'fd00:50::100';
const HOST = 'fd00:50::10';
const POD1 = 'fd00:244:1::5';
const SERVICE = 'fd00:96::10';

const nat = (lines: string): string => `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
${lines.trim()}
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new
COMMIT
`;

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: IPv6'), () => {
  it('DNAT to [addr]:port in PREROUTING: forwarded out cni0 to the pod', async () => {
    await expectAgreement(
      {
        topology: ipv6Topology(),
        rules: nat(
          `-A PREROUTING -d ${SERVICE}/128 -p tcp -m tcp --dport 80 -j DNAT --to-destination [${POD1}]:8080`,
        ),
        packets: [tcp('peer', CLIENT, SERVICE, 40200, 80)],
      },
      [
        'PREROUTING nat/PREROUTING #1',
        `=> ACCEPT forward out=cni0 tcp [${CLIENT}]:40200>[${POD1}]:8080`,
      ],
    );
  });
  void HOST;
});
