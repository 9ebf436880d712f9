/**
 * Prints one rule in iptables' canonical order: -s, -d, -i, -o, -p, -f, then the matches in the
 * order they were given, then the target. This is the text iptables-save and iptables -S print
 * for a rule, and the `ruleText` a trace shows.
 */
import { formatCidr } from './address.ts';
import type { Match, Negatable, Rule, RuleCore, Target } from './model.ts';
import { registry } from '../modules/registry.ts';
import { quoteWord } from './tokenize.ts';

function neg<T>(
  out: string[],
  flag: string,
  v: Negatable<T> | undefined,
  show: (x: T) => string,
): void {
  if (!v) return;
  if (v.negated) out.push('!');
  out.push(flag, show(v.value));
}

export function coreWords(core: RuleCore): string[] {
  const out: string[] = [];
  neg(out, '-s', core.source, formatCidr);
  neg(out, '-d', core.destination, formatCidr);
  neg(out, '-i', core.inInterface, String);
  neg(out, '-o', core.outInterface, String);
  neg(out, '-p', core.protocol, String);
  if (core.fragment) out.push(...(core.fragment.negated ? ['!', '-f'] : ['-f']));
  return out;
}

/**
 * A word of a module the registry does not know, printed so that it reads back the same: quoted
 * only when blanks or quotes inside would split or change it (`--set-class 1:2` stays bare).
 */
function rawWord(w: string): string {
  return w === '' || /[\s"'\\]/.test(w) ? quoteWord(w) : w;
}

export function matchWords(m: Match): string[] {
  if (m.unknown) return ['-m', m.module, ...(m.data as { raw: string[] }).raw.map(rawWord)];
  const mod = registry.matches.get(m.module);
  return mod ? ['-m', m.module, ...mod.save(m.data)] : ['-m', m.module];
}

export function targetWords(t: Target): string[] {
  const flag = t.kind === 'goto' ? '-g' : '-j';
  if (t.kind === 'extension' && !t.unknown) {
    const mod = registry.targets.get(t.name);
    if (mod) return [flag, t.name, ...mod.save(t.data)];
  }
  const raw = (t.data as { raw?: string[] } | null)?.raw ?? [];
  return [flag, t.name, ...raw.map(rawWord)];
}

/** The rule's words after `-A CHAIN`. */
export function ruleBodyWords(rule: Pick<Rule, 'core' | 'matches' | 'target'>): string[] {
  const out = coreWords(rule.core);
  for (const m of rule.matches) out.push(...matchWords(m));
  if (rule.target) out.push(...targetWords(rule.target));
  return out;
}

/** `-A CHAIN …` exactly as iptables-save prints the rule (without counters). */
export function ruleText(rule: Pick<Rule, 'chain' | 'core' | 'matches' | 'target'>): string {
  const body = ruleBodyWords(rule);
  return body.length ? `-A ${rule.chain} ${body.join(' ')}` : `-A ${rule.chain}`;
}

/**
 * A rule the parser could not read whole, as it was written (without a leading `[p:b]`): printing
 * what the model holds of it would leave parts out, and could make it broader than written. Only
 * for a rule read from an `-A` line (iptables-save or -S text); undefined for any other rule.
 */
export function asWritten(rule: Pick<Rule, 'invalid' | 'source'>): string | undefined {
  if (!rule.invalid) return undefined;
  const m = /^(?:\[[0-9]+:[0-9]+\][ \t]+)?(-[AI][ \t].*|--(?:append|insert)[ \t].*)$/.exec(
    rule.source,
  );
  return m ? m[1]!.trimEnd() : undefined;
}
