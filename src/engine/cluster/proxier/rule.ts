/**
 * The proxier's rules written as the lines they become:
 *
 *   rule`-t nat -A ${chain} -m comment --comment "${name} cluster IP" -j KUBE-MARK-MASQ`
 *
 * The template is read once per call site (its words, where its holes go) and each call only
 * fills the holes in. A hole is one word, or several:
 * - a string or number: one word, double-quoted (with `"` and `\` escaped) when it has blanks,
 *   quotes or backslashes, as iptables-restore needs to read it back as one word;
 * - a RulePart: several words read once (rule-part.ts), kept as the part;
 * - an array: words as they are (a detector's `! -s 10.0.0.0/8`, an optional `--random-fully`).
 * Inside a double-quoted word of the template a hole is text of that word, escaped but not
 * quoted again. A hole must be a whole word or sit inside quotes: `--mark ${a}/${b}` is refused.
 * rule.test.ts holds the quoting and the refusals.
 */
import type { RulePart, RuleWord } from '../restore/restore-rule.ts';

export type RestoreTable = 'filter' | 'nat';

/** One line of kube-proxy's restore input: `-A CHAIN ARGS` in `*TABLE`. */
export interface RuleLine {
  table: RestoreTable;
  chain: string;
  /** the words after `-A CHAIN`, as kube-proxy writes them (parts stand for several) */
  args: RuleWord[];
}

export type RuleHole = string | number | RulePart | readonly RuleWord[];

/** A quoted word with holes: its text pieces and the indexes of its holes, in order. */
interface QuotedWord {
  pieces: (string | number)[];
}

/** A word of the template after `-A CHAIN`: a fixed word, a hole's index, or a quoted word. */
type Op = string | number | QuotedWord;

interface Plan {
  table: RestoreTable;
  /** the chain, or the index of the hole that gives it */
  chain: string | number;
  ops: Op[];
}

const plans = new WeakMap<TemplateStringsArray, Plan>();

export function rule(strings: TemplateStringsArray, ...holes: RuleHole[]): RuleLine {
  let plan = plans.get(strings);
  if (plan === undefined) plans.set(strings, (plan = planOf(strings)));
  const ops = plan.ops;
  // made at its final length: 160,000 of these, and a pushed-to array keeps room to grow
  let n = ops.length;
  for (const op of ops) {
    const hole = typeof op === 'number' ? holes[op] : undefined;
    if (Array.isArray(hole)) n += hole.length - 1;
  }
  const args = new Array<RuleWord>(n);
  let k = 0;
  for (const op of ops) {
    if (typeof op === 'string') args[k++] = op;
    else if (typeof op !== 'number') args[k++] = quotedText(op, holes);
    else {
      const hole = holes[op]!;
      if (typeof hole === 'string') args[k++] = restoreWord(hole);
      else if (typeof hole === 'number') args[k++] = String(hole);
      else if (Array.isArray(hole)) for (const w of hole as readonly RuleWord[]) args[k++] = w;
      else args[k++] = hole as RulePart;
    }
  }
  const chain = typeof plan.chain === 'string' ? plan.chain : holes[plan.chain];
  if (typeof chain !== 'string') throw new Error('rule: the chain must be a string');
  return { table: plan.table, chain, args };
}

const NEEDS_QUOTES = /[\s"'\\]/;
const NEEDS_ESCAPES = /["\\]/g;

/** A word as iptables-restore reads it back whole: bare when it can be, else double-quoted. */
export function restoreWord(text: string): string {
  return text !== '' && !NEEDS_QUOTES.test(text) ? text : `"${escapeQuoted(text)}"`;
}

/** Text inside double quotes: iptables-restore takes a backslash to escape the next character. */
function escapeQuoted(text: string): string {
  return text.includes('"') || text.includes('\\') ? text.replace(NEEDS_ESCAPES, '\\$&') : text;
}

function quotedText(word: QuotedWord, holes: RuleHole[]): string {
  let text = '';
  for (const p of word.pieces) {
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    const hole = holes[p];
    if (typeof hole === 'number') text += String(hole);
    else if (typeof hole === 'string') text += escapeQuoted(hole);
    else throw new Error('rule: only strings and numbers go inside quotes');
  }
  return text;
}

/** A template word being read: its pieces, whether it is quoted, whether its quotes closed. */
interface WordDraft {
  pieces: (string | number)[];
  quoted: boolean;
  closed: boolean;
}

/** Reads a template's words; refuses holes glued to text outside quotes. */
function planOf(strings: TemplateStringsArray): Plan {
  const refuse = (why: string): never => {
    throw new Error(`rule: ${why} in \`${strings.join('${…}')}\``);
  };
  const words: WordDraft[] = [];
  let open: WordDraft | null = null;
  const last = strings.length - 1;
  for (let i = 0; i <= last; i++) {
    for (const ch of strings[i]!) {
      const w: WordDraft | null = open;
      if (w !== null && w.quoted && !w.closed) {
        if (ch === '"') w.closed = true;
        else if (ch === '\n') refuse('a line break inside quotes');
        else appendText(w, ch);
      } else if (/\s/.test(ch)) open = null;
      else if (w === null) {
        const quoted = ch === '"';
        words.push((open = { pieces: [quoted ? '' : ch], quoted, closed: false }));
      } else if (ch === '"') refuse('a quote inside a word');
      else if (w.closed) refuse('a word going on after its closing quote');
      else if (typeof w.pieces[0] === 'number') refuse('a hole glued to text');
      else appendText(w, ch);
    }
    if (i === last) break;
    const w: WordDraft | null = open;
    if (w === null) words.push((open = { pieces: [i], quoted: false, closed: false }));
    else if (w.quoted && !w.closed) w.pieces.push(i, '');
    else refuse('a hole glued to text');
  }
  const w: WordDraft | null = open;
  if (w !== null && w.quoted && !w.closed) refuse('an unclosed quote');
  return planWords(words, refuse);
}

function appendText(w: WordDraft, text: string): void {
  const i = w.pieces.length - 1;
  if (typeof w.pieces[i] === 'string') w.pieces[i] += text;
  else w.pieces.push(text);
}

/** `-t TABLE -A CHAIN`, then the words after it. */
function planWords(words: WordDraft[], refuse: (why: string) => never): Plan {
  const fixed = (w: WordDraft | undefined): string | undefined =>
    w && !w.quoted && typeof w.pieces[0] === 'string' ? w.pieces[0] : undefined;
  const table = fixed(words[1]);
  if (fixed(words[0]) !== '-t' || (table !== 'filter' && table !== 'nat'))
    return refuse('no "-t filter" or "-t nat" first');
  const chain = words[3];
  if (fixed(words[2]) !== '-A' || chain === undefined || chain.quoted)
    return refuse('no "-A CHAIN" after the table');
  const ops = words.slice(4).map((w): Op => {
    if (!w.quoted) return w.pieces[0]!;
    const pieces = quotedPieces(w.pieces);
    return pieces.length === 1 ? (pieces[0] as string) : { pieces };
  });
  return { table, chain: chain.pieces[0]!, ops };
}

/** A quoted word's pieces with its quotes put back and no empty text between holes. */
function quotedPieces(inner: (string | number)[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (const p of ['"', ...inner, '"']) {
    const i = out.length - 1;
    if (typeof p !== 'string') out.push(p);
    else if (typeof out[i] === 'string') out[i] += p;
    else if (p !== '') out.push(p);
  }
  return out;
}
