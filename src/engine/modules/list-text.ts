/**
 * The kit a module uses to read its own `iptables -L` text back (`tcp dpt:80` → `-m tcp --dport
 * 80`, `MARK or 0x4000` → `--set-xmark 0x4000/0x4000`). rules/list-extras.ts walks a row's
 * trailing text and asks each module's `readList` in registry order; the forms are those
 * iptables 1.8.9 prints, with and without -n.
 */

export interface ExtraWord {
  text: string;
  /** free text (a comment, a log prefix): never read as `!` or as an option */
  quoted?: true;
}

export interface ListMatchHit {
  end: number;
  /** `-m NAME OPTIONS…` */
  words: ExtraWord[];
}

/**
 * Reads one match's text at `pos` of the trailing text, or answers undefined. `known(at)` tells
 * whether some module's text (or the target's) starts at `at`, for text that can hold its own end
 * marker (a comment holding ` *\/`).
 */
export type ListMatchReader = (
  text: string,
  pos: number,
  known: (at: number) => boolean,
) => ListMatchHit | undefined;

/** Reads a target's text (the rest of the row) into its options; `rename` for CT's NOTRACK. */
export type ListTargetReader = (
  rest: string,
) => { words: ExtraWord[]; rename?: string } | undefined;

/** Option words from texts; false and undefined are left out. */
export const w = (...texts: (string | false | undefined)[]): ExtraWord[] =>
  texts.filter((t): t is string => typeof t === 'string').map((text) => ({ text }));

export const free = (text: string): ExtraWord => ({ text, quoted: true });

export const atBoundary = (text: string, end: number): boolean =>
  end === text.length || text.charCodeAt(end) === 32;

/** A reader from a sticky regex; it must end where a word ends. */
export function re(
  pattern: RegExp,
  build: (m: RegExpExecArray) => ExtraWord[] | undefined,
): ListMatchReader {
  const sticky = new RegExp(pattern.source, 'y');
  return (text, pos) => {
    sticky.lastIndex = pos;
    const m = sticky.exec(text);
    if (!m || !atBoundary(text, sticky.lastIndex)) return undefined;
    const words = build(m);
    return words ? { end: sticky.lastIndex, words } : undefined;
  };
}

/** The first of several readers that reads the text. */
export function firstOf(...readers: readonly ListMatchReader[]): ListMatchReader {
  return (text, pos, known) => {
    for (const r of readers) {
      const hit = r(text, pos, known);
      if (hit) return hit;
    }
    return undefined;
  };
}

/** A reader for a module that prints several parts, each with its own option. */
export function parts(
  head: string | undefined,
  module: string,
  part: RegExp,
  build: (m: RegExpExecArray) => ExtraWord[] | undefined,
): ListMatchReader {
  const sticky = new RegExp(part.source, 'y');
  return (text, pos) => {
    let at = pos;
    let needSpace = false;
    if (head !== undefined) {
      if (!text.startsWith(head, at) || !atBoundary(text, at + head.length)) return undefined;
      at += head.length;
      needSpace = true;
    }
    const words = w('-m', module);
    let found = 0;
    for (;;) {
      if (needSpace && text.charCodeAt(at) !== 32) break;
      sticky.lastIndex = needSpace ? at + 1 : at;
      const m = sticky.exec(text);
      const built = m && atBoundary(text, sticky.lastIndex) ? build(m) : undefined;
      if (!built) break;
      words.push(...built);
      at = sticky.lastIndex;
      found++;
      needSpace = true;
    }
    if (found === 0 && head === undefined) return undefined;
    return { end: at, words };
  };
}

/** A target reader from one whole-text regex. */
export const wholeText =
  (pattern: RegExp, build: (m: RegExpExecArray) => ExtraWord[] | undefined): ListTargetReader =>
  (rest) => {
    const m = pattern.exec(rest);
    const words = m ? build(m) : undefined;
    return words ? { words } : undefined;
  };

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

/** `set|xset|and|or|xor VALUE[/MASK]` as MARK and CONNMARK print it → `--set-xmark VALUE/MASK`. */
export function xmark(
  op: string,
  value: string,
  mask: string | undefined,
): ExtraWord[] | undefined {
  const v = parseInt(value.slice(2), 16);
  const m = mask === undefined ? undefined : parseInt(mask.slice(2), 16);
  if (!Number.isFinite(v) || (mask !== undefined && !Number.isFinite(m))) return undefined;
  switch (op) {
    case 'set':
      return w('--set-xmark', `${hex(v)}/0xffffffff`);
    case 'xset':
      return m === undefined ? undefined : w('--set-xmark', `${hex(v)}/${hex(m)}`);
    case 'and':
      return w('--set-xmark', `0x0/${hex(~v)}`);
    case 'or':
      return w('--set-xmark', `${hex(v)}/${hex(v)}`);
    case 'xor':
      return w('--set-xmark', `${hex(v)}/0x0`);
  }
  return undefined;
}

function natFlags(words: string[], allowed: readonly string[]): ExtraWord[] | undefined {
  const out: ExtraWord[] = [];
  for (const x of words) {
    if (!allowed.includes(x)) return undefined;
    out.push({ text: `--${x}` });
  }
  return out;
}

/** `to:ADDR[:PORTS] [random] …` as DNAT and SNAT print it. */
export function natTarget(option: string, allowed: readonly string[]): ListTargetReader {
  return (rest) => {
    const words = rest.split(' ');
    const first = words[0] ?? '';
    if (!first.startsWith('to:')) return undefined;
    const flags = natFlags(words.slice(1), allowed);
    return flags ? { words: [...w(option, first.slice(3)), ...flags] } : undefined;
  };
}

/** `HEAD… PORTS [random]` as MASQUERADE and REDIRECT print it. */
export function portsTarget(head: readonly string[]): ListTargetReader {
  return (rest) => {
    const words = rest.split(' ');
    const out: ExtraWord[] = [];
    let i = 0;
    if (head.every((h, k) => words[k] === h) && words[head.length]) {
      out.push(...w('--to-ports', words[head.length]));
      i = head.length + 1;
    }
    const flags = natFlags(words.slice(i), ['random', 'random-fully']);
    return flags && (out.length || flags.length) ? { words: [...out, ...flags] } : undefined;
  };
}
