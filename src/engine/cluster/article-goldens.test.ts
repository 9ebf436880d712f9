/**
 * The study articles' rules, reproduced with `kubeProxyVersion` (__golden__/articles/): each
 * NAME.NODE.listing holds the `iptables -t nat -L CHAIN` listings an article prints for a node;
 * the cluster of NAME.yaml is compiled for that node and listed the same way, and every chain the
 * article lists must match line for line, but for the lines its `# differs:` notes name.
 */
import { describe, expect, it } from 'vitest';
import { printList } from '../rules/index.ts';
import { compileNode } from './compile.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__', 'articles');

/** `iptables -L` without -n names what -n prints as numbers. */
const PROTOCOLS: Record<string, string> = { all: '0', tcp: '6', udp: '17', sctp: '132' };

/** One listing line with the article's names read back as numbers, single-spaced. */
function normalise(line: string): string {
  const words = line.trim().split(/\s+/);
  if (words[0] === 'Chain' || words[0] === 'target') return words.join(' ');
  words[1] = PROTOCOLS[words[1]!] ?? words[1]!;
  for (const i of [3, 4]) if (words[i] === 'anywhere') words[i] = '0.0.0.0/0';
  return words.join(' ').replace(/\bdpt:www\b/g, 'dpt:80');
}

/** Chain name → its lines (header first), from `-L` text. */
function chainsOf(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .map(normalise);
    const name = /^Chain (\S+)/.exec(lines[0] ?? '')?.[1];
    if (name) out.set(name, lines);
  }
  return out;
}

const listings = readdirSync(DIR).filter((f) => f.endsWith('.listing'));

describe('study articles reproduced line for line', () => {
  it.each(listings)('%s', (file) => {
    const [name, node] = file.slice(0, -'.listing'.length).split('.') as [string, string];
    const compiled = compileNode(readFileSync(join(DIR, `${name}.yaml`), 'utf8'), node);
    expect(compiled.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const nat = {
      ...compiled.ruleset,
      tables: compiled.ruleset.tables.filter((t) => t.name === 'nat'),
    };
    const mine = chainsOf(printList(nat, { verbose: false }));
    const text = readFileSync(join(DIR, file), 'utf8');
    const differs = [...text.matchAll(/^# differs: (.*?) -- /gm)].map((m) => normalise(m[1]!));
    const theirs = chainsOf(text);
    expect(theirs.size).toBeGreaterThan(0);
    for (const [chain, lines] of theirs) {
      // a line the article's notes say differs is compared by place only
      const ours = (mine.get(chain) ?? []).map((l, i) =>
        differs.includes(lines[i]!) ? lines[i] : l,
      );
      expect(ours, chain).toEqual(lines);
    }
  });
});
