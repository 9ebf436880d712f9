import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from '../test-kit.ts';

const host = hostOf(NODE_HOST);

/** Per packet: the rules of `chain` that matched (`+N`), missed (`-N`) or were unknown (`?N`). */
function outcomes(table: string, chain: string, ruleText: string, packets: unknown) {
  const rs = rules(`*${table}\n:${chain} ACCEPT [0:0]\n${ruleText.trim()}\nCOMMIT\n`);
  return simulate(rs, host, packetsOf(packets)).packets.map((t) => ({
    steps: t.steps.flatMap((s) => {
      if (s.kind === 'unknown-module' && s.chain === chain) return [`?${s.rule} ${s.module}`];
      if (s.kind === 'rule' && s.chain === chain) return [`${s.matched ? '+' : '-'}${s.rule}`];
      return [];
    }),
    dependsOn: t.result.dependsOn ?? [],
  }));
}

const arriving = (over: Record<string, unknown> = {}) => ({
  in: 'eth0',
  proto: 'tcp',
  src: '203.0.113.9',
  dst: '192.168.1.10',
  dport: 22,
  ...over,
});

describe('mac', () => {
  const macRules = `
    -A INPUT -m mac --mac-source 02:42:AC:11:00:02
    -A INPUT -m mac ! --mac-source 02:42:ac:11:00:02
  `;

  it('compares the source MAC in any case, and the negated form the other way', () => {
    expect(
      outcomes('filter', 'INPUT', macRules, [
        arriving({ srcMac: '02:42:Ac:11:0:2' }),
        arriving({ srcMac: '02:42:ac:11:00:03' }),
      ]),
    ).toEqual([
      { steps: ['+1', '-2'], dependsOn: [] },
      { steps: ['-1', '+2'], dependsOn: [] },
    ]);
  });

  it('stays unknown without srcMac, in the trace and in dependsOn', () => {
    expect(outcomes('filter', 'INPUT', macRules, [arriving()])).toEqual([
      { steps: ['?1 mac', '-1', '?2 mac', '-2'], dependsOn: ['mac'] },
    ]);
  });

  it('sees the received frame in FORWARD too', () => {
    const fwd = arriving({ dst: '10.244.2.7', srcMac: '02:42:ac:11:00:02' });
    expect(
      outcomes('filter', 'FORWARD', '-A FORWARD -m mac --mac-source 02:42:ac:11:00:02', [fwd]),
    ).toEqual([{ steps: ['+1'], dependsOn: [] }]);
  });
});

describe('owner', () => {
  const sent = (over: Record<string, unknown> = {}) => ({
    local: true,
    proto: 'tcp',
    dst: '8.8.8.8',
    dport: 443,
    ...over,
  });
  const ownerRules = `
    -A OUTPUT -m owner --uid-owner 1000
    -A OUTPUT -m owner --uid-owner 0-999
    -A OUTPUT -m owner ! --uid-owner 0
    -A OUTPUT -m owner --gid-owner 100 --suppl-groups
    -A OUTPUT -m owner ! --gid-owner 100
    -A OUTPUT -m owner --socket-exists
    -A OUTPUT -m owner ! --socket-exists
    -A OUTPUT -m owner --uid-owner 1000 ! --gid-owner 100
  `;

  it('tests uid and gid ranges, negation and --socket-exists on a local packet', () => {
    expect(
      outcomes('filter', 'OUTPUT', ownerRules, [
        sent({ uid: 1000, gid: 100 }),
        sent({ uid: 0, gid: 0 }),
      ]),
    ).toEqual([
      { steps: ['+1', '-2', '+3', '+4', '-5', '+6', '-7', '-8'], dependsOn: [] },
      { steps: ['-1', '+2', '-3', '-4', '+5', '+6', '-7', '-8'], dependsOn: [] },
    ]);
  });

  it('is unknown for a local packet without uid or gid, and for the id the file leaves out', () => {
    const r = outcomes(
      'filter',
      'OUTPUT',
      `
      -A OUTPUT -m owner --socket-exists
      -A OUTPUT -m owner --gid-owner 100
      -A OUTPUT -m owner --uid-owner 5 --gid-owner 100
    `,
      [sent(), sent({ uid: 1000 })],
    );
    expect(r).toEqual([
      { steps: ['?1 owner', '-1', '?2 owner', '-2', '?3 owner', '-3'], dependsOn: ['owner'] },
      // the uid already fails rule 3, so the missing gid does not matter there
      { steps: ['+1', '?2 owner', '-2', '-3'], dependsOn: ['owner'] },
    ]);
  });

  it('finds no socket on a forwarded packet: only all-negated options hold, as in xt_owner', () => {
    const fwd = arriving({ dst: '10.244.2.7' });
    const r = outcomes(
      'mangle',
      'POSTROUTING',
      `
      -A POSTROUTING -m owner --uid-owner 0
      -A POSTROUTING -m owner ! --uid-owner 0
      -A POSTROUTING -m owner ! --socket-exists
      -A POSTROUTING -m owner ! --uid-owner 0 --gid-owner 0
      -A POSTROUTING -m owner ! --uid-owner 0 ! --gid-owner 0
    `,
      [fwd],
    );
    expect(r).toEqual([{ steps: ['-1', '+2', '+3', '-4', '+5'], dependsOn: [] }]);
  });
});
