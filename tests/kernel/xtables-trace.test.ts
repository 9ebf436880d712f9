// Parser tests on real `xtables-monitor --trace` output captured on kernel 6.18 / iptables 1.8.9
// (captures/*.txt, each one packet's lines; the rules they ran through are captures/*.rules).
// Pure: runs anywhere, no root needed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HARNESS_CHAINS } from './loader.ts';
import { readPacketTrace, type KernelPacket, type KernelStep } from './scenario.ts';
import { groupRuns, parsePacketFields, parseXtablesTrace } from './xtables-trace.ts';

const capture = (name: string): string =>
  readFileSync(new URL(`./captures/${name}`, import.meta.url), 'utf8');
const noIndex = { ruleIndex: () => null };

// Handles → positions for captures/chains.rules as nft listed them when chains-*.txt were taken.
const chainsIndex = {
  positions: {
    'filter/INPUT/6': 1,
    'filter/INPUT/7': 2,
    'filter/SUB/8': 1,
    'filter/SUB/9': 2,
    'filter/SUB/10': 3,
    'filter/SUB2/11': 1,
    'filter/SUB2/12': 2,
  } as Record<string, number>,
  ruleIndex(table: string, chain: string, handle: number): number | null {
    return this.positions[`${table}/${chain}/${handle}`] ?? null;
  },
};

/** One line per step: "HOOK table/chain #rule ruleText => VERDICT[:target]" or "… policy VERDICT". */
function lines(steps: readonly KernelStep[]): string[] {
  return steps.map((s) =>
    s.kind === 'policy'
      ? `${s.hook} ${s.table}/${s.chain} policy ${s.verdict}`
      : `${s.hook} ${s.table}/${s.chain} #${s.rule ?? '?'} ${s.ruleText} => ${s.verdict}${s.target ? `:${s.target}` : ''}`,
  );
}

const tcp = (
  from: string,
  src: string,
  dst: string,
  sport: number,
  dport: number,
  tcpFlags = 'SYN',
): KernelPacket => ({
  from,
  proto: 'tcp',
  src,
  dst,
  sport,
  dport,
  tcpFlags,
});

describe('parsePacketFields', () => {
  it('lifts interfaces, addresses, ports, TCP flags and the mark', () => {
    const p = parsePacketFields(
      'IN=eth0 OUT=cni0 MACSRC=6a:35:19:a9:92:85 MACDST=c2:c2:e0:36:12:9a MACPROTO=0800 SRC=192.168.50.100 DST=10.244.1.5 LEN=40 TOS=0x0 TTL=63 ID=4660 DF SPORT=40000 DPORT=8080 SYN ACK MARK=0x7 ',
    );
    expect(p).toMatchObject({
      iif: 'eth0',
      oif: 'cni0',
      src: '192.168.50.100',
      dst: '10.244.1.5',
      sport: 40000,
      dport: 8080,
      tcpFlags: ['SYN', 'ACK'],
      mark: 7,
      length: 40,
    });
    expect(p.fields['TTL']).toBe('63');
    expect(p.fields['DF']).toBe('');
  });

  it('leaves ports null for ICMP and the mark 0 when not printed', () => {
    const p = parsePacketFields(
      'OUT=eth0 SRC=192.168.50.10 DST=192.168.50.100 LEN=88 TOS=0xc0 TTL=64 ID=64546 ',
    );
    expect(p).toMatchObject({
      iif: null,
      oif: 'eth0',
      sport: null,
      dport: null,
      tcpFlags: [],
      mark: 0,
    });
  });

  it('keeps the LOOPBACK word of a packet that came in on lo', () => {
    const p = parsePacketFields(
      'IN=lo LOOPBACK SRC=192.168.50.10 DST=192.168.50.10 LEN=29 TOS=0x0 TTL=64 ID=17768 DF SPORT=40819 DPORT=53 ',
    );
    expect(p.iif).toBe('lo');
    expect(p.fields['LOOPBACK']).toBe('');
  });
});

