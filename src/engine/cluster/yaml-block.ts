/**
 * A reader for plain block YAML, the way big manifest files are written: `key: value` mappings,
 * `- item` sequences (also at their key's indent and compact, `- name: x`), plain, single- and
 * double-quoted one-line scalars, `{}` and `[]`, comment lines before a document's content, a
 * comment after a value, `---` between documents. It gives the values the `yaml` package's
 * toJS() gives and the node ranges it gives (start, and end as `range[1]`), an order of
 * magnitude faster, because it builds no document model.
 *
 * Anything else (anchors, aliases, tags, flow collections with content, block and multi-line
 * scalars, escapes, tabs, CR, directives, numbers other than decimal integers, duplicate or
 * non-string keys, comment lines inside a document, whose ranges the yaml package works out in
 * its own way) makes it give up on the whole text, and the caller reads it with the `yaml`
 * package. yaml-block.test.ts holds it to that package on every text it accepts.
 */

/** Where a node sits: its range and, for collections, its entries' (a value tree beside toJS). */
export interface YamlShade {
  start: number;
  end: number;
  /** mappings: the keys in order and each key's [start, end) */
  keys?: string[];
  keyRanges?: number[];
  /** each entry's value: its shade (scalars too) */
  items?: YamlShade[];
}

export interface BlockDocument {
  value: unknown;
  shade: YamlShade;
}

/** Thrown inside the reader when the text needs the full `yaml` package; never escapes. */
const GIVE_UP = Symbol('give up');

const INDICATORS = new Set([...'-?:,[]{}#&*!|>\'"%@`']);
const NULL_WORD = /^(?:~|[Nn]ull|NULL)$/;
const BOOL_WORD = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const DECIMAL = /^[-+]?[0-9]+$/;
/** the core schema's other numbers (floats, octal, hex, .inf, .nan): left to the yaml package */
const OTHER_NUMBER =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|0o[0-7]+|0x[0-9a-fA-F]+)$/;

/** A plain scalar's value under the YAML 1.2 core schema, as the yaml package resolves it. */
function plainValue(s: string): unknown {
  const c = s.charCodeAt(0);
  // most words start with a letter that no special value starts with
  if (c >= 97 && c <= 122 && c !== 110 && c !== 116 && c !== 102) return s;
  if (NULL_WORD.test(s)) return null;
  if (BOOL_WORD.test(s)) return s.charCodeAt(0) === 116 || s.charCodeAt(0) === 84;
  if (DECIMAL.test(s)) return parseInt(s, 10);
  if (OTHER_NUMBER.test(s)) throw GIVE_UP;
  return s;
}

class BlockReader {
  private readonly n: number;
  /**
   * Keys and short plain words, one string each: a big manifest file repeats the same few
   * (apiVersion, metadata, TCP …) tens of thousands of times, and every copy would live as long
   * as the values do.
   */
  private readonly words = new Map<string, string>();
  /** the current line: its start, its end (the newline or the end of text) and its indent */
  private start = 0;
  private end = 0;
  private indent = 0;
  /** the end of the current document: the start of its `---` line, or the end of the text */
  private docEnd = 0;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  read(): BlockDocument[] {
    const t = this.text;
    if (/[\t\r\\\uFEFF]/.test(t)) throw GIVE_UP;
    const docs: BlockDocument[] = [];
    let from = 0;
    while (from <= this.n) {
      // the document runs to the next line starting with `---`, which must be just that
      let next = -1;
      const at = t.startsWith('---', from) ? from : t.indexOf('\n---', Math.max(0, from - 1));
      if (at >= 0) {
        next = t.charCodeAt(at) === 10 ? at + 1 : at;
        const lineEnd = t.indexOf('\n', next);
        // `--- text`, `----`: left to the yaml package
        if ((lineEnd < 0 ? this.n : lineEnd) - next !== 3) throw GIVE_UP;
      }
      this.docEnd = next < 0 ? this.n : next;
      const doc = this.document(from);
      if (doc) docs.push(doc);
      if (next < 0) break;
      const nl = t.indexOf('\n', next);
      from = nl < 0 ? this.n + 1 : nl + 1;
    }
    return docs;
  }

  private word(w: string): string {
    const known = this.words.get(w);
    if (known !== undefined) return known;
    this.words.set(w, w);
    return w;
  }

