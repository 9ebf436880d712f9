/**
 * The kernel keeps one hashlimit table per `--hashlimit-name` in a family (IPv4 or IPv6), made by
 * the first rule loaded that names it and shared by every later one, whatever its iptables table.
 * A table measures either the token bucket or, with `--hashlimit-rate-match`, the rate per
 * interval, and the kernel refuses (EINVAL) a rule that names a table of the other kind: the
 * differential test (tests/kernel/differential) found it, and hashlimit-tables in the kernel suite
 * holds it. Rules are checked in the order iptables-restore loads them.
 */
import type { Diagnostic } from './diagnostics.ts';
import type { Rule } from './model.ts';
import type { HashlimitData } from '../modules/match/hashlimit.ts';
import { wordSpan } from './rule-place.ts';

interface MadeBy {
  rateMatch: boolean;
  line: number;
}

export class HashlimitTables {
  private readonly made = new Map<string, MadeBy>();

  /** Notes the tables `rule` names, reporting one whose kind differs; true when it reported. */
  check(rule: Rule, out: Diagnostic[]): boolean {
    // a rule iptables refuses anyway makes no table
    if (rule.invalid) return false;
    let refused = false;
    for (const m of rule.matches) {
      if (m.module !== 'hashlimit' || m.unknown) continue;
      const d = m.data as HashlimitData;
      const first = this.made.get(d.name);
      if (!first) {
        this.made.set(d.name, { rateMatch: d.rateMatch, line: rule.span.line });
        continue;
      }
      if (first.rateMatch === d.rateMatch) continue;
      const [mine, theirs] = first.rateMatch ? ['without', 'with'] : ['with', 'without'];
      out.push({
        code: 'bad-value',
        severity: 'error',
        message: `the kernel refuses this rule: hashlimit table "${d.name}" was made ${theirs} --hashlimit-rate-match by the rule on line ${first.line}, and this rule names it ${mine} (give it its own --hashlimit-name)`,
        ...wordSpan(rule, ['--hashlimit-name']),
      });
      refused = true;
    }
    return refused;
  }
}
