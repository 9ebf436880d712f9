/**
 * The rules iptables loads for one line of `-s A,B` / `-d C,D` (rule-parser.ts reads them).
 */
import type { Cidr, Negatable, RuleCore } from './model.ts';
import type { ParsedRuleBody } from './rule-parser.ts';

/**
 * The rules iptables loads for one line: one, or one per address of `-s A,B` (per pair, source
 * first, with `-d C,D` too), each with its own core; an address of length 0 drops out of its rule.
 */
export function expandRule(body: ParsedRuleBody): RuleCore[] {
  const several = body.several;
  // a rule in error stays one rule, printed as written
  if (!several || body.invalid) return [body.core];
  const one = (c: Cidr | undefined): Negatable<Cidr> | undefined =>
    c && c.prefix !== 0 ? { value: c, negated: false } : undefined;
  const cores: RuleCore[] = [];
  const sources = several.source ?? [body.core.source?.value];
  const destinations = several.destination ?? [body.core.destination?.value];
  for (const s of sources)
    for (const d of destinations) {
      const core: RuleCore = { ...body.core };
      delete core.source;
      delete core.destination;
      const source = several.source ? one(s) : body.core.source;
      const destination = several.destination ? one(d) : body.core.destination;
      cores.push({
        ...(source ? { source } : {}),
        ...(destination ? { destination } : {}),
        ...core,
      });
    }
  return cores;
}
