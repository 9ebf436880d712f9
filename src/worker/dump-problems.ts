/**
 * A dump's problems grouped by kind: an anonymised dump can hold thousands of the same problem
 * (every `--mac-source XX:XX:XX:XX:XX:XX`), which reads better as one group with its count than
 * as thousands of rows. The summary carries the groups; a group's rows are asked for a page at
 * a time (dumpProblems), so every row a count promises can be listed.
 */
import type { Diagnostic } from '../engine/rules/index.ts';
import type { DumpProblemGroup } from './dump-protocol.ts';

/** A quoted value in a message ("XX:XX:XX:XX:XX:XX", "EST"): what differs between rows of one kind. */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
/** a number standing alone (a port, a TTL): differs too; digits inside names stay */
const NUMBER = /(?<![\w.:-])\d+(?![\w.:-])/g;

/** The message with what varies from row to row replaced by a mark. */
export function messageShape(message: string): string {
  return message.replace(QUOTED, '"…"').replace(NUMBER, '#');
}

export function groupKey(d: Diagnostic): string {
  return `${d.severity}|${d.code}|${messageShape(d.message)}`;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export interface GroupedProblems {
  /** errors first, then the biggest */
  groups: DumpProblemGroup[];
  /** each group's rows in line order, by key */
  rows: Map<string, Diagnostic[]>;
}

/**
 * The groups of `sorted` (diagnostics in line order). A group's message is its rows' own when
 * they all say the same, else the message's shape.
 */
export function groupProblems(sorted: readonly Diagnostic[]): GroupedProblems {
  const groups = new Map<string, DumpProblemGroup>();
  const rows = new Map<string, Diagnostic[]>();
  for (const d of sorted) {
    const key = groupKey(d);
    const g = groups.get(key);
    if (!g) {
      groups.set(key, {
        key,
        severity: d.severity,
        code: d.code,
        message: d.message,
        ...(d.args ? { args: d.args } : {}),
        same: true,
        count: 1,
        line: d.line,
        column: d.column,
      });
      rows.set(key, [d]);
      continue;
    }
    g.count++;
    rows.get(key)?.push(d);
    if (g.same && g.message !== d.message) {
      g.same = false;
      g.message = messageShape(d.message);
      delete g.args;
    }
  }
  const list = [...groups.values()].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      b.count - a.count ||
      a.line - b.line,
  );
  return { groups: list, rows };
}
