// The kernel shares one hashlimit table per --hashlimit-name (per family), made by the first rule
// that names it, and refuses a later rule that names it with the other kind of
// --hashlimit-rate-match. Rules naming a few tables in every mix are loaded one by one, in the
// order a dump lists them, and the parser must refuse exactly the rules the kernel refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuleset } from '../../../src/engine/rules/index.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { run, runIn } from '../run.ts';
import { deleteNamespaces, deleteStaleNamespaces } from '../topology.ts';

const env = kernelEnvironment();
const ns = `nlk-${process.pid}-hltables`;
const PLACES = [
  ['filter', 'INPUT'],
  ['raw', 'PREROUTING'],
  ['mangle', 'FORWARD'],
] as const;

/** 36 hashlimit rules over three names, both kinds, packet and byte rates, a refused burst. */
function rules(): { table: string; chain: string; words: string }[] {
  const out: { table: string; chain: string; words: string }[] = [];
  let seed = 19;
  const pick = <T>(xs: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return xs[Math.floor(seed / 65536) % xs.length]!; // the high bits: the low ones repeat
  };
  for (const [table, chain] of PLACES)
    for (let i = 0; i < 12; i++) {
      const words = [
        '-m hashlimit',
        `--hashlimit-upto ${pick(['10/sec', '5/minute', '1kb/s'])}`,
        `--hashlimit-name ${pick(['h1', 'h2', 'H1'])}`,
        pick(['', '', '', '--hashlimit-burst 0']),
        pick(['', '--hashlimit-rate-match']),
      ];
      out.push({ table, chain, words: words.filter((w) => w !== '').join(' ') });
    }
  return out;
}

describe.skipIf(!env.ok)(kernelSuiteTitle('hashlimit tables shared by name'), () => {
  beforeAll(() => {
    deleteStaleNamespaces();
    run(['ip', 'netns', 'add', ns]);
  });
  afterAll(() => deleteNamespaces(ns));

  it('refuses exactly the rules the kernel refuses', () => {
    const list = rules();
    const loaded = list.map(
      (r) =>
        runIn(ns, ['iptables', '-t', r.table, '-A', r.chain, ...r.words.split(' ')], {
          allowFailure: true,
        }).status === 0,
    );
    const lines: string[] = [];
    const lineOf: number[] = [];
    for (const [table, chain] of PLACES) {
      lines.push(`*${table}`, `:${chain} ACCEPT [0:0]`);
      list.forEach((r, i) => {
        if (r.table !== table) return;
        lines.push(`-A ${chain} ${r.words}`);
        lineOf[i] = lines.length;
      });
      lines.push('COMMIT');
    }
    const { ruleset } = parseRuleset(`${lines.join('\n')}\n`, { format: 'save', family: 'ipv4' });
    const refusedLines = new Set(
      ruleset.tables.flatMap((t) =>
        t.chains.flatMap((c) => c.rules.filter((r) => r.invalid).map((r) => r.span.line)),
      ),
    );
    const accepted = list.map((_, i) => !refusedLines.has(lineOf[i]!));
    const row = (ok: readonly boolean[]) => list.map((r, i) => `${ok[i] ? '+' : '-'} ${r.words}`);
    // the mix must hold both kinds of refusal, or it proves nothing
    expect(loaded.filter((l) => !l).length).toBeGreaterThan(3);
    expect(row(accepted)).toEqual(row(loaded));
  });
});