describe('parseXtablesTrace', () => {
  it('reads rule, jump, goto, continue and policy events with the packet each chain saw', () => {
    const { events, unparsed } = parseXtablesTrace(capture('chains-2.txt'), HARNESS_CHAINS);
    expect(unparsed).toEqual([]);
    expect(
      events.map((e) => [
        e.hook,
        e.table,
        e.chain,
        e.type,
        e.handle,
        e.verdict,
        e.target,
        e.ruleText,
      ]),
    ).toEqual([
      [
        'PREROUTING',
        'nlk_harness',
        'trace_pre',
        'rule',
        6,
        'CONTINUE',
        null,
        '-A trace_pre -j TRACE',
      ],
      ['PREROUTING', 'nlk_harness', 'trace_pre', 'policy', null, 'ACCEPT', null, null],
      ['INPUT', 'filter', 'INPUT', 'rule', 6, 'JUMP', 'SUB', '-A INPUT -p tcp -j SUB'],
      [
        'INPUT',
        'filter',
        'SUB',
        'rule',
        10,
        'CONTINUE',
        null,
        '-A SUB -m comment --comment fallthrough',
      ],
      ['INPUT', 'filter', 'INPUT', 'rule', 7, 'GOTO', 'SUB2', '-A INPUT -p tcp -g SUB2'],
      [
        'INPUT',
        'filter',
        'SUB2',
        'rule',
        11,
        'CONTINUE',
        null,
        '-A SUB2 -p tcp -m tcp --dport 4 -j MARK --set-xmark 0x7/0xffffffff',
      ],
      [
        'INPUT',
        'filter',
        'SUB2',
        'rule',
        12,
        'CONTINUE',
        null,
        '-A SUB2 -p tcp -m tcp --dport 4 -j LOG --log-prefix "nlk "',
      ],
      ['INPUT', 'filter', 'INPUT', 'policy', null, 'ACCEPT', null, null],
      ['INPUT', 'nlk_harness', 'seen_local', 'rule', 9, 'DROP', null, '-A seen_local -j DROP'],
    ]);
    // The MARK set in filter INPUT shows in the next chain's packet, not in the chain that set it.
    expect(events.map((e) => e.packet?.mark)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 7]);
    expect(new Set(events.map((e) => e.traceId))).toEqual(new Set(['4e605c23']));
  });

  it('names RETURN, printed by xtables-monitor as the raw verdict 0xfffffffb', () => {
    const { events } = parseXtablesTrace(capture('chains-0.txt'), HARNESS_CHAINS);
    const ret = events.find((e) => e.chain === 'SUB');
    expect(ret).toMatchObject({
      verdict: 'RETURN',
      target: null,
      ruleText: '-A SUB -p tcp -m tcp --dport 1 -j RETURN',
    });
  });

  it('skips EVENT and NEWGEN lines and reports lines it does not know', () => {
    const text = [
      ' EVENT: -4 -t nlk_harness -N ready0',
      'NEWGEN: GENID=4 PID=21883 NAME=nft',
      'something else',
      '',
    ].join('\n');
    expect(parseXtablesTrace(text)).toEqual({ events: [], unparsed: ['something else'] });
  });
});

describe('groupRuns', () => {
  it('follows a walk whose trace id changes half-way (a packet that came in through the bridge)', () => {
    const { events } = parseXtablesTrace(capture('bridge-in-id-change.txt'), HARNESS_CHAINS);
    expect(groupRuns(events).map((r) => r.traceIds)).toEqual([['949aa1b7'], ['bb220fef']]);
    const starts = {
      startsRun: (e: (typeof events)[number]) => e.chain === 'trace_pre' || e.chain === 'trace_out',
      endsRun: () => false,
    };
    const runs = groupRuns(events, starts);
    expect(runs.map((r) => r.traceIds)).toEqual([['949aa1b7', 'bb220fef']]);
    expect(runs[0]?.events.map((e) => `${e.hook} ${e.table}`)).toEqual([
      'PREROUTING nlk_harness',
      'PREROUTING nlk_harness',
      'PREROUTING mangle',
      'PREROUTING nat',
      'FORWARD mangle',
      'FORWARD filter',
      'FORWARD filter',
      'POSTROUTING mangle',
      'POSTROUTING nat',
      'POSTROUTING nlk_harness',
      'POSTROUTING nlk_harness',
    ]);
  });
});

