// Parser tests on real `nft -a monitor` output from the IPv6 lab (captures/ipv6-nft-trace.txt:
// a SYN to a Service address, jumped to SVC, DNAT to [fd00:244:1::5]:8080, then rejected with a
// TCP reset in FORWARD). Pure: runs anywhere, no root needed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HARNESS_CHAINS, savedRules } from './loader.ts';
import { parseNftPacket, parseNftTrace } from './nft-trace.ts';
import { readPacketTrace } from './scenario.ts';

const raw = readFileSync(new URL('./captures/ipv6-nft-trace.txt', import.meta.url), 'utf8');

// The rules as ip6tables-save printed them, and nft's handles → their positions, at capture time.
const SAVED = `*nat
-A PREROUTING -d fd00:96::10/128 -j SVC
-A SVC -p tcp -m tcp --dport 8 -j RETURN
-A SVC -p tcp -m comment --comment "web (verdict accept)" -j MARK --set-xmark 0x4000/0x4000
-A SVC -p tcp -m tcp --dport 80 -j DNAT --to-destination [fd00:244:1::5]:8080
COMMIT
*filter
-A FORWARD -p tcp -m tcp --dport 8080 -j REJECT --reject-with tcp-reset
COMMIT
`;
const POSITIONS: Record<string, number> = {
  'nat/PREROUTING/3': 1,
  'nat/SVC/4': 1,
  'nat/SVC/5': 2,
  'nat/SVC/6': 3,
  'filter/FORWARD/2': 1,
};
const texts = savedRules(SAVED);
const loaded = {
  family: 'ip6' as const,
  ruleIndex: (table: string, chain: string, handle: number) =>
    POSITIONS[`${table}/${chain}/${handle}`] ?? null,
  ruleText: (table: string, chain: string, index: number) =>
    texts.get(`${table}\0${chain}\0${index}`) ?? null,
};

describe('nft monitor trace (IPv6 lab)', () => {
  it('reads a packet line: interfaces, addresses, ports, hop limit, flags', () => {
    const p = parseNftPacket(
      'iif "eth0" oif "cni0" ip6 saddr fd00:50::100 ip6 daddr fd00:244:1::5 ip6 hoplimit 63 ip6 length 20 tcp sport 40200 tcp dport 8080 tcp flags == syn meta mark 0x00004000',
    );
    expect(p).toMatchObject({
      iif: 'eth0',
      oif: 'cni0',
      src: 'fd00:50::100',
      dst: 'fd00:244:1::5',
      sport: 40200,
      dport: 8080,
      tcpFlags: ['SYN'],
      mark: 0x4000,
      fields: { TTL: '63' },
    });
  });

  it('reads events with handles, verdicts, jump targets and hooks; a comment cannot fake a verdict', () => {
    const { events, unparsed } = parseNftTrace(raw, HARNESS_CHAINS);
    expect(unparsed).toEqual([]);
    const nat = events.filter((e) => e.table === 'nat');
    expect(nat.map((e) => [e.chain, e.handle, e.verdict, e.target, e.hook])).toEqual([
      ['PREROUTING', 3, 'JUMP', 'SVC', 'PREROUTING'],
      ['SVC', 5, 'CONTINUE', null, 'PREROUTING'],
      ['SVC', 6, 'ACCEPT', null, 'PREROUTING'],
    ]);
    expect(events.every((e) => e.family === 10)).toBe(true);
  });

  it('gives the walk its iptables rule texts from ip6tables-save and reads the REJECT as rejected', () => {
    const t = readPacketTrace(
      0,
      {
        from: 'peer',
        proto: 'tcp',
        src: 'fd00:50::100',
        dst: 'fd00:96::10',
        sport: 40200,
        dport: 80,
      },
      raw,
      loaded,
    );
    expect(t.steps.filter((s) => s.kind === 'rule').map((s) => `${s.rule} ${s.ruleText}`)).toEqual([
      '1 -A PREROUTING -d fd00:96::10/128 -j SVC',
      '2 -A SVC -p tcp -m comment --comment "web (verdict accept)" -j MARK --set-xmark 0x4000/0x4000',
      '3 -A SVC -p tcp -m tcp --dport 80 -j DNAT --to-destination [fd00:244:1::5]:8080',
      '1 -A FORWARD -p tcp -m tcp --dport 8080 -j REJECT --reject-with tcp-reset',
    ]);
    expect(t.result).toMatchObject({ verdict: 'REJECT', fate: 'rejected' });
    expect(t.result.packet).toMatchObject({ dst: 'fd00:244:1::5', dport: 8080 });
    // the reset the REJECT sent is traced under an id of its own
    expect(t.runs.map((r) => r.relation)).toEqual(['primary', 'other']);
  });
});
