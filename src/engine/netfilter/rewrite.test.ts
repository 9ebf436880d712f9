/**
 * Header rewrites in the simulator: a mangle target changes the packet, the trace shows the field
 * before and after, and a later rule of a later table reads the new value. Also the TTL a
 * forwarded packet loses, and a packet with no hop left that never reaches FORWARD.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from './simulate.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';
import { describeStep } from './trace-text.ts';
import type { TraceStep } from './trace.ts';

const host = hostOf(NODE_HOST);

const MANGLE = `*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
`;
const FILTER = `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
`;

/** The rewrites as the CLI prints them, and which rules (by comment) matched. */
function run(ruleText: string, packet: Record<string, unknown>) {
  const t = simulate(rules(ruleText), host, packetsOf([packet])).packets[0]!;
  const rewrites = t.steps.filter((s) => s.kind === 'rewrite').map((s) => describeStep(s).trim());
  const matched = t.steps
    .filter((s): s is Extract<TraceStep, { kind: 'rule' }> => s.kind === 'rule' && s.matched)
    .map((s) => /--comment (\S+)/.exec(s.ruleText)?.[1])
    .filter(Boolean);
  return { trace: t, rewrites, matched };
}

const toHost = { in: 'eth0', proto: 'udp', src: '192.168.1.100', dst: '192.168.1.10', dport: 53 };
const toPod = { ...toHost, dst: '10.244.1.5' };

describe('TTL', () => {
  it('set in mangle PREROUTING is what filter INPUT matches', () => {
    const r = run(
      `${MANGLE}-A PREROUTING -j TTL --ttl-set 5\nCOMMIT\n${FILTER}-A INPUT -m ttl --ttl-eq 5 -m comment --comment five\n-A INPUT -m ttl --ttl-eq 64 -m comment --comment sixty-four\nCOMMIT\n`,
      toHost,
    );
    expect(r.rewrites).toEqual(['TTL: TTL 64 → 5']);
    expect(r.matched).toEqual(['five']);
    const step = r.trace.steps.find((s) => s.kind === 'rewrite')!;
    expect(step).toMatchObject({ table: 'mangle', chain: 'PREROUTING', rule: 1, target: 'TTL' });
    expect(step.packet.ttl).toBe(5);
  });

  it('stops at 0 and 255', () => {
    const dec = `${MANGLE}-A PREROUTING -j TTL --ttl-dec 10\nCOMMIT\n`;
    expect(run(dec, { ...toHost, ttl: 3 }).rewrites).toEqual(['TTL: TTL 3 → 0']);
    const inc = `${MANGLE}-A PREROUTING -j TTL --ttl-inc 10\nCOMMIT\n`;
    expect(run(inc, { ...toHost, ttl: 250 }).rewrites).toEqual(['TTL: TTL 250 → 255']);
  });

  it('a forwarded packet loses one before FORWARD; with none left it is dropped before it', () => {
    const text = `${FILTER}-A FORWARD -m ttl --ttl-eq 63 -m comment --comment lost-one\nCOMMIT\n`;
    const r = run(text, toPod);
    expect(r.rewrites).toEqual(['kernel: TTL 64 → 63 (a forwarded packet loses one hop)']);
    expect(r.matched).toEqual(['lost-one']);
    const last = run(text, { ...toPod, ttl: 1 }).trace;
    expect(last.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });
    expect(last.result.reason).toContain('time exceeded');
    expect(last.steps.some((s) => s.kind === 'hook-enter' && s.hook === 'FORWARD')).toBe(false);
  });
});