describe('readPacketTrace on captures', () => {
  it('forward with DNAT and MASQUERADE through every table, ignoring the IGMP report traced meanwhile', () => {
    const t = readPacketTrace(
      0,
      tcp('peer', '192.168.50.100', '10.96.0.10', 40000, 80),
      capture('forward-dnat-masquerade.txt'),
      noIndex,
    );
    expect(lines(t.steps)).toEqual([
      'PREROUTING raw/PREROUTING #? -A PREROUTING -m comment --comment raw-pre => CONTINUE',
      'PREROUTING raw/PREROUTING policy ACCEPT',
      'PREROUTING mangle/PREROUTING #? -A PREROUTING -m comment --comment mangle-pre => CONTINUE',
      'PREROUTING mangle/PREROUTING policy ACCEPT',
      'PREROUTING nat/PREROUTING #? -A PREROUTING -m comment --comment nat-pre => CONTINUE',
      'PREROUTING nat/PREROUTING #? -A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080 => ACCEPT',
      'FORWARD mangle/FORWARD #? -A FORWARD -m comment --comment mangle-fwd => CONTINUE',
      'FORWARD mangle/FORWARD policy ACCEPT',
      'FORWARD filter/FORWARD #? -A FORWARD -m comment --comment filter-fwd => CONTINUE',
      'FORWARD filter/FORWARD policy ACCEPT',
      'FORWARD security/FORWARD #? -A FORWARD -m comment --comment sec-fwd => CONTINUE',
      'FORWARD security/FORWARD policy ACCEPT',
      'POSTROUTING mangle/POSTROUTING #? -A POSTROUTING -m comment --comment mangle-post => CONTINUE',
      'POSTROUTING mangle/POSTROUTING policy ACCEPT',
      'POSTROUTING nat/POSTROUTING #? -A POSTROUTING -m comment --comment nat-post => CONTINUE',
      'POSTROUTING nat/POSTROUTING #? -A POSTROUTING -s 192.168.50.0/24 -o cni0 -j MASQUERADE => ACCEPT',
    ]);
    expect(t.steps[6]?.packet).toEqual({
      in: 'eth0',
      out: 'cni0',
      src: '192.168.50.100',
      sport: 40000,
      dst: '10.244.1.5',
      dport: 8080,
      mark: 0,
      // FORWARD: one hop fewer than the 64 it was sent with
      ttl: 63,
      tos: 0,
    });
    expect(t.result).toEqual({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'cni0',
      packet: { proto: 'tcp', src: '10.244.1.1', sport: 40000, dst: '10.244.1.5', dport: 8080 },
    });
    expect(t.runs.map((r) => [r.relation, r.origin])).toEqual([
      ['primary', 'PREROUTING'],
      ['other', 'OUTPUT'],
    ]);
  });

  it('a reply un-NATed on its way back, its trace id changing after PREROUTING', () => {
    const t = readPacketTrace(
      1,
      { ...tcp('pod1', '10.244.1.5', '10.244.1.1', 8080, 40000, 'SYN,ACK'), reply: true },
      capture('reply-id-change.txt'),
      noIndex,
    );
    expect(t.runs.map((r) => [r.relation, r.traceIds.length])).toEqual([['primary', 2]]);
    expect(t.steps.filter((s) => s.table === 'nat')).toEqual([]);
    expect(t.result).toEqual({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'eth0',
      packet: { proto: 'tcp', src: '10.96.0.10', sport: 80, dst: '192.168.50.100', dport: 40000 },
    });
  });

  it('jump, RETURN, goto and a goto chain falling off its end into the policy', () => {
    const t = readPacketTrace(
      0,
      tcp('peer', '192.168.50.100', '192.168.50.10', 43001, 1),
      capture('chains-0.txt'),
      chainsIndex,
    );
    expect(lines(t.steps)).toEqual([
      'INPUT filter/INPUT #1 -A INPUT -p tcp -j SUB => JUMP:SUB',
      'INPUT filter/SUB #1 -A SUB -p tcp -m tcp --dport 1 -j RETURN => RETURN',
      'INPUT filter/INPUT #2 -A INPUT -p tcp -g SUB2 => GOTO:SUB2',
      'INPUT filter/INPUT policy ACCEPT',
    ]);
    expect(t.result.fate).toBe('local');
  });

  it('a DROP in a user chain and a DROP policy', () => {
    const dropped = readPacketTrace(
      1,
      tcp('peer', '192.168.50.100', '192.168.50.10', 43002, 2),
      capture('chains-1.txt'),
      chainsIndex,
    );
    expect(lines(dropped.steps)).toEqual([
      'INPUT filter/INPUT #1 -A INPUT -p tcp -j SUB => JUMP:SUB',
      'INPUT filter/SUB #2 -A SUB -p tcp -m tcp --dport 2 -j DROP => DROP',
    ]);
    expect(dropped.result).toMatchObject({ verdict: 'DROP', fate: 'dropped', outInterface: null });
    const policy = readPacketTrace(
      3,
      tcp('peer', '192.168.50.100', '10.244.1.5', 43005, 5),
      capture('chains-3.txt'),
      chainsIndex,
    );
    expect(lines(policy.steps)).toEqual(['FORWARD filter/FORWARD policy DROP']);
    expect(policy.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });
  });

  it('REJECT: the rule reports DROP, its ICMP error is traced in full before the rule line', () => {
    const t = readPacketTrace(
      3,
      {
        from: 'peer',
        proto: 'udp',
        src: '192.168.50.100',
        dst: '192.168.50.10',
        sport: 41001,
        dport: 9,
      },
      capture('reject-udp.txt'),
      noIndex,
    );
    expect(lines(t.steps).at(-1)).toBe(
      'INPUT filter/INPUT #? -A INPUT -p udp -m udp --dport 9 -j REJECT --reject-with icmp-port-unreachable => DROP',
    );
    expect(t.result).toEqual({
      verdict: 'REJECT',
      fate: 'rejected',
      outInterface: null,
      packet: { proto: 'udp', src: '192.168.50.100', sport: 41001, dst: '192.168.50.10', dport: 9 },
    });
    const other = t.runs.find((r) => r.relation === 'other');
    expect(other?.origin).toBe('OUTPUT');
    expect(other?.steps[0]?.packet).toMatchObject({
      out: 'eth0',
      src: '192.168.50.10',
      dst: '192.168.50.100',
    });
  });

  it('local to local: OUTPUT and POSTROUTING out lo, then a new trace in on lo, the mark kept', () => {
    const t = readPacketTrace(
      5,
      {
        from: 'host',
        proto: 'udp',
        src: '192.168.50.10',
        dst: '192.168.50.10',
        sport: 41003,
        dport: 5000,
        mark: 7,
      },
      capture('loopback-mark.txt'),
      noIndex,
    );
    expect(t.runs.map((r) => [r.relation, r.origin])).toEqual([
      ['primary', 'OUTPUT'],
      ['loopback', 'PREROUTING'],
    ]);
    expect(lines(t.steps)).toEqual([
      'OUTPUT mangle/OUTPUT policy ACCEPT',
      'OUTPUT nat/OUTPUT policy ACCEPT',
      'OUTPUT filter/OUTPUT policy ACCEPT',
      'POSTROUTING mangle/POSTROUTING policy ACCEPT',
      'POSTROUTING nat/POSTROUTING #? -A POSTROUTING -j MASQUERADE => ACCEPT',
      'PREROUTING mangle/PREROUTING policy ACCEPT',
      'INPUT mangle/INPUT policy ACCEPT',
      'INPUT filter/INPUT #? -A INPUT -m mark --mark 0x7 -j ACCEPT => ACCEPT',
    ]);
    expect(t.steps.map((s) => s.packet?.mark)).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
    expect(t.result).toMatchObject({ verdict: 'ACCEPT', fate: 'local', outInterface: null });
  });

  it('DNAT in OUTPUT: filter OUTPUT still sees the old out interface, POSTROUTING the new one', () => {
    const t = readPacketTrace(
      3,
      tcp('host', '192.168.50.10', '10.96.0.10', 40003, 80),
      capture('output-dnat-reroute.txt'),
      noIndex,
    );
    const filterOut = t.steps.filter((s) => s.table === 'filter' && s.hook === 'OUTPUT');
    expect(filterOut.map((s) => s.ruleText)).toEqual([
      '-A OUTPUT -o eth0 -m comment --comment out-eth0',
      '-A OUTPUT -m conntrack --ctstate NEW -m comment --comment out-new',
      null,
    ]);
    expect(filterOut[0]?.packet).toMatchObject({ out: 'eth0', dst: '10.244.1.6', dport: 8080 });
    expect(t.result).toMatchObject({
      fate: 'output',
      outInterface: 'cni0',
      packet: { dst: '10.244.1.6', dport: 8080 },
    });
  });

  it('an ACK after a SYN with no reply is INVALID: no NAT, routed untranslated, and the host sends a redirect', () => {
    const t = readPacketTrace(
      1,
      tcp('peer', '192.168.50.100', '10.96.0.10', 40001, 80, 'ACK'),
      capture('invalid-ack-redirect.txt'),
      noIndex,
    );
    expect(lines(t.steps)).toEqual([
      'FORWARD filter/FORWARD #? -A FORWARD -m conntrack --ctstate INVALID -m comment --comment fwd-invalid => CONTINUE',
      'FORWARD filter/FORWARD policy ACCEPT',
    ]);
    expect(t.result).toMatchObject({
      fate: 'forward',
      outInterface: 'eth0',
      packet: { dst: '10.96.0.10', dport: 80 },
    });
  });
});

