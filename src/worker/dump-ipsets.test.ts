import { describe, expect, it } from 'vitest';
import { loadDump } from './dump-cache.ts';
import { engineApi } from './engine-api.ts';

const DUMP = `*filter
:INPUT DROP [0:0]
-A INPUT -p tcp -m set --match-set ADMINS src -m tcp --dport 22 -j ACCEPT
-A INPUT -p tcp -m set --match-set ADMINS src -m tcp --dport 2222 -j ACCEPT
-A INPUT -m set --match-set BLOCKED src -j DROP
COMMIT
`;
const SETS = 'create ADMINS hash:net family inet\nadd ADMINS 198.51.100.0/24\n';
const ssh = {
  in: 'eth0',
  proto: 'tcp' as const,
  src: '198.51.100.20',
  dst: '192.168.1.10',
  dport: 22,
};

describe('a dump traced with its ipset text', () => {
  it('tests the text’s sets; without it the verdict depends on the set', () => {
    const withSets = engineApi.trace({
      source: { kind: 'dump', text: DUMP, ipsets: SETS },
      packets: [ssh],
    });
    expect(withSets.result?.packets[0]?.result).toMatchObject({ verdict: 'ACCEPT' });
    expect(withSets.result?.packets[0]?.result.dependsOn).toBeUndefined();
    const without = engineApi.trace({ source: { kind: 'dump', text: DUMP }, packets: [ssh] });
    expect(without.result?.packets[0]?.result.dependsOn).toEqual(['set ADMINS', 'set BLOCKED']);
  });

  it('names each set the rules use once in the summary, with its rule count and first line', () => {
    expect(loadDump(DUMP).summary.setUses).toEqual([
      { name: 'ADMINS', rules: 2, line: 3 },
      { name: 'BLOCKED', rules: 1, line: 5 },
    ]);
  });
});