describe('DSCP, TOS and ECN', () => {
  it('DSCP keeps the ECN bits; -m dscp, -m tos and -m ecn read the new byte', () => {
    const r = run(
      `${MANGLE}-A PREROUTING -j DSCP --set-dscp-class EF\nCOMMIT\n${FILTER}-A INPUT -m dscp --dscp 0x2e -m comment --comment ef\n-A INPUT -m tos --tos 0xb9 -m comment --comment b9\n-A INPUT -m ecn --ecn-ip-ect 1 -m comment --comment ect1\nCOMMIT\n`,
      { ...toHost, tos: 1 },
    );
    expect(r.rewrites).toEqual(['DSCP: DSCP 0x00 (CS0) → 0x2e (EF)']);
    expect(r.matched).toEqual(['ef', 'b9', 'ect1']);
  });

  it('TOS: tos = (tos AND NOT mask) XOR value, for each form', () => {
    const cases: [string, number, string][] = [
      ['--set-tos 0x10/0x3f', 0xff, 'TOS 0xff → 0xd0'],
      ['--and-tos 0x0f', 0xff, 'TOS 0xff → 0x0f'],
      ['--or-tos 0x20', 0x04, 'TOS 0x04 → 0x24'],
      ['--xor-tos 0x41', 0x01, 'TOS 0x01 → 0x40'],
    ];
    for (const [opts, tos, want] of cases)
      expect(
        run(`${MANGLE}-A PREROUTING -j TOS ${opts}\nCOMMIT\n`, { ...toHost, tos }).rewrites,
      ).toEqual([`TOS: ${want}`]);
  });

  it('-m tos compares the masked byte with the value as written', () => {
    const text = `${FILTER}-A INPUT -m tos --tos 0x10/0x03 -m comment --comment never\n-A INPUT -m tos --tos 0x10/0xf0 -m comment --comment high\nCOMMIT\n`;
    expect(run(text, { ...toHost, tos: 0x13 }).matched).toEqual(['high']);
  });

  it('ECN --ecn-tcp-remove clears ECE and CWR, which -m ecn then reads', () => {
    const r = run(
      `${MANGLE}-A PREROUTING -p tcp -j ECN --ecn-tcp-remove\nCOMMIT\n${FILTER}-A INPUT -p tcp -m ecn --ecn-tcp-ece -m comment --comment ece\n-A INPUT -p tcp -m ecn ! --ecn-tcp-ece ! --ecn-tcp-cwr -m comment --comment none\nCOMMIT\n`,
      { ...toHost, proto: 'tcp', dport: 80, tcpFlags: 'SYN,ECE,CWR' },
    );
    expect(r.rewrites).toEqual(['ECN: TCP ECN flags ECE,CWR → no ECE/CWR']);
    expect(r.matched).toEqual(['none']);
    expect(r.trace.steps.at(-1)!.packet.tcpFlags).toBe('SYN');
  });

  it('ECN --ecn-ip-ect sets the IP field only', () => {
    const r = run(`${MANGLE}-A PREROUTING -j ECN --ecn-ip-ect 3\nCOMMIT\n`, {
      ...toHost,
      dscp: 'AF41',
    });
    expect(r.rewrites).toEqual(['ECN: ECN 0 (Not-ECT) → 3 (CE)']);
    expect(r.trace.steps.at(-1)!.packet.tos).toBe(0x8b);
  });
});

describe('TCPMSS and CLASSIFY', () => {
  const syn = { ...toPod, proto: 'tcp', dport: 80, tcpFlags: 'SYN' };
  const mss = (opt: string) => `${MANGLE}-A FORWARD -p tcp -j TCPMSS ${opt}\nCOMMIT\n`;

  it('never raises an MSS, lowers a larger one', () => {
    expect(run(mss('--set-mss 1400'), { ...syn, mss: 1460 }).rewrites.at(-1)).toBe(
      'TCPMSS: MSS 1460 → 1400',
    );
    expect(run(mss('--set-mss 1400'), { ...syn, mss: 1300 }).rewrites).toEqual([
      'kernel: TTL 64 → 63 (a forwarded packet loses one hop)',
    ]);
    // the host file gives no MTU: 1500 is assumed, and said
    const clamp = run(mss('--clamp-mss-to-pmtu'), { ...syn, mss: 1500 });
    expect(clamp.rewrites.at(-1)).toBe('TCPMSS: MSS 1500 → 1460');
    expect(clamp.trace.steps.some((s) => s.kind === 'target' && s.note.includes('1500'))).toBe(
      true,
    );
  });

  it('adds the option (at most 536) to a segment with nothing past its header', () => {
    const r = run(
      `${mss('--set-mss 1200')}${FILTER}-A FORWARD -m length --length 44 -m comment --comment grew\nCOMMIT\n`,
      { ...syn, length: 40 },
    );
    expect(r.rewrites.slice(1)).toEqual(['TCPMSS: MSS none → 536', 'TCPMSS: length 40 → 44']);
    expect(r.matched).toEqual(['grew']);
  });

  it('CLASSIFY sets the priority the packet carries on', () => {
    const r = run(`${MANGLE}-A POSTROUTING -j CLASSIFY --set-class 1:10\nCOMMIT\n`, toPod);
    expect(r.rewrites.at(-1)).toBe('CLASSIFY: priority 0:0 → 1:10');
    expect(r.trace.steps.at(-1)!.packet.priority).toBe(0x10010);
  });
});
