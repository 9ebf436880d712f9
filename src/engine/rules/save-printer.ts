/** Prints a ruleset as iptables-save does, optionally with `-c` counters. */
import type { Ruleset } from './model.ts';
import { ruleText } from './rule-printer.ts';

export interface SavePrintOptions {
  /** print `[packets:bytes]` before each rule, as `iptables-save -c` does */
  counters?: boolean;
}

export function printSave(ruleset: Ruleset, opts: SavePrintOptions = {}): string {
  const out: string[] = [];
  for (const table of ruleset.tables) {
    out.push(`*${table.name}`);
    for (const c of table.chains) {
      const cnt = c.counters ?? { packets: 0, bytes: 0 };
      out.push(`:${c.name} ${c.builtin ? (c.policy ?? 'ACCEPT') : '-'} [${cnt.packets}:${cnt.bytes}]`);
    }
    for (const c of table.chains) {
      for (const r of c.rules) {
        const text = ruleText(r);
        if (opts.counters) {
          const rc = r.counters ?? { packets: 0, bytes: 0 };
          out.push(`[${rc.packets}:${rc.bytes}] ${text}`);
        } else out.push(text);
      }
    }
    out.push('COMMIT');
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
