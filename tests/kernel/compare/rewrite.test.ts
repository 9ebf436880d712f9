// Simulator vs kernel: targets that rewrite the packet. In each scenario a mangle rule changes a
// header field (or the mark), and a later rule — in a later table or hook — matches only on the
// new value, so the kernel's trace shows that rule exactly when the rewrite happened; the
// simulator must walk the same rules. The TTL a forwarded packet loses is part of it. CLASSIFY
// sets skb->priority, which no rule matches and the trace does not show: an htb qdisc on the way
// out classifies by it (this kernel has no prio qdisc), and its counters are compared with the simulator's value.
//
// HL (ip6tables' TTL) has no scenario: the simulator runs IPv4 packets only (its packet holds an
// IPv4 address; an ip6tables dump is read, printed and explained, not simulated), so there is no
// simulated walk to compare a kernel walk with. Its reading and printing are unit-tested (HL.test).
import { describe, expect, it } from 'vitest';
import type { PacketTrace } from '../../../src/engine/netfilter/index.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { run } from '../run.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, POD1, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

const MANGLE_HEAD = `*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
`;
const FILTER_HEAD = `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
`;

/** The skb->priority the simulator's packet has after its last step. */
function lastPriority(trace: PacketTrace): number {
  let priority = 0;
  for (const step of trace.steps) if ('packet' in step) priority = step.packet.priority ?? 0;
  return priority;
}

