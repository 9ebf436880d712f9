/**
 * kube-proxy's own expected outputs (__golden__/kube-proxy/): each NAME.yaml holds the objects
 * and settings of one upstream test, NAME.expected the iptables-restore input that test expects
 * (its header names the test and the commit). Both texts go through the engine's parser and
 * printer, as iptables-restore then iptables-save would normalise them, and are then put in the
 * upstream tests' own order (chains by name; KUBE-SERVICES and KUBE-NODEPORTS rules stably by
 * the Service named in their comment, the NodePort dispatcher last).
 * A golden listed in PENDING is one the compiler cannot match yet; it is checked to still differ,
 * so that fixing it forces it off the list.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset, printSave, type Family } from '../rules/index.ts';
import { loadCluster } from './manifests/load.ts';
import { nodeRestoreText } from './restore/restore-text.ts';
import { rulesByChain } from './test-kit.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__', 'kube-proxy');

/** Goldens the compiler does not match yet, with why. */
const PENDING: Record<string, string> = {};

/** The Service a kube-proxy comment names: the text before the first space or colon. */
function serviceOf(line: string): string | null {
  const m = /--comment (?:"([^"]*)"|(\S+))/.exec(line);
  const comment = m?.[1] ?? m?.[2];
  return comment === undefined ? null : (comment.split(/[ :]/)[0] ?? '');
}

const LAST = 'must be the last rule';

/** Restore text → normalised rules by chain, in the order the upstream tests compare. */
export function canonicalRules(text: string, family: Family = 'ipv4'): Map<string, string[]> {
  const parsed = parseRuleset(text, { format: 'save', family });
  const byChain = rulesByChain(printSave(parsed.ruleset));
  const out = new Map<string, string[]>();
  for (const key of [...byChain.keys()].sort()) {
    const rules = byChain.get(key)!;
    const chain = key.split('/')[1];
    if (chain === 'KUBE-SERVICES' || chain === 'KUBE-NODEPORTS') {
      const rank = (l: string): string => (l.includes(LAST) ? '\uffff' : (serviceOf(l) ?? ''));
      rules.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    }
    out.set(key, rules);
  }
  return out;
}

/** The family of an upstream test's fake proxier: `# family: ipv6` for ip6tables. */
function familyOf(yaml: string): Family {
  return /^# family: ipv6$/m.test(yaml) ? 'ipv6' : 'ipv4';
}

/** The node an upstream test's fake proxier runs as: the first line `# node: NAME`. */
function nodeOf(yaml: string): string {
  return /^# node: (\S+)$/m.exec(yaml)?.[1] ?? 'test-node';
}

const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.slice(0, -'.yaml'.length))
  .sort();

describe('kube-proxy goldens', () => {
  it('has goldens, each with its expected text', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(readdirSync(DIR)).toContain(`${n}.expected`);
  });

  it.each(names)('%s', (name) => {
    const yaml = readFileSync(join(DIR, `${name}.yaml`), 'utf8');
    const family = familyOf(yaml);
    const expected = canonicalRules(readFileSync(join(DIR, `${name}.expected`), 'utf8'), family);
    const { model, diagnostics } = loadCluster(yaml);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const text = nodeRestoreText(model, nodeOf(yaml), family);
    expect(text).not.toBeNull();
    const mine = canonicalRules(text!, family);
    if (name in PENDING) expect(mine).not.toEqual(expected);
    else expect(mine).toEqual(expected);
  });
});
