// Loads many generated rules into a namespace with the real iptables-restore and says, for each,
// whether it loaded and which lines iptables-save prints for it. Each rule is preceded by a marker
// rule in its chain (a comment naming it), so the rules iptables-save prints after a marker are
// that rule's, however many it became. A failing restore names the line it failed at; that rule is
// refused and the rest restored again, and a failure without a line is bisected.
import { spawn } from 'node:child_process';
import { inNetns, runIn } from '../run.ts';

/** Runs iptables-restore in `ns` without blocking, so several namespaces load at once. */
function restoreIn(ns: string, text: string): Promise<{ status: number; stderr: string }> {
  return new Promise((resolve) => {
    const [cmd, ...args] = inNetns(ns, ['iptables-restore']);
    const child = spawn(cmd!, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => resolve({ status: status ?? -1, stderr }));
    child.stdin.end(text);
  });
}

export interface RestoreCase {
  table: string;
  chain: string;
  /** the words after `-A CHAIN` */
  body: string;
}

export interface RestoreOutcome {
  loaded: boolean;
  /** what iptables-save printed for the rule (without the marker); empty when refused */
  saved: string[];
  /** iptables-restore's complaint when refused */
  error?: string;
}

const marker = (i: number): string => `nlk-case-${i}`;

/** The restore text of these cases, and which case each line number is the rule of. */
function restoreText(
  cases: readonly RestoreCase[],
  ids: readonly number[],
  chains: Readonly<Record<string, readonly string[]>>,
  userChains: readonly string[],
): { text: string; lineOf: Map<number, number> } {
  const lines: string[] = [];
  const lineOf = new Map<number, number>();
  for (const table of Object.keys(chains)) {
    const mine = ids.filter((i) => cases[i]!.table === table);
    lines.push(`*${table}`);
    for (const c of chains[table]!) lines.push(`:${c} ACCEPT [0:0]`);
    for (const c of userChains) lines.push(`:${c} - [0:0]`);
    for (const i of mine) {
      const c = cases[i]!;
      lines.push(`-A ${c.chain} -m comment --comment ${marker(i)}`);
      lines.push(`-A ${c.chain} ${c.body}`);
      lineOf.set(lines.length, i);
    }
    lines.push('COMMIT');
  }
  return { text: `${lines.join('\n')}\n`, lineOf };
}

/** The rules iptables-save printed after each case's marker. */
function savedByCase(ns: string, out: Map<number, RestoreOutcome>): void {
  const saved = runIn(ns, ['iptables-save']).stdout;
  let current: RestoreOutcome | undefined;
  let chain = '';
  for (const line of saved.split('\n')) {
    const m = /^-A (\S+) ?(.*)$/.exec(line);
    if (!m) continue;
    const id = /^-m comment --comment nlk-case-(\d+)$/.exec(m[2]!);
    if (id) {
      current = out.get(Number(id[1]));
      chain = m[1]!;
    } else if (current && m[1] === chain) current.saved.push(line);
  }
}

/**
 * Loads every case, `batchSize` at a time, spreading the batches over the namespaces `spaces`
 * (each needs the same sets and nothing else loaded).
 */
export async function restoreCases(
  spaces: readonly string[],
  cases: readonly RestoreCase[],
  chains: Readonly<Record<string, readonly string[]>>,
  userChains: readonly string[],
  batchSize = 40,
): Promise<RestoreOutcome[]> {
  const out = new Map<number, RestoreOutcome>();
  const settle = async (ns: string, ids: number[]): Promise<void> => {
    let pending = ids;
    while (pending.length > 0) {
      const { text, lineOf } = restoreText(cases, pending, chains, userChains);
      const r = await restoreIn(ns, text);
      if (r.status === 0) {
        for (const i of pending) out.set(i, { loaded: true, saved: [] });
        savedByCase(ns, out);
        return;
      }
      const error = r.stderr.trim();
      const at = /line:? (\d+)/.exec(error);
      const failed = at ? lineOf.get(Number(at[1])) : undefined;
      if (failed !== undefined) {
        out.set(failed, { loaded: false, saved: [], error });
        pending = pending.filter((i) => i !== failed);
      } else if (pending.length === 1) {
        out.set(pending[0]!, { loaded: false, saved: [], error });
        return;
      } else {
        const half = Math.ceil(pending.length / 2);
        await settle(ns, pending.slice(0, half));
        await settle(ns, pending.slice(half));
        return;
      }
    }
  };
  const batches: number[][] = [];
  for (let k = 0; k < cases.length; k += batchSize)
    batches.push(Array.from({ length: Math.min(batchSize, cases.length - k) }, (_, j) => k + j));
  await Promise.all(
    spaces.map(async (ns) => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) await settle(ns, batch);
    }),
  );
  return cases.map((_, i) => out.get(i)!);
}