  /** Moves to the line starting at `at`; false at the end of the document. */
  private line(at: number): boolean {
    if (at >= this.docEnd) return false;
    const t = this.text;
    let nl = t.indexOf('\n', at);
    if (nl < 0 || nl > this.docEnd) nl = Math.min(this.n, this.docEnd);
    this.start = at;
    this.end = nl;
    let i = at;
    while (i < nl && t.charCodeAt(i) === 32) i++;
    this.indent = i - at;
    return true;
  }

  private blank(): boolean {
    return this.start + this.indent === this.end;
  }

  /** The next line with content; a comment line there gives up (see the header). */
  private contentFrom(at: number): boolean {
    while (this.line(at)) {
      if (!this.blank()) {
        if (this.text.charCodeAt(this.start + this.indent) === 35) throw GIVE_UP;
        return true;
      }
      at = this.end + 1;
    }
    return false;
  }

  private document(from: number): BlockDocument | undefined {
    // comment lines and blank lines before the content
    let at = from;
    for (;;) {
      if (!this.line(at)) return undefined;
      const c = this.text.charCodeAt(this.start + this.indent);
      if (!this.blank() && c !== 35) break;
      at = this.end + 1;
    }
    const t = this.text;
    const first = t.charCodeAt(this.start);
    if (this.indent !== 0 || first === 37 /* % */ || t.startsWith('...', this.start)) throw GIVE_UP;
    const node = this.block(0);
    // after the content: blank lines only
    if (this.contentFrom(this.nextLine)) throw GIVE_UP;
    return node;
  }

  /** where the line after the last one read starts */
  private nextLine = 0;

  /** A mapping or sequence starting at column `col` of the current line. */
  private block(col: number): BlockDocument & { after: number } {
    const t = this.text;
    const p = this.start + col;
    if (t.charCodeAt(p) === 45 && (p + 1 === this.end || t.charCodeAt(p + 1) === 32))
      return this.sequence(col);
    if (this.keyColon(p) >= 0) return this.mapping(col);
    throw GIVE_UP;
  }

  /** The colon ending a plain key that starts at p, or -1 when the line is no `key:` line. */
  private keyColon(p: number): number {
    const t = this.text;
    if (INDICATORS.has(t[p]!)) return -1;
    const e = this.end;
    for (let c = p; c < e; c++)
      if (t.charCodeAt(c) === 58 && (c + 1 === e || t.charCodeAt(c + 1) === 32)) return c;
    return -1;
  }

  private mapping(col: number): BlockDocument & { after: number } {
    const t = this.text;
    const value: Record<string, unknown> = {};
    const keys: string[] = [];
    const keyRanges: number[] = [];
    const items: YamlShade[] = [];
    const start = this.start + col;
    let after: number;
    for (;;) {
      const p = this.start + col;
      const colon = this.keyColon(p);
      if (colon < 0) throw GIVE_UP;
      const key = this.word(t.slice(p, colon));
      if (
        t.charCodeAt(colon - 1) === 32 ||
        key.includes(' #') ||
        key.length > 1000 ||
        key === '__proto__' ||
        key === '<<' ||
        typeof plainValue(key) !== 'string' ||
        Object.prototype.hasOwnProperty.call(value, key)
      )
        throw GIVE_UP;
      keys.push(key);
      keyRanges.push(p, colon);
      let v = colon + 1;
      while (v < this.end && t.charCodeAt(v) === 32) v++;
      let item: BlockDocument & { after: number };
      if (v === this.end) {
        // the value is on the lines below, or there is none
        const empty = this.end;
        const more = this.contentFrom(this.end + 1);
        const c = this.start + this.indent;
        if (more && this.indent > col) item = this.block(this.indent);
        else if (
          more &&
          this.indent === col &&
          t.charCodeAt(c) === 45 &&
          (c + 1 === this.end || t.charCodeAt(c + 1) === 32)
        )
          item = this.sequence(col);
        else {
          item = { value: null, shade: { start: empty, end: empty }, after: empty };
          this.nextLine = more ? this.start : this.docEnd;
        }
      } else {
        item = this.scalar(v);
        this.nextLine = this.end + 1;
      }
      value[key] = item.value;
      items.push(item.shade);
      after = item.after;
      // the next entry: the same indent; less ends the mapping, more is not block YAML we read
      if (!this.contentFrom(this.nextLine)) break;
      if (this.indent > col) throw GIVE_UP;
      if (this.indent < col) break;
      const c = this.start + col;
      if (t.charCodeAt(c) === 45 && (c + 1 === this.end || t.charCodeAt(c + 1) === 32)) break;
    }
    return { value, shade: { start, end: after, keys, keyRanges, items }, after };
  }

