/**
 * Calico's rules against the reference's worked examples (v3.29 layout). Each `.expected` file
 * lists chains as iptables-save prints them; every chain it names must hold exactly its rules,
 * in order, on the compiled node (other chains, kube-proxy's among them, are not compared).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileNode } from '../compile.ts';
import { formatAddr } from '../../netfilter/ipv4.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '__golden__');

function byChain(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const chain = /^-A (\S+)/.exec(line)?.[1];
    if (!chain) continue;
    out.set(chain, [...(out.get(chain) ?? []), line]);
  }
  return out;
}

const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.expected'))
  .map((f) => {
    const [name = '', node = ''] = f.replace(/\.expected$/, '').split('.');
    return { file: f, yaml: `${name}.yaml`, node };
  });

describe('Calico goldens', () => {
  it('has the worked examples', () => expect(cases.length).toBeGreaterThanOrEqual(4));
  for (const c of cases)
    it(`${c.file}: every chain equals the reference's`, () => {
      const compiled = compileNode(readFileSync(join(dir, c.yaml), 'utf8'), c.node);
      expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const expected = readFileSync(join(dir, c.file), 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('-A '));
      const got = byChain(compiled.rulesetText.split('\n').map((l) => l.trim()));
      for (const [chain, lines] of byChain(expected)) expect(got.get(chain), chain).toEqual(lines);
    });

  it('carries the policy set with members from every node', () => {
    const compiled = compileNode(
      readFileSync(join(dir, 'calico-allow-backend.yaml'), 'utf8'),
      'node-a',
    );
    const set = compiled.ipsets.find((s) => s.name === 'cali40s:FjWXt9eYsqrc5adWRmKj01A');
    expect(set?.type).toBe('hash:net');
    expect(
      set?.members.map((m) =>
        m.elements[0]?.kind === 'net' ? formatAddr(m.elements[0].net.address) : '',
      ),
    ).toEqual(['10.244.2.20']);
  });

  it('writes no policy chain or set on a node where no pod is selected', () => {
    const compiled = compileNode(
      readFileSync(join(dir, 'calico-allow-backend.yaml'), 'utf8'),
      'node-b',
    );
    expect(compiled.rulesetText).not.toMatch(/cali-pi-/);
    expect(compiled.ipsets.map((s) => s.name)).not.toContain('cali40s:FjWXt9eYsqrc5adWRmKj01A');
  });
});
