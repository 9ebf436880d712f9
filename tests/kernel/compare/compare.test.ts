// The comparison helper on its own (no kernel needed): how each side becomes lines, and the diff
// a mismatch prints.
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../../src/engine/rules/index.ts';
import { readHost, readPackets, simulate } from '../../../src/engine/netfilter/index.ts';
import type { KernelStep, KernelTrace } from '../scenario.ts';
import { diffLines, kernelLines, simulatorLines } from './compare.ts';

const RULES = `*mangle
:PREROUTING ACCEPT [0:0]
-A PREROUTING -p tcp -j MARK --set-xmark 0x4/0xffffffff
-A PREROUTING -m comment --comment after
COMMIT
*filter
:INPUT DROP [0:0]
-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT
COMMIT
`;

const packet = {
  in: 'eth0',
  out: null,
  src: '192.168.50.100',
  sport: 40000,
  dst: '192.168.50.10',
  dport: 22,
};

function kernelStep(
  step: Partial<KernelStep> & Pick<KernelStep, 'kind' | 'table' | 'chain'>,
  mark = 0,
): KernelStep {
  return {
    hook: 'PREROUTING',
    rule: null,
    ruleText: null,
    verdict: 'CONTINUE',
    target: null,
    packet: { ...packet, mark, ttl: 64, tos: 0 },
    ...step,
  };
}

const kernel: KernelTrace = {
  index: 0,
  sent: { from: 'peer', proto: 'tcp', src: packet.src, dst: packet.dst, sport: 40000, dport: 22 },
  steps: [
    kernelStep(
      {
        kind: 'rule',
        table: 'mangle',
        chain: 'PREROUTING',
        rule: 1,
        ruleText: '-A PREROUTING -p tcp -j MARK --set-xmark 0x4/0xffffffff',
      },
      4,
    ),
    kernelStep(
      {
        kind: 'rule',
        table: 'mangle',
        chain: 'PREROUTING',
        rule: 2,
        ruleText: '-A PREROUTING -m comment --comment after',
      },
      4,
    ),
    kernelStep({ kind: 'policy', table: 'mangle', chain: 'PREROUTING', verdict: 'ACCEPT' }, 4),
    kernelStep(
      {
        kind: 'rule',
        hook: 'INPUT',
        table: 'filter',
        chain: 'INPUT',
        rule: 1,
        ruleText: '-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT',
        verdict: 'ACCEPT',
      },
      4,
    ),
  ],
  result: {
    verdict: 'ACCEPT',
    fate: 'local',
    outInterface: null,
    packet: { proto: 'tcp', src: packet.src, sport: 40000, dst: packet.dst, dport: 22 },
  },
  runs: [],
  raw: '',
};

const EXPECTED = [
  'PREROUTING mangle/PREROUTING #1 -A PREROUTING -p tcp -j MARK --set-xmark 0x4/0xffffffff [eth0>- 192.168.50.100:40000>192.168.50.10:22 mark=0x4]',
  'PREROUTING mangle/PREROUTING #2 -A PREROUTING -m comment --comment after [eth0>- 192.168.50.100:40000>192.168.50.10:22 mark=0x4]',
  'PREROUTING mangle/PREROUTING policy ACCEPT [eth0>- 192.168.50.100:40000>192.168.50.10:22 mark=0x4]',
  'INPUT filter/INPUT #1 -A INPUT -p tcp -m tcp --dport 22 -j ACCEPT [eth0>- 192.168.50.100:40000>192.168.50.10:22 mark=0x4]',
  '=> ACCEPT local out=- tcp 192.168.50.100:40000>192.168.50.10:22',
];

function simulated(rules: string) {
  const host = readHost({
    interfaces: [{ name: 'eth0', addresses: ['192.168.50.10/24'] }],
    ipForward: true,
  }).host;
  const { packets } = readPackets({
    in: 'eth0',
    proto: 'tcp',
    src: packet.src,
    sport: 40000,
    dst: packet.dst,
    dport: 22,
  });
  return simulate(parseRuleset(rules).ruleset, host, packets).packets[0]!;
}

describe('comparison lines', () => {
  it('reads the kernel’s steps and result', () => {
    expect(kernelLines(kernel)).toEqual(EXPECTED);
  });

  it('reads the simulator’s trace the same way, the first rule’s MARK showing in its table’s packet as the kernel dumps it', () => {
    expect(simulatorLines(simulated(RULES))).toEqual(EXPECTED);
  });

  it('a lost packet reads the same on both sides', () => {
    expect(
      kernelLines({
        ...kernel,
        steps: [],
        result: { verdict: null, fate: 'unknown', outInterface: null, packet: null },
      }),
    ).toEqual(['=> LOST (no verdict)']);
  });

  it('a different simulator trace gives a diff that names each side', () => {
    const sim = simulatorLines(simulated(RULES.replace('--dport 22', '--dport 23')));
    expect(diffLines(kernelLines(kernel), sim)).toEqual([
      `  ${EXPECTED[0]}`,
      `  ${EXPECTED[1]}`,
      `  ${EXPECTED[2]}`,
      `- ${EXPECTED[3]}`,
      `- ${EXPECTED[4]}`,
      '+ INPUT filter/INPUT policy DROP [eth0>- 192.168.50.100:40000>192.168.50.10:22 mark=0x4]',
      '+ => DROP dropped out=- tcp 192.168.50.100:40000>192.168.50.10:22',
    ]);
  });
});
