/**
 * The dual-stack example: each node's IPv4 and IPv6 rules against goldens that the real
 * iptables-save and ip6tables-save print back unchanged (tests/kernel/ip6tables-goldens.test.ts),
 * and what differs between the two families.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileNode } from '../cluster/index.ts';
import { DUAL_STACK_YAML } from './dual-stack.ts';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const golden = (name: string) => readFileSync(join(GOLDEN_DIR, name), 'utf8');
const chains = (text: string, prefix: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`:${prefix}`))
    .map((l) => l.split(' ')[0]);

describe('the dual-stack example', () => {
  const v4 = compileNode(DUAL_STACK_YAML, 'node-b', 'ipv4');
  const v6 = compileNode(DUAL_STACK_YAML, 'node-b', 'ipv6');

  it('compiles both families of both nodes as their goldens, with no warning', () => {
    for (const node of ['node-a', 'node-b'])
      for (const family of ['ipv4', 'ipv6'] as const) {
        const r = compileNode(DUAL_STACK_YAML, node, family);
        expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
        expect(r.ruleset.family).toBe(family);
        expect(r.rulesetText).toBe(golden(`dual-stack.${node}.${family}.save`));
      }
  });

  it('names the Service chains alike in both families and the endpoint chains apart', () => {
    expect(chains(v6.rulesetText, 'KUBE-SVC-')).toEqual(chains(v4.rulesetText, 'KUBE-SVC-'));
    const sep4 = chains(v4.rulesetText, 'KUBE-SEP-');
    const sep6 = chains(v6.rulesetText, 'KUBE-SEP-');
    expect(sep6).toHaveLength(2);
    expect(sep6.filter((c) => sep4.includes(c))).toEqual([]);
  });

  it("writes kube-proxy's IPv6 forms", () => {
    const text = v6.rulesetText;
    expect(text).toContain('-j DNAT --to-destination [fd00:10:244::5]:8080');
    expect(text).toContain('-d fd00:10:96::80/128 -p tcp');
    expect(text).toContain('! -s fd00:10:244::/56 -d fd00:10:96::80/128');
    expect(text).toContain('-A KUBE-SERVICES ! -d ::1/128 -m comment');
    // no route_localnet in IPv6: kubelet's KUBE-FIREWALL stays, empty
    expect(text).toContain(':KUBE-FIREWALL - [0:0]');
    expect(text).not.toContain('-A KUBE-FIREWALL');
    expect(text).not.toMatch(/\b\d+\.\d+\.\d+\.\d+\b/);
    expect(v4.rulesetText).not.toContain('fd00:');
  });

  it('gives every IPv6 rule its provenance', () => {
    let rules = 0;
    for (const t of v6.ruleset.tables)
      for (const c of t.chains)
        for (const r of c.rules) {
          rules++;
          expect(v6.provenance.get(r.id), r.source).toBeDefined();
        }
    expect(v6.provenance.size).toBe(rules);
    const dnat = [...v6.provenance.values()].filter((p) => p.role === 'endpoint-dnat');
    expect(dnat.map((p) => p.endpoint).sort()).toEqual([
      '[fd00:10:244:1::7]:8080',
      '[fd00:10:244::5]:8080',
    ]);
  });
});