describe('toSimulatorPacket', () => {
  it('turns the sending namespace into the arrival interface, or local for the host', async () => {
    const { toSimulatorPacket } = await import('./simulator-input.ts');
    const { defaultTopology } = await import('./topology.ts');
    const spec = defaultTopology();
    expect(toSimulatorPacket(spec, tcp('peer', '192.168.50.100', '10.96.0.10', 40000, 80))).toEqual(
      {
        in: 'eth0',
        proto: 'tcp',
        src: '192.168.50.100',
        dst: '10.96.0.10',
        sport: 40000,
        dport: 80,
        tcpFlags: 'SYN',
      },
    );
    expect(
      toSimulatorPacket(spec, {
        from: 'pod2',
        proto: 'icmp',
        src: '10.244.1.6',
        dst: '172.16.9.9',
      }),
    ).toEqual({
      in: 'vethpod2',
      proto: 'icmp',
      src: '10.244.1.6',
      dst: '172.16.9.9',
      icmpType: 8,
      icmpCode: 0,
    });
    expect(
      toSimulatorPacket(spec, {
        from: 'host',
        proto: 'udp',
        src: '192.168.50.10',
        dst: '192.168.50.10',
        sport: 1,
        dport: 2,
        mark: 7,
      }),
    ).toEqual({
      local: true,
      proto: 'udp',
      src: '192.168.50.10',
      dst: '192.168.50.10',
      sport: 1,
      dport: 2,
      mark: 7,
    });
  });
});
