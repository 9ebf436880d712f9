// What the project makes of one generated rule: whether it reads it without an error, the lines
// `print` writes for it, and its diagnostics.
import { parseRuleset, printSave, type Diagnostic } from '../../../src/engine/rules/index.ts';
import type { RestoreCase } from './restore-batch.ts';

export interface ProjectOutcome {
  accepted: boolean;
  printed: string[];
  diagnostics: Diagnostic[];
}

export function projectReads(
  c: RestoreCase,
  chains: Readonly<Record<string, readonly string[]>>,
  userChains: readonly string[],
): ProjectOutcome {
  const lines = [`*${c.table}`];
  for (const name of chains[c.table]!) lines.push(`:${name} ACCEPT [0:0]`);
  for (const name of userChains) lines.push(`:${name} - [0:0]`);
  lines.push(`-A ${c.chain} ${c.body}`, 'COMMIT', '');
  const { ruleset, diagnostics } = parseRuleset(lines.join('\n'), {
    format: 'save',
    family: 'ipv4',
  });
  const printed = printSave(ruleset)
    .split('\n')
    .filter((l) => l.startsWith('-A '));
  return {
    accepted: !diagnostics.some((d) => d.severity === 'error'),
    printed,
    diagnostics,
  };
}
