// Simulator vs kernel: every hook path (local in, forward, local out, loopback) and the order of
// the tables at each hook under iptables-nft.
import { describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, OUTSIDE, POD1, icmp, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

const PROBES = `*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -i lo -m comment --comment in-lo -j ACCEPT
-A INPUT -i eth0 -p tcp -m tcp --dport 22 -j ACCEPT
-A INPUT -p udp -m udp --dport 53 -m comment --comment in-dns -j ACCEPT
-A FORWARD -i eth0 -o cni0 -d 10.244.1.0/24 -j ACCEPT
-A FORWARD -i cni0 -o eth0 -j ACCEPT
-A OUTPUT -o eth0 -p udp -m udp --dport 53 -m comment --comment out-dns
-A OUTPUT -o lo -m comment --comment out-lo
COMMIT
`;

// A probe in every built-in chain of every table. The nat probes carry a conntrack match: without
// one (or a NAT target) conntrack stays off and the kernel never walks a nat chain.
function allTables(natProbe = '-m conntrack --ctstate NEW '): string {
  const chains: Record<string, string[]> = {
    raw: ['PREROUTING', 'OUTPUT'],
    mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
    nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
    filter: ['INPUT', 'FORWARD', 'OUTPUT'],
    security: ['INPUT', 'FORWARD', 'OUTPUT'],
  };
  return Object.entries(chains)
    .map(([table, names]) =>
      [
        `*${table}`,
        ...names.map((c) => `:${c} ACCEPT [0:0]`),
        ...names.map(
          (c) =>
            `-A ${c} ${table === 'nat' ? natProbe : ''}-m comment --comment ${table}-${c.toLowerCase()}`,
        ),
        'COMMIT',
      ].join('\n'),
    )
    .join('\n')
    .concat('\n');
}

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: hook paths'), () => {
  it('local in: a TCP SYN to the host is accepted by filter INPUT', async () => {
    await expectAgreement({ rules: PROBES, packets: [tcp('peer', CLIENT, HOST, 40100, 22)] }, [
      'INPUT filter/INPUT #2',
    ]);
  });

  it('local in: a port nothing accepts meets the INPUT DROP policy', async () => {
    await expectAgreement({ rules: PROBES, packets: [tcp('peer', CLIENT, HOST, 40101, 23)] }, [
      'INPUT filter/INPUT policy DROP',
    ]);
  });

  it('forward: outside to a pod is routed eth0 → cni0 through FORWARD', async () => {
    await expectAgreement({ rules: PROBES, packets: [tcp('peer', CLIENT, POD1, 40102, 8080)] }, [
      'FORWARD filter/FORWARD #1',
    ]);
  });

  it('forward: a pod to the internet leaves by eth0', async () => {
    await expectAgreement({ rules: PROBES, packets: [udp('pod1', POD1, OUTSIDE, 40103, 53)] }, [
      'FORWARD filter/FORWARD #2',
    ]);
  });

  it('local out: a UDP packet from the host leaves by eth0', async () => {
    await expectAgreement({ rules: PROBES, packets: [udp('host', HOST, CLIENT, 40104, 53)] }, [
      'OUTPUT filter/OUTPUT #1',
    ]);
  });

  it('loopback: the host to 127.0.0.1 goes out lo and back in through PREROUTING and INPUT', async () => {
    await expectAgreement(
      { rules: PROBES, packets: [udp('host', '127.0.0.1', '127.0.0.1', 40105, 53)] },
      ['OUTPUT filter/OUTPUT #2', 'INPUT filter/INPUT #1'],
    );
  });

  it('loopback: an ICMP echo from the host to its own eth0 address', async () => {
    await expectAgreement({ rules: PROBES, packets: [icmp('host', HOST, HOST)] }, [
      'INPUT filter/INPUT #1',
    ]);
  });

  it('table order under nft: INPUT runs mangle → filter → nat → security', async () => {
    await expectAgreement({ rules: allTables(), packets: [udp('peer', CLIENT, HOST, 40106, 53)] }, [
      'INPUT security/INPUT #1',
      'INPUT nat/INPUT #1',
    ]);
  });

  it('table order under nft: forwarded and locally generated packets pass every table in priority order', async () => {
    await expectAgreement(
      {
        rules: allTables(),
        packets: [tcp('peer', CLIENT, POD1, 40107, 8080), icmp('host', HOST, CLIENT)],
      },
      ['FORWARD security/FORWARD #1', 'OUTPUT raw/OUTPUT #1', 'POSTROUTING nat/POSTROUTING #1'],
    );
  });

  it('a nat table with no NAT target and no conntrack match is never walked (conntrack is off)', async () => {
    const c = await expectAgreement(
      { rules: allTables(''), packets: [udp('peer', CLIENT, HOST, 40109, 53)] },
      ['INPUT security/INPUT #1'],
    );
    expect(c.kernel.flat().filter((l) => l.includes(' nat/'))).toEqual([]);
  });

  it('a built-in chain the dump does not declare is absent under nft (iptables-save shows it anyway)', async () => {
    const rules = `*filter
:INPUT ACCEPT [0:0]
-A INPUT -m comment --comment only-input
COMMIT
*mangle
:POSTROUTING ACCEPT [0:0]
COMMIT
`;
    await expectAgreement({ rules, packets: [tcp('peer', CLIENT, POD1, 40108, 8080)] }, [
      'POSTROUTING mangle/POSTROUTING policy ACCEPT',
    ]);
  });
});
