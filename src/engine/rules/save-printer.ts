/** Prints a ruleset as iptables-save does, optionally with `-c` counters. */
import type { Chain, Ruleset } from './model.ts';
import { CopiedSave, type CopiedLines } from './copied-lines.ts';
import { asWritten, ruleText } from './rule-printer.ts';
import { sourcesAreCanonical } from './canonical.ts';

export interface SavePrintOptions {
  /** print `[packets:bytes]` before each rule, as `iptables-save -c` does */
  counters?: boolean;
}

export function printSave(ruleset: Ruleset, opts: SavePrintOptions = {}): string {
  const out: string[] = [];
  for (const table of ruleset.tables) {
    out.push(`*${table.name}`);
    for (const c of table.chains) out.push(chainLine(c));
    for (const c of table.chains) {
      // a dump read from iptables-save text is printed back from its lines where they are canonical
      const copy = sourcesAreCanonical(table, c);
      for (const r of c.rules) {
        // a rule read with errors is printed as written, never with a part of it left out
        const text = copy ? r.source : (asWritten(r) ?? ruleText(r));
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

/** A chain's `:NAME POLICY [packets:bytes]` line. */
function chainLine(c: Chain): string {
  const cnt = c.counters ?? { packets: 0, bytes: 0 };
  return `:${c.name} ${c.builtin ? (c.policy ?? 'ACCEPT') : '-'} [${cnt.packets}:${cnt.bytes}]`;
}

/** printSave of a ruleset the save parser read in copy mode: its rule lines are copied. */
export function printCopiedSave(ruleset: Ruleset, copied: CopiedLines): CopiedSave {
  const out = new CopiedSave(copied.text);
  for (const table of ruleset.tables) {
    out.line(`*${table.name}`);
    for (const c of table.chains) out.line(chainLine(c));
    copied.copyRules(table, out);
    out.line('COMMIT');
  }
  return out;
}
