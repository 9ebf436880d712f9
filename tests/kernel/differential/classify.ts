// Sorts each generated rule by how the project and iptables agree on it, and checks every
// disagreement against the known ones.
import type { ProjectOutcome } from './project-side.ts';
import type { RestoreCase, RestoreOutcome } from './restore-batch.ts';
import { KNOWN_DIFFERENCES, type DifferenceKind } from './known-differences.ts';

export type Verdict =
  'both refuse' | 'both load, same print' | 'unknown module kept' | DifferenceKind;

export interface Judged {
  c: RestoreCase;
  verdict: Verdict;
  /** the known difference that explains it, for a disagreement */
  known?: string;
  iptables: RestoreOutcome;
  project: ProjectOutcome;
}

export function judge(c: RestoreCase, iptables: RestoreOutcome, project: ProjectOutcome): Judged {
  const unknownModule = project.diagnostics.some((d) => d.code === 'unknown-module');
  let verdict: Verdict;
  // a module or target it does not know, the parser keeps verbatim with a warning (a dump may
  // come from a newer iptables); iptables here refuses it
  if (!iptables.loaded && unknownModule && project.accepted) verdict = 'unknown module kept';
  else if (iptables.loaded !== project.accepted)
    verdict = iptables.loaded ? 'parser refuses' : 'parser accepts';
  else if (!iptables.loaded) verdict = 'both refuse';
  else if (iptables.saved.join('\n') === project.printed.join('\n'))
    verdict = 'both load, same print';
  else verdict = 'print differs';
  const judged: Judged = { c, verdict, iptables, project };
  const known = KNOWN_DIFFERENCES.find(
    (k) =>
      k.kind === verdict && k.applies(`-A ${c.chain} ${c.body}`, c.table, iptables.error ?? ''),
  );
  if (known) judged.known = known.why;
  return judged;
}

export const isAgreement = (j: Judged): boolean =>
  j.verdict === 'both refuse' ||
  j.verdict === 'both load, same print' ||
  j.verdict === 'unknown module kept';

/** One line per disagreement: the rule, what iptables said, what the project said. */
export function describe(j: Judged): string {
  const ipt = j.iptables.loaded
    ? `iptables-save: ${j.iptables.saved.join(' | ')}`
    : `iptables: ${(j.iptables.error ?? '')
        .split('\n')
        .filter((l) => !l.startsWith('Try '))
        .join(' ')}`;
  const errors = j.project.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => d.message)
    .join('; ');
  return `[${j.verdict}] *${j.c.table} -A ${j.c.chain} ${j.c.body}\n    ${ipt}\n    project: ${j.project.printed.join(' | ')}${errors ? `\n    errors: ${errors}` : ''}`;
}
