// Simulator vs kernel over IPv6: the lab of ipv6Topology (tests/kernel/topology.ts), rules loaded
// with ip6tables-restore, packets sent as IPv6, the kernel's trace read from nft's monitor
// (nft-trace.ts). nft shows a packet's mark only at a chain's policy or end, so these scenarios
// set no marks; the kube-proxy rules, which do, are proved with real connections
// (journeys/journeys.test.ts, dual-stack).
import { describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { ipv6Topology } from '../topology.ts';
import { expectAgreement } from './compare.ts';
import { tcp, udp } from './packets.ts';

const env = kernelEnvironment();

// Addresses of ipv6Topology.
const CLIENT = 'fd00:50::100';
const NODE = 'fd00:50::11';
const HOST = 'fd00:50::10';
const POD1 = 'fd00:244:1::5';
const SERVICE = 'fd00:96::10';
const OUTSIDE = '2001:db8:9::9';

const tables = (nat: string, filter: string, mangle = ''): string =>
  `*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
${mangle.trim()}
COMMIT
*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
${nat.trim()}
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
${filter.trim()}
COMMIT
`.replace(/\n\n/g, '\n');

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: IPv6'), () => {
  it('DNAT to [addr]:port in PREROUTING, MASQUERADE to the way out: both rewrites as the kernel makes them', async () => {
    await expectAgreement(
      {
        topology: ipv6Topology(),
        rules: tables(
          `-A PREROUTING -d ${SERVICE}/128 -p tcp -m tcp --dport 80 -j DNAT --to-destination [${POD1}]:8080
-A POSTROUTING -s fd00:244:1::/64 -o eth0 -j MASQUERADE`,
          `-A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new`,
        ),
        packets: [tcp('peer', CLIENT, SERVICE, 40200, 80), tcp('pod1', POD1, OUTSIDE, 41000, 443)],
      },
      [
        'PREROUTING nat/PREROUTING #1',
        `=> ACCEPT forward out=cni0 tcp [${CLIENT}]:40200>[${POD1}]:8080`,
        'POSTROUTING nat/POSTROUTING #1 -A POSTROUTING -s fd00:244:1::/64 -o eth0 -j MASQUERADE',
        `=> ACCEPT forward out=eth0 tcp [${HOST}]:41000>[${OUTSIDE}]:443`,
      ],
    );
  });

  it('REJECT with icmp6-port-unreachable, tcp-reset, icmp6-adm-prohibited and by default, and a DROP: the kernel sends what the engine names', async () => {
    const c = await expectAgreement(
      {
        topology: ipv6Topology(),
        rules: tables(
          '',
          `-A FORWARD -p tcp -m tcp --dport 8082 -j REJECT --reject-with icmp6-port-unreachable
-A FORWARD -p tcp -m tcp --dport 8083 -j REJECT --reject-with tcp-reset
-A FORWARD -p tcp -m tcp --dport 8084 -j DROP
-A FORWARD -p tcp -m tcp --dport 8085 -j REJECT --reject-with icmp6-adm-prohibited
-A FORWARD -p tcp -m tcp --dport 8086 -j REJECT`,
        ),
        packets: [
          tcp('peer', CLIENT, POD1, 40300, 8082),
          tcp('peer', CLIENT, POD1, 40301, 8083),
          tcp('peer', CLIENT, POD1, 40302, 8084),
          tcp('peer', CLIENT, POD1, 40303, 8085),
          tcp('peer', CLIENT, POD1, 40304, 8086),
        ],
      },
      [
        `=> REJECT rejected out=- tcp [${CLIENT}]:40300>[${POD1}]:8082`,
        `=> REJECT rejected out=- tcp [${CLIENT}]:40301>[${POD1}]:8083`,
        `=> DROP dropped out=- tcp [${CLIENT}]:40302>[${POD1}]:8084`,
      ],
    );
    // the packet each REJECT sent back (traced under its own id), and what the engine says it sends
    const sentBack = c.kernelRun.packets.map((p) =>
      p.runs.some((r) => r.relation === 'other')
        ? (
            /icmpv6 type (\S+) icmpv6 code (\S+)|tcp flags == (\S+)/.exec(
              p.raw.split('\n').find((l) => l.includes('trace_out packet:')) ?? '',
            ) ?? []
          )
            .slice(1)
            .filter(Boolean)
            .join(' ')
        : 'nothing',
    );
    expect(sentBack).toEqual([
      'destination-unreachable port-unreachable',
      '0x14', // RST|ACK
      'nothing',
      'destination-unreachable admin-prohibited',
      'destination-unreachable port-unreachable',
    ]);
    const engine = c.simulation.packets.map(
      (p) => p.steps.find((s) => s.kind === 'verdict')?.rejectWith ?? null,
    );
    expect(engine).toEqual([
      'icmp6-port-unreachable',
      'tcp-reset',
      null,
      'icmp6-adm-prohibited',
      'icmp6-port-unreachable', // ip6tables' default, as the kernel showed
    ]);
  });

  it('an inet6 hash:net set with a nomatch member, and -m hl before and after forwarding', async () => {
    await expectAgreement(
      {
        topology: ipv6Topology(),
        ipsetText: `create nets6 hash:net family inet6 hashsize 1024 maxelem 65536
add nets6 fd00:50::/64
add nets6 ${CLIENT} nomatch
`,
        rules: tables(
          '',
          `-A FORWARD -p udp -m set --match-set nets6 src -j DROP
-A FORWARD -p tcp -m hl --hl-lt 10 -j DROP
-A FORWARD -p tcp -m hl --hl-eq 63 -m comment --comment hl-63`,
          '-A PREROUTING -p tcp -m hl --hl-eq 64 -m comment --comment hl-64',
        ),
        packets: [
          udp('peer', CLIENT, POD1, 40400, 53),
          udp('peer', NODE, POD1, 40401, 53),
          tcp('peer', CLIENT, POD1, 40402, 8080),
          { ...tcp('peer', CLIENT, POD1, 40403, 8080), ttl: 10 },
        ],
      },
      [
        `=> ACCEPT forward out=cni0 udp [${CLIENT}]:40400>[${POD1}]:53`,
        `=> DROP dropped out=- udp [${NODE}]:40401>[${POD1}]:53`,
        'FORWARD filter/FORWARD #3',
        'PREROUTING mangle/PREROUTING #1',
        `=> DROP dropped out=- tcp [${CLIENT}]:40403>[${POD1}]:8080`,
      ],
    );
  });

  it('REDIRECT and DNAT in OUTPUT over IPv6, and an ICMPv6 echo forwarded', async () => {
    await expectAgreement(
      {
        topology: ipv6Topology(),
        rules: tables(
          `-A PREROUTING -p tcp -m tcp --dport 80 -j REDIRECT --to-ports 3128
-A OUTPUT -d ${SERVICE}/128 -p tcp -m tcp --dport 80 -j DNAT --to-destination [${POD1}]:8080`,
          `-A FORWARD -p ipv6-icmp -m icmp6 --icmpv6-type echo-request -m comment --comment echo`,
        ),
        packets: [
          tcp('pod1', POD1, OUTSIDE, 40500, 80),
          tcp('host', HOST, SERVICE, 40501, 80),
          { from: 'peer', proto: 'icmpv6', src: CLIENT, dst: POD1, icmpType: 128 },
        ],
      },
      [
        `=> ACCEPT local out=- tcp [${POD1}]:40500>[fd00:244:1::1]:3128`,
        `=> ACCEPT output out=cni0 tcp [${HOST}]:40501>[${POD1}]:8080`,
        'FORWARD filter/FORWARD #1',
      ],
    );
  });
});
