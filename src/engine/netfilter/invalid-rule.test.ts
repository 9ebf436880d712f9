import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import { readHost, readPackets, simulate } from './index.ts';

const host = readHost({ interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }] }).host;
const syn = readPackets({
  in: 'eth0',
  proto: 'tcp',
  src: '192.168.1.100',
  sport: 40000,
  dst: '192.168.1.10',
  dport: 22,
}).packets;

function trace(rules: string, assumeUnknown?: 'match' | 'nomatch') {
  const parsed = parseRuleset(`*filter\n:INPUT ACCEPT [0:0]\n${rules}\nCOMMIT\n`);
  return {
    parsed,
    sim: simulate(parsed.ruleset, host, syn, assumeUnknown ? { assumeUnknown } : {}),
  };
}

describe('a rule whose text had errors', () => {
  it('is never taken as matching silently: a bad -s does not turn it into accept-all', () => {
    const { parsed, sim } = trace('-A INPUT -s 10.0.0.300 -j DROP');
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['bad-address']);
    expect(parsed.ruleset.tables[0]!.chains[0]!.rules[0]!.invalid).toBe(true);
    const result = sim.packets[0]!.result;
    expect(result.verdict).toBe('ACCEPT'); // assumed not to match (the default)
    expect(result.dependsOn).toContain('(rule with errors)');
    expect(
      sim.packets[0]!.steps.some(
        (s) => s.kind === 'unknown-module' && s.module === '(rule with errors)',
      ),
    ).toBe(true);
  });

  it('follows --assume-unknown match, and a rule that fails on what is left still fails', () => {
    expect(trace('-A INPUT -s 10.0.0.300 -j DROP', 'match').sim.packets[0]!.result.verdict).toBe(
      'DROP',
    );
    const other = trace('-A INPUT -s 10.0.0.300 -p udp -j DROP', 'match').sim.packets[0]!.result;
    expect(other.verdict).toBe('ACCEPT');
    expect(other.dependsOn ?? []).not.toContain('(rule with errors)');
  });

  it('leaves rules without errors alone', () => {
    const { parsed, sim } = trace('-A INPUT -s 192.168.1.100 -j DROP');
    expect(parsed.ruleset.tables[0]!.chains[0]!.rules[0]!.invalid).toBeUndefined();
    expect(sim.packets[0]!.result.verdict).toBe('DROP');
  });
});