  private sequence(col: number): BlockDocument & { after: number } {
    const t = this.text;
    const value: unknown[] = [];
    const items: YamlShade[] = [];
    const start = this.start + col;
    let after: number;
    for (;;) {
      // `-` at col, then the item on this line or on the lines below
      let v = this.start + col + 1;
      while (v < this.end && t.charCodeAt(v) === 32) v++;
      let item: BlockDocument & { after: number };
      if (v === this.end) {
        const empty = this.end;
        const more = this.contentFrom(this.end + 1);
        if (more && this.indent > col) item = this.block(this.indent);
        else {
          item = { value: null, shade: { start: empty, end: empty }, after: empty };
          this.nextLine = more ? this.start : this.docEnd;
        }
      } else {
        const c = t.charCodeAt(v);
        if (c === 45 && (v + 1 === this.end || t.charCodeAt(v + 1) === 32))
          item = this.sequence(v - this.start);
        else if (this.keyColon(v) >= 0) item = this.mapping(v - this.start);
        else {
          item = this.scalar(v);
          this.nextLine = this.end + 1;
        }
      }
      value.push(item.value);
      items.push(item.shade);
      after = item.after;
      if (!this.contentFrom(this.nextLine)) break;
      if (this.indent > col) throw GIVE_UP;
      if (this.indent < col) break;
      const c = this.start + col;
      if (!(t.charCodeAt(c) === 45 && (c + 1 === this.end || t.charCodeAt(c + 1) === 32))) break;
    }
    return { value, shade: { start, end: after, items }, after };
  }

  /** A one-line scalar (or `{}`/`[]`) at v, up to the end of the current line. */
  private scalar(v: number): BlockDocument & { after: number } {
    const t = this.text;
    const e = this.end;
    const after = e < this.n ? e + 1 : e;
    const c = t[v]!;
    let value: unknown;
    let close: number; // just past the value's text
    if (c === '"' || c === "'") {
      close = t.indexOf(c, v + 1);
      if (c === "'")
        while (close >= 0 && close < e && t.charCodeAt(close + 1) === 39)
          close = t.indexOf(c, close + 2);
      if (close < 0 || close >= e) throw GIVE_UP;
      close++;
      const inner = t.slice(v + 1, close - 1);
      value = c === "'" ? inner.replaceAll("''", "'") : inner;
    } else if (c === '{' || c === '[') {
      if (t.charCodeAt(v + 1) !== (c === '{' ? 125 : 93)) throw GIVE_UP;
      close = v + 2;
      value = c === '{' ? {} : [];
    } else {
      if (INDICATORS.has(c) && !(c === '-' && t.charCodeAt(v + 1) !== 32 && v + 1 < e))
        throw GIVE_UP;
      // a plain scalar ends at a comment or the end of the line
      let stop = v + 1;
      while (stop < e && !(t.charCodeAt(stop) === 35 && t.charCodeAt(stop - 1) === 32)) stop++;
      close = stop;
      while (close > v && t.charCodeAt(close - 1) === 32) close--;
      const s = close - v <= 24 ? this.word(t.slice(v, close)) : t.slice(v, close);
      const colon = s.indexOf(': ');
      if (colon >= 0 || s.endsWith(':')) throw GIVE_UP;
      value = plainValue(s);
    }
    // after the value: spaces, then a comment or nothing
    let i = close;
    while (i < e && t.charCodeAt(i) === 32) i++;
    if (i < e && (t.charCodeAt(i) !== 35 || i === close)) throw GIVE_UP;
    return { value, shade: { start: v, end: close }, after };
  }
}

/** The documents of a plain block YAML text, or undefined when it needs the full yaml package. */
export function readBlockYaml(text: string): BlockDocument[] | undefined {
  try {
    return new BlockReader(text).read();
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/** 1-based line and column of each offset, as the yaml package's LineCounter gives them. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  linePos(offset: number): { line: number; col: number } {
    const s = this.starts;
    let low = 0;
    let high = s.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (s[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    if (s[low] === offset) return { line: low + 1, col: 1 };
    return { line: low, col: offset - s[low - 1]! + 1 };
  }
}
