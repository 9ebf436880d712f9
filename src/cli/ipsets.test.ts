import { describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

const f = (name: string) => `tests/fixtures/cli/${name}`;
const trace = [
  'trace',
  '--rules',
  f('policy-sets.rules'),
  '--host',
  f('node-host.yaml'),
  '--packet',
  f('policy-sets-packets.json'),
];

describe('--ipsets FILE', () => {
  it('trace: tests -m set against the sets of an ipset save text, nomatch included', () => {
    const r = cli([...trace, '--ipsets', f('policy-sets.ipset'), '--json']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    // 192.168.1.100 is in the ipBlock; 192.168.7.9 is in its except (nomatch)
    expect(doc.packets.map((p: { result: { verdict: string } }) => p.result.verdict)).toEqual([
      'ACCEPT',
      'REJECT',
    ]);
    expect(doc.packets[0].result.dependsOn).toBeUndefined();
    // the set no text defines: the verdict depends on it, and it is said once, not per rule
    expect(doc.packets[1].result.dependsOn).toEqual(['set KUBE-SRC-MISSING']);
    expect(r.stderr).toBe(
      'tests/fixtures/cli/policy-sets.rules:10:1: warning: no ipset text defines set "KUBE-SRC-MISSING": the 2 rules that name it depend on it, and their outcome is unknown\n',
    );
  });

  it('trace without --ipsets: the outcome depends on the sets the walk met', () => {
    const r = cli(trace);
    expect(r.status).toBe(0);
    // the first set match cannot be told, so the walk goes on as if it missed and says so
    expect(r.stdout).toContain(
      '=> REJECT: rejected; tcp 192.168.1.100:40000 → 10.244.1.5:8080 — depends on set KUBE-SRC-ELVJFPASFIJIINJJ, set KUBE-SRC-MNBLPZOJUX4JSB2F',
    );
  });

  it('parse and print: the ipset text’s problems at line:column, exit 1', () => {
    for (const cmd of ['parse', 'print']) {
      const r = cli([cmd, f('policy-sets.rules'), '--ipsets', f('bad.ipset')]);
      expect(r.status).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(
        'tests/fixtures/cli/bad.ipset:2:7: error: "10.0.0.0/33" is not an IPv4 address/prefix',
      );
      expect(r.stderr.match(/no ipset text defines set/g)).toHaveLength(4);
    }
  });
});
