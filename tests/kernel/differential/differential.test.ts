// The parser against the real iptables-restore: thousands of generated rule lines, valid and
// near-miss, are loaded into a namespace (the kernel's own checks count) and read by the project.
// The parser must accept exactly what iptables loads, and print each loaded rule as iptables-save
// does; a module the project does not know is kept verbatim with a warning. Every disagreement is
// either listed in known-differences.ts with why, or fails the test.
//
// IPv4 only for now: the parser reads ip6tables-save dumps too, but the rule generator
// (modules/samples/rule-lines.ts) writes IPv4 rules, so an IPv6 part (the same against
// ip6tables-restore) is still to be built. hashlimit-tables.test.ts holds the one check that
// spans rules, which a rule-by-rule comparison cannot see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RULES_USER_CHAIN,
  sampleRules,
  TABLE_CHAINS,
  USER_CHAIN,
} from '../../../src/engine/modules/samples/rule-lines.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { hasCommand, run, runIn } from '../run.ts';
import { deleteNamespaces, deleteStaleNamespaces } from '../topology.ts';
import { describe as describeOne, isAgreement, judge, type Judged } from './classify.ts';
import { projectReads } from './project-side.ts';
import { restoreCases } from './restore-batch.ts';

const env = kernelEnvironment();
const SEED = 19;
const COUNT = 2000;
const USER_CHAINS = [USER_CHAIN, RULES_USER_CHAIN];
const prefix = `nlk-${process.pid}-diff-`;
const spaces = [`${prefix}a`, `${prefix}b`];

function summary(judged: readonly Judged[]): string {
  const count = new Map<string, number>();
  for (const j of judged) count.set(j.verdict, (count.get(j.verdict) ?? 0) + 1);
  const agreed = judged.filter(isAgreement).length;
  const known = judged.filter((j) => !isAgreement(j) && j.known).length;
  const lines = [
    `differential: ${judged.length} rules, iptables loaded ${judged.filter((j) => j.iptables.loaded).length}, the parser accepted ${judged.filter((j) => j.project.accepted).length}`,
    `agreement ${agreed}/${judged.length} (${((100 * agreed) / judged.length).toFixed(1)}%), known differences ${known}, new ${judged.length - agreed - known}`,
    ...[...count].map(([v, n]) => `  ${v}: ${n}`),
  ];
  return lines.join('\n');
}

describe.skipIf(!env.ok)(kernelSuiteTitle('parser vs iptables-restore'), () => {
  beforeAll(() => {
    deleteStaleNamespaces();
    for (const ns of spaces) {
      run(['ip', 'netns', 'add', ns]);
      // without ipset, `-m set` rules are refused for a set that does not exist (a known difference)
      if (hasCommand('ipset')) runIn(ns, ['ipset', 'create', 'nlkset', 'hash:ip']);
    }
  });
  afterAll(() => deleteNamespaces(prefix));

  it('accepts what iptables loads and prints what iptables-save prints', async () => {
    // the kernel shares a hashlimit table among the rules that name it, and a table outlives the
    // batch that made it (hashlimit-tables.test.ts): each case names tables of its own, so whether
    // it loads depends on it alone
    const cases = sampleRules(SEED, COUNT).map((c, i) => ({
      ...c,
      body: c.body.replace(/(--hashlimit-n\S*\s+)(h[12])(?=\s|$)/g, `$1$2-${i}`),
    }));
    const loaded = await restoreCases(spaces, cases, TABLE_CHAINS, USER_CHAINS);
    const judged = cases.map((c, i) =>
      judge(c, loaded[i]!, projectReads(c, TABLE_CHAINS, USER_CHAINS)),
    );
    console.log(summary(judged));
    const known = new Map<string, number>();
    for (const j of judged) if (j.known) known.set(j.known, (known.get(j.known) ?? 0) + 1);
    for (const [why, n] of known) console.log(`  known (${n}): ${why}`);
    const unexplained = judged.filter((j) => !isAgreement(j) && !j.known).map(describeOne);
    expect(unexplained).toEqual([]);
  }, 600_000);
});