/** How many packets `tc -s class show` counted in a class. */
function classPackets(tcText: string, id: string): number {
  const m = new RegExp(`class htb ${id} [^\\n]*\\n\\s*Sent \\d+ bytes (\\d+) pkt`).exec(tcText);
  if (!m) throw new Error(`no class ${id} in:\n${tcText}`);
  return Number(m[1]);
}

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: header rewrites'), () => {
  it('CLASSIFY: an htb qdisc on the way out counts the packet in the class the rule set', async () => {
    const c = await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A POSTROUTING -p udp -m udp --dport 6001 -j CLASSIFY --set-class 1:2
COMMIT
`,
        packets: [udp('peer', CLIENT, POD1, 46001, 6001), udp('peer', CLIENT, POD1, 46002, 6002)],
        // an htb class whose id is the packet's priority takes it; any other goes to 1:1
        prepare: (ns) => {
          const tc = (...words: string[]) => run(['tc', '-n', ns('host'), ...words]);
          tc('qdisc', 'add', 'dev', 'cni0', 'root', 'handle', '1:', 'htb', 'default', '1');
          for (const id of ['1:1', '1:2'])
            tc(
              'class',
              'add',
              'dev',
              'cni0',
              'parent',
              '1:',
              'classid',
              id,
              'htb',
              'rate',
              '100mbit',
            );
        },
        inspect: (ns) => run(['tc', '-n', ns('host'), '-s', 'class', 'show', 'dev', 'cni0']).stdout,
      },
      ['POSTROUTING mangle/POSTROUTING #1'],
    );
    const simulated = c.simulation.packets.map(lastPriority);
    expect(simulated).toEqual([0x10002, 0]);
    const tc = c.kernelRun.inspected ?? '';
    expect(classPackets(tc, '1:2')).toBe(1);
    // the other packet (and any ARP) went to the default class
    expect(classPackets(tc, '1:1')).toBeGreaterThanOrEqual(1);
  });

  it('TTL: set, raised and lowered in mangle, read by -m ttl later; forwarding takes one more', async () => {
    await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A PREROUTING -p udp -m udp --dport 1001 -j TTL --ttl-set 5
-A PREROUTING -p udp -m udp --dport 1002 -j TTL --ttl-inc 10
-A PREROUTING -p udp -m udp --dport 1003 -j TTL --ttl-dec 3
-A POSTROUTING -m ttl --ttl-eq 4 -m comment --comment post-ttl-4
COMMIT
${FILTER_HEAD}-A INPUT -m ttl --ttl-eq 5 -m comment --comment in-ttl-5
-A INPUT -m ttl --ttl-gt 25 -m comment --comment in-ttl-above-25
-A INPUT -m ttl --ttl-lt 18 -m comment --comment in-ttl-below-18
-A INPUT -m ttl ! --ttl-eq 64 -m comment --comment in-ttl-not-64
-A FORWARD -m ttl --ttl-eq 5 -m comment --comment fwd-ttl-5
-A FORWARD -m ttl --ttl-eq 4 -m comment --comment fwd-ttl-4
COMMIT
`,
        packets: [
          udp('peer', CLIENT, HOST, 41001, 1001),
          udp('peer', CLIENT, HOST, 41002, 1002, { ttl: 20 }),
          udp('peer', CLIENT, HOST, 41003, 1003, { ttl: 20 }),
          udp('peer', CLIENT, POD1, 41004, 1001),
          udp('peer', CLIENT, HOST, 41005, 1009),
          // no hop left: the kernel answers time exceeded and FORWARD never runs
          udp('peer', CLIENT, POD1, 41006, 1009, { ttl: 1 }),
        ],
      },
      [
        'INPUT filter/INPUT #1 -A INPUT -m ttl --ttl-eq 5',
        'INPUT filter/INPUT #2',
        'INPUT filter/INPUT #3',
        'FORWARD filter/FORWARD #2',
        'POSTROUTING mangle/POSTROUTING #1',
        '=> LOST (no verdict)',
      ],
    );
  });

  it('DSCP and TOS: every form rewrites the byte that -m dscp, -m tos and -m ecn read', async () => {
    await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A PREROUTING -p udp -m udp --dport 2001 -j DSCP --set-dscp-class EF
-A PREROUTING -p udp -m udp --dport 2002 -j TOS --set-tos 0x10/0x3f
-A PREROUTING -p udp -m udp --dport 2003 -j TOS --and-tos 0x0f
-A PREROUTING -p udp -m udp --dport 2004 -j TOS --or-tos 0x20
-A PREROUTING -p udp -m udp --dport 2005 -j TOS --xor-tos 0x41
-A INPUT -p udp -j CHECKSUM --checksum-fill
COMMIT
${FILTER_HEAD}-A INPUT -m dscp --dscp-class EF -m comment --comment dscp-ef
-A INPUT -m tos --tos 0xb9 -m comment --comment tos-b9
-A INPUT -m ecn --ecn-ip-ect 1 -m comment --comment ect-1
-A INPUT -m tos --tos 0xd0 -m comment --comment tos-d0
-A INPUT -m tos --tos 0x0f -m comment --comment tos-0f
-A INPUT -m tos --tos 0x24/0x3f -m comment --comment tos-24-of-3f
-A INPUT -m dscp ! --dscp 0x00 -m comment --comment dscp-not-0
-A INPUT -m tos --tos 0x10/0x03 -m comment --comment value-not-masked
-A INPUT -m tos --tos 0x10/0xf0 -m comment --comment high-nibble
COMMIT
`,
        packets: [
          udp('peer', CLIENT, HOST, 42001, 2001, { tos: 0x01 }),
          udp('peer', CLIENT, HOST, 42002, 2002, { tos: 0xff }),
          udp('peer', CLIENT, HOST, 42003, 2003, { tos: 0xff }),
          udp('peer', CLIENT, HOST, 42004, 2004, { tos: 0x04 }),
          udp('peer', CLIENT, HOST, 42005, 2005, { tos: 0x00 }),
          // -m tos compares the masked byte with the value as written: 0x13 & 0x03 is not 0x10
          udp('peer', CLIENT, HOST, 42006, 2009, { tos: 0x13 }),
        ],
      },
      [
        'INPUT filter/INPUT #1',
        'INPUT filter/INPUT #2',
        'INPUT filter/INPUT #4',
        'INPUT filter/INPUT #5',
        'INPUT filter/INPUT #6',
        'INPUT filter/INPUT #9',
        'INPUT mangle/INPUT #1',
      ],
    );
  });

  it('ECN: --ecn-tcp-remove clears ECE and CWR, --ecn-ip-ect sets the IP field', async () => {
    await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A PREROUTING -p tcp -m tcp --dport 3001 -j ECN --ecn-tcp-remove
-A PREROUTING -p tcp -m tcp --dport 3002 -j ECN --ecn-tcp-ece 1 --ecn-ip-ect 3
COMMIT
${FILTER_HEAD}-A INPUT -p tcp -m ecn --ecn-tcp-ece -m comment --comment ece
-A INPUT -p tcp -m ecn --ecn-tcp-cwr -m comment --comment cwr
-A INPUT -p tcp -m ecn ! --ecn-tcp-ece ! --ecn-tcp-cwr -m comment --comment no-ecn-flags
-A INPUT -m ecn --ecn-ip-ect 3 -m comment --comment ce
COMMIT
`,
        packets: [
          tcp('peer', CLIENT, HOST, 43001, 3001, 'SYN,ECE,CWR'),
          tcp('peer', CLIENT, HOST, 43002, 3002, 'SYN'),
          tcp('peer', CLIENT, HOST, 43003, 3009, 'SYN,ECE,CWR'),
        ],
      },
      [
        'INPUT filter/INPUT #1',
        'INPUT filter/INPUT #2',
        'INPUT filter/INPUT #3',
        'INPUT filter/INPUT #4',
      ],
    );
  });

  it('TCPMSS: a SYN without the option gets one (at most 536) and is 4 bytes longer', async () => {
    await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A FORWARD -p tcp -m tcp --tcp-flags SYN,RST SYN -j TCPMSS --set-mss 1200
COMMIT
${FILTER_HEAD}-A FORWARD -m length --length 44 -m comment --comment grew-to-44
-A FORWARD -m length --length 40 -m comment --comment still-40
COMMIT
`,
        packets: [{ ...tcp('peer', CLIENT, POD1, 44001, 80), length: 40 }],
      },
      ['FORWARD mangle/FORWARD #1', 'FORWARD filter/FORWARD #1'],
    );
  });

  it('MARK in every form and CONNMARK with masks: later tables see the new marks', async () => {
    await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A PREROUTING -p udp -m udp --dport 5001 -j MARK --set-mark 0x30/0xf0
-A PREROUTING -p udp -m udp --dport 5001 -j MARK --or-mark 0x5
-A PREROUTING -p udp -m udp --dport 5001 -j MARK --xor-mark 0x101
-A PREROUTING -p udp -m udp --dport 5001 -j MARK --and-mark 0xff0f
-A PREROUTING -p udp -m udp --dport 5001 -j CONNMARK --save-mark --nfmask 0xff --ctmask 0xf
-A PREROUTING -p udp -m udp --dport 5001 -j CONNMARK --set-xmark 0x700/0xf00
-A PREROUTING -p udp -m udp --dport 5001 -j CONNMARK --restore-mark --mask 0xf00
COMMIT
${FILTER_HEAD}-A INPUT -m connmark --mark 0x704 -m comment --comment ct-704
-A INPUT -m mark --mark 0x704 -m comment --comment mark-704
COMMIT
`,
        packets: [udp('peer', CLIENT, HOST, 45001, 5001)],
      },
      ['INPUT filter/INPUT #1', 'INPUT filter/INPUT #2 -A INPUT -m mark --mark 0x704'],
    );
  });

  it('MARK --set-xmark and CONNMARK without masks: set, or, xor, and, save and restore', async () => {
    await expectAgreement(
      {
        rules: `${MANGLE_HEAD}-A PREROUTING -p udp -m udp --dport 5002 -j MARK --set-xmark 0x12/0xff
-A PREROUTING -p udp -m udp --dport 5002 -j CONNMARK --set-mark 0x40
-A PREROUTING -p udp -m udp --dport 5002 -j CONNMARK --or-mark 0x1
-A PREROUTING -p udp -m udp --dport 5002 -j CONNMARK --xor-mark 0x3
-A PREROUTING -p udp -m udp --dport 5002 -j CONNMARK --and-mark 0xfe
-A PREROUTING -m connmark --mark 0x42 -m comment --comment ct-42
-A PREROUTING -p udp -m udp --dport 5002 -j CONNMARK --save-mark
-A PREROUTING -p udp -m udp --dport 5002 -j MARK --set-mark 0x99
-A PREROUTING -m connmark --mark 0x12 -m mark --mark 0x99 -m comment --comment saved-12
-A PREROUTING -p udp -m udp --dport 5002 -j CONNMARK --restore-mark
COMMIT
${FILTER_HEAD}-A INPUT -m mark --mark 0x12 -m comment --comment restored-12
COMMIT
`,
        packets: [udp('peer', CLIENT, HOST, 45002, 5002)],
      },
      [
        'PREROUTING mangle/PREROUTING #6',
        'PREROUTING mangle/PREROUTING #9',
        'INPUT filter/INPUT #1 -A INPUT -m mark --mark 0x12',
      ],
    );
  });
});
