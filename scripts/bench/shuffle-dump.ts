/**
 * The same iptables-save dump with the rules of each table interleaved across their chains, so a
 * chain's rules no longer stand together (a hand-edited file, or several dumps concatenated):
 * each chain keeps its own rules in their order, so the ruleset is the same and prints the same,
 * but a reader that expects the next rule in the chain of the one before rarely finds it there.
 *
 * Deterministic (a seeded PRNG). Held by shuffle-dump.test.ts.
 *   npx tsx scripts/bench/shuffle-dump.ts FILE [--seed S] > shuffled.rules
 */
import { readFileSync } from 'node:fs';
import { prng } from './generate-kube.ts';

/** The chain an `-A CHAIN …` line appends to, or undefined for any other line. */
function appendChain(line: string): string | undefined {
  if (!line.startsWith('-A ')) return undefined;
  const end = line.indexOf(' ', 3);
  return end < 0 ? line.slice(3) : line.slice(3, end);
}

export function shuffleRules(text: string, seed = 1): string {
  const rand = prng(seed);
  const lines = text.split('\n');
  let from = 0;
  while (from < lines.length) {
    // one table: from its first -A line to the line before its COMMIT
    if (appendChain(lines[from]!) === undefined) {
      from++;
      continue;
    }
    let to = from;
    while (to < lines.length && appendChain(lines[to]!) !== undefined) to++;
    interleave(lines, from, to, rand);
    from = to;
  }
  return lines.join('\n');
}

/** Interleaves lines[from, to) (all -A lines) at random, keeping each chain's order. */
function interleave(lines: string[], from: number, to: number, rand: () => number): void {
  const byChain = new Map<string, string[]>();
  const order: string[] = [];
  for (let i = from; i < to; i++) {
    const chain = appendChain(lines[i]!)!;
    let list = byChain.get(chain);
    if (!list) byChain.set(chain, (list = []));
    list.push(lines[i]!);
    order.push(chain);
  }
  // Fisher–Yates over the chain of each place, then each chain's rules in turn at its places
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const next = new Map<string, number>();
  order.forEach((chain, k) => {
    const n = next.get(chain) ?? 0;
    next.set(chain, n + 1);
    lines[from + k] = byChain.get(chain)![n]!;
  });
}

function main(): void {
  const args = process.argv.slice(2);
  const i = args.indexOf('--seed');
  const seed = i >= 0 ? Number(args[i + 1]) : 1;
  const file = args.find((a, k) => !a.startsWith('--') && args[k - 1] !== '--seed');
  if (!file) throw new Error('usage: shuffle-dump.ts FILE [--seed S]');
  process.stdout.write(shuffleRules(readFileSync(file, 'utf8'), seed));
}

// run as a script (tsx), not when bundled into the benchmark
if (process.argv[1]?.endsWith('shuffle-dump.ts')) main();
