// Simulator vs kernel: statistic. Probabilities 0 and 1 are exact, so the simulator's trace must
// equal the kernel's; a real random branch is checked against the simulator's enumeration: the
// kernel's walk must be one of the paths it lists, with a non-zero probability.
import { describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, POD1, POD2, SERVICE, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

const svc = (lines: string): string => `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:SVC - [0:0]
-A PREROUTING -d 10.96.0.10/32 -j SVC
${lines.trim()}
COMMIT
`;

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: statistic'), () => {
  it('probability 0 never matches and probability 1 always does', async () => {
    await expectAgreement(
      {
        rules:
          svc(`-A SVC -m statistic --mode random --probability 0.00000000000 -j DNAT --to-destination 10.244.1.5
-A SVC -m statistic --mode random --probability 1.00000000000 -j DNAT --to-destination 10.244.1.6`),
        packets: [tcp('peer', CLIENT, SERVICE, 40500, 80), udp('peer', CLIENT, SERVICE, 40501, 53)],
      },
      [`=> ACCEPT forward out=cni0 tcp ${CLIENT}:40500>${POD2}:80`, 'PREROUTING nat/SVC #2'],
    );
  });

  it('sampled: three endpoints the kube-proxy way; the kernel’s pick is one of the simulator’s paths', async () => {
    const c = await expectAgreement(
      {
        rules:
          svc(`-A SVC -m statistic --mode random --probability 0.33333333349 -j DNAT --to-destination 10.244.1.5
-A SVC -m statistic --mode random --probability 0.50000000000 -j DNAT --to-destination 10.244.1.6
-A SVC -j DNAT --to-destination 10.244.1.7`),
        // three new connections: three independent draws
        packets: [40502, 40503, 40504].map((port) => tcp('peer', CLIENT, SERVICE, port, 80)),
        random: true,
      },
      ['PREROUTING nat/SVC'],
    );
    // 27 combinations of three endpoints, each with a non-zero probability
    expect(c.paths?.count).toBe(27);
    expect(c.paths?.matched).toBeGreaterThan(0);
    expect(c.paths?.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('sampled: the reply and the next packet follow the connection’s endpoint, not a new draw', async () => {
    const c = await expectAgreement(
      {
        rules:
          svc(`-A SVC -m statistic --mode random --probability 0.50000000000 -j DNAT --to-destination 10.244.1.5
-A SVC -j DNAT --to-destination 10.244.1.6`),
        packets: [
          udp('peer', CLIENT, SERVICE, 40505, 53),
          udp('peer', CLIENT, SERVICE, 40505, 53),
          udp('peer', CLIENT, SERVICE, 40506, 53),
        ],
        random: true,
      },
      ['PREROUTING nat/SVC'],
    );
    // two draws only: the second packet of a connection walks no nat chain
    expect(c.paths?.count).toBe(4);
    expect(c.paths?.matched).toBe(0.25);
  });

  it('nth: every second new connection goes to the first endpoint', async () => {
    await expectAgreement(
      {
        rules:
          svc(`-A SVC -m statistic --mode nth --every 2 --packet 0 -j DNAT --to-destination 10.244.1.5
-A SVC -j DNAT --to-destination 10.244.1.6`),
        packets: [40507, 40508, 40509].map((port) => udp('peer', CLIENT, SERVICE, port, 53)),
      },
      [
        `=> ACCEPT forward out=cni0 udp ${CLIENT}:40507>${POD1}:53`,
        `=> ACCEPT forward out=cni0 udp ${CLIENT}:40508>${POD2}:53`,
      ],
    );
  });
});
