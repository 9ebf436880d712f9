import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { parseIPv4 } from './address.ts';
import { ruleReach, type ReachProbe } from './rule-reach.ts';

const RULES = [
  '-A INPUT -d 10.96.0.10/32 -p tcp -m tcp --dport 53 -j ACCEPT', // 1
  '-A INPUT ! -s 10.244.0.0/16 -d 10.96.0.10/32 -j ACCEPT', // 2
  '-A INPUT -p udp -m multiport --dports 53,8000:8100 -j ACCEPT', // 3
  '-A INPUT -m iprange --src-range 192.168.1.100-192.168.1.200 -j ACCEPT', // 4
  '-A INPUT -p tcp -m tcp ! --sport 1024:65535 -j DROP', // 5
  '-A INPUT -j ACCEPT', // 6
  '-A INPUT -s 10.0.0.0/255.0.255.0 -j ACCEPT', // 7
  '-A INPUT -p tcp -m multiport ! --ports 22,80 -j DROP', // 8
];
const rules = parseRuleset(['*filter', ':INPUT ACCEPT [0:0]', ...RULES, 'COMMIT', ''].join('\n'))
  .ruleset.tables[0]!.chains[0]!.rules;

function reaches(probe: { address?: string; port?: number; proto?: string }): string[] {
  const p: ReachProbe = {};
  if (probe.address !== undefined) p.address = parseIPv4(probe.address)!;
  if (probe.port !== undefined) p.port = probe.port;
  if (probe.proto !== undefined) p.proto = probe.proto;
  return rules.map((r) => ruleReach(r, p));
}

describe('ruleReach', () => {
  it('parsed the rules', () => expect(rules).toHaveLength(RULES.length));

  it('an address named by -d, -s with a netmask or an iprange', () => {
    // 10.96.0.10 & 255.0.255.0 is 10.0.0.0: rule 7's odd netmask takes it too
    expect(reaches({ address: '10.96.0.10' })).toEqual([
      'names',
      'names',
      'open',
      'open',
      'open',
      'open',
      'names',
      'open',
    ]);
    // rule 1 names only the destination: 192.168.1.150 can still be the source
    expect(reaches({ address: '192.168.1.150' })).toEqual([
      'open',
      'open',
      'open',
      'names',
      'open',
      'open',
      'open',
      'open',
    ]);
    // 10.x.0.y matches 10.0.0.0/255.0.255.0 whatever x is
    expect(reaches({ address: '10.77.0.5' })[6]).toBe('names');
    expect(reaches({ address: '10.77.1.5' })[6]).toBe('open'); // only as the destination
  });

  it('a negated source that holds does not name the address', () => {
    // from inside the pod CIDR, rule 2 cannot match as the source, but can as the destination? no:
    // its -d is 10.96.0.10 only, so the address can only be the source, which ! -s rules out
    expect(reaches({ address: '10.244.3.3' })[1]).toBe('excludes');
    expect(reaches({ address: '8.8.8.8' })[1]).toBe('open');
  });

  it('a port named by --dport, a multiport list or range, or ruled out by a negation', () => {
    // rule 5's ! --sport 1024:65535 lets port 53 through without naming it
    expect(reaches({ port: 53 })).toEqual([
      'names',
      'open',
      'names',
      'open',
      'open',
      'open',
      'open',
      'open',
    ]);
    expect(reaches({ port: 8050 })).toEqual([
      'open',
      'open',
      'names',
      'open',
      'open',
      'open',
      'open',
      'open',
    ]);
    expect(reaches({ port: 2000 })[4]).toBe('open'); // 2000 can be the destination port
    expect(reaches({ port: 22 })[7]).toBe('excludes');
  });

  it('address and port together, and the protocol', () => {
    expect(reaches({ address: '10.96.0.10', port: 53 })).toEqual([
      'names',
      'names',
      'names',
      'open',
      'open',
      'open',
      'names',
      'open',
    ]);
    // 10.96.0.10:80 as the destination fails --dport 53; as the source nothing names it
    expect(reaches({ address: '10.96.0.10', port: 80 })[0]).toBe('open');
    expect(reaches({ address: '10.96.0.10', port: 80 })[1]).toBe('names');
    expect(reaches({ port: 53, proto: 'udp' })).toEqual([
      'excludes',
      'open',
      'names',
      'open',
      'excludes',
      'open',
      'open',
      'excludes',
    ]);
  });
});
