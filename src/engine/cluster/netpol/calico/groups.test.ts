import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileNode } from '../../compile.ts';

const BASE = readFileSync(
  join(import.meta.dirname, '../__golden__/calico-default-deny.yaml'),
  'utf8',
);

/** `n` ingress policies that all select db with the same podSelector. */
function sameSelector(n: number): string {
  let out = BASE;
  for (let i = 0; i < n; i++)
    out += `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: allow-${i}, namespace: default}
spec:
  podSelector: {matchLabels: {app: db}}
  ingress: [{ports: [{port: ${8000 + i}}]}]
`;
  return out;
}

function chains(text: string, prefix: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const chain = /^-A (\S+)/.exec(line)?.[1];
    if (chain?.startsWith(prefix)) out.set(chain, [...(out.get(chain) ?? []), line]);
  }
  return out;
}

describe('Calico policy groups', () => {
  it('jumps straight to a policy that shares its selector with no neighbour', () => {
    const text = compileNode(sameSelector(1), 'node-a').rulesetText;
    expect(chains(text, 'cali-gi-').size).toBe(0);
  });

  it('puts a run of six in one chain, returning on a verdict before the sixth', () => {
    const text = compileNode(sameSelector(6), 'node-a').rulesetText;
    const groups = [...chains(text, 'cali-gi-').values()];
    expect(groups).toHaveLength(1);
    const rules = groups[0]!.map((l) => l.replace(/ -m comment --comment "cali:[^"]+"/, ''));
    const guarded = / -m mark --mark 0x0\/0x30000 -j cali-pi-/;
    expect(rules).toHaveLength(7);
    expect(rules[0]).toMatch(/-j cali-pi-/);
    expect(rules[0]).not.toMatch(guarded);
    for (const i of [1, 2, 3, 4]) expect(rules[i]).toMatch(guarded);
    expect(rules[5]).toMatch(/"Return on verdict" -m mark ! --mark 0x0\/0x30000 -j RETURN$/);
    expect(rules[6]).not.toMatch(guarded);
    // the pod's chain jumps to the group once, not to each policy
    const tw = [...chains(text, 'cali-tw-').values()][0]!;
    expect(tw.filter((l) => / -j cali-(pi|gi)-/.test(l))).toHaveLength(2);
  });
});
