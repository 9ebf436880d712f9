/**
 * The words of kube-proxy's restore lines as the cluster compiler hands them around: plain
 * words, or parts (several words whose meaning was read once, e.g. an endpoint's comment, jump
 * and DNAT), and the small checks both the part makers and the rule reader need.
 */
import {
  type Match,
  type RuleCore,
  type Target,
  deepFreeze,
  type WordsContext,
} from '../../rules/index.ts';
import { parseNatRange } from '../../modules/target/nat-range.ts';
import type { AnyModule } from '../../modules/types.ts';

// the kernel's table/chain check for a target, as the parser's fast path makes it
export { targetAllowed } from '../../rules/index.ts';

/**
 * A module's words whose meaning the proxier already has in hand (a Service's comment, the jump
 * to an endpoint's chain, its DNAT, its `-s ADDRESS`): read once when made, then put in every
 * rule that writes them without a lookup. Big clusters write most rules from a few such parts
 * per endpoint.
 */
export interface RulePart {
  /** the words as kube-proxy writes them, joined by spaces (restore text, full parser) */
  restore: string;
  /** false when the words must be read by the full parser (they may be reported on) */
  plain: boolean;
  /** the match or target words as iptables-save prints them, after a space ('' for none) */
  printed: string;
  match?: Match;
  /** the match alone as a rule's frozen match list, shared by the rules with no other match */
  alone?: Match[] | undefined;
  /** this match then another part's, as a frozen match list, by the other part (see pairOf) */
  pairs?: Map<RulePart, Match[]>;
  /** the match has been first of a pair before */
  paired?: true;
  target?: Target;
  /** core options (frozen; a rule takes them only when nothing else sets core options) */
  core?: RuleCore;
  /** the core options as iptables-save prints them, each after a space */
  coreText?: string;
  /** a target the kernel allows only in some chains, and the protocol it was read for */
  module?: AnyModule;
  protocol?: string;
  /** the context (table, chain kind, protocol) a module's words were read in */
  context?: WordsContext;
}

/**
 * Pieces of printed text as one flat string. A node's iptables-save text is joined from a
 * million pieces, a few per rule, and V8 copies a flat piece in one go where it walks a string
 * made with `+` or a template (a chain of pieces) every time it is copied. Two pieces at least:
 * a join of one may hand back the piece itself.
 */
export function flatText(first: string, ...rest: string[]): string {
  return rest.length ? [first, ...rest].join('') : [first, ''].join('');
}

/** One word of a restore line, or a part standing for several. */
export type RuleWord = string | RulePart;

/** A part the full parser must read. */
export function unreadPart(restore: string): RulePart {
  return { restore, plain: false, printed: '' };
}

/** The words of a rule after `-A CHAIN` as kube-proxy writes them: the parts written out. */
export function restoreLine(args: readonly RuleWord[]): string {
  let s = '';
  for (const a of args) s += `${s ? ' ' : ''}${typeof a === 'string' ? a : a.restore}`;
  return s;
}

/** The text of a double-quoted or bare word, or undefined when it has quotes or escapes inside. */
export function plainWord(w: string): string | undefined {
  if (w.length >= 2 && w.charCodeAt(0) === 34 && w.charCodeAt(w.length - 1) === 34) {
    const inner = w.slice(1, -1);
    return /["'\\]/.test(inner) ? undefined : inner;
  }
  return /["'\\\s]/.test(w) ? undefined : w;
}

/** Whether the module has the option `word` (`--dport`): iptables gives it to the latest that does. */
export function takesOption(module: AnyModule | undefined, word: string): boolean {
  if (module === undefined || !word.startsWith('--')) return false;
  const name = word.slice(2);
  return module.options.some((o) => o.name === name || o.aliases?.includes(name) === true);
}

/** `--to-destination VALUE` read as the parser's fast path reads it, or undefined. */
export function dnatTarget(value: string, portsAllowed: boolean): Target | undefined {
  const r = parseNatRange(value, 'ipv4');
  if (!r.ok || r.value.basePort === 0 || value.startsWith('-')) return undefined;
  if (r.value.minPort !== undefined && !portsAllowed) return undefined;
  return Object.freeze({
    name: 'DNAT',
    kind: 'extension' as const,
    data: deepFreeze({ to: r.value, random: false, persistent: false }),
  });
}
