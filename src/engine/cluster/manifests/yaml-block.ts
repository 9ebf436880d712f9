/**
 * A reader for plain block YAML, the way big manifest files are written: `key: value` mappings,
 * `- item` sequences (also at their key's indent and compact, `- name: x`), plain, single- and
 * double-quoted one-line scalars, `{}` and `[]`, comment lines before a document's content, a
 * comment after a value, `---` between documents. It gives the values the `yaml` package's
 * toJS() gives and the node ranges it gives (start, and end as `range[1]`), an order of
 * magnitude faster, because it builds no document model: the ranges go into a flat ShadeTree.
 *
 * Anything else (anchors, aliases, tags, flow collections with content, block and multi-line
 * scalars, escapes, tabs, CR, directives, numbers other than decimal integers, duplicate or
 * non-string keys, comment lines inside a document, whose ranges the yaml package works out in
 * its own way) makes it give up on the whole text, and the caller reads it with the `yaml`
 * package. yaml-block.test.ts holds it to that package on every text it accepts.
 */
import { MAPPING, SCALAR, SEQUENCE, ShadeTree } from './yaml-shade.ts';
import { WordTable, wordHash } from './yaml-words.ts';

/** Where a document's root sits: a node of the text's shade tree (yaml-shade.ts). */
export interface YamlShade {
  tree: ShadeTree;
  node: number;
}

export interface BlockDocument {
  value: unknown;
  shade: YamlShade;
}

/** Thrown inside the reader when the text needs the full `yaml` package; never escapes. */
const GIVE_UP = Symbol('give up');

/** 1 for the ASCII characters that may not start a plain scalar or key (by char code) */
const INDICATOR = new Uint8Array(128);
for (const c of '-?:,[]{}#&*!|>\'"%@`') INDICATOR[c.charCodeAt(0)] = 1;
const isIndicator = (code: number): boolean => code < 128 && INDICATOR[code] === 1;
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

/** A plain scalar value's text: not `key: value`, which is a mapping the reader leaves alone. */
function resolvePlain(s: string): unknown {
  if (s.includes(': ') || s.endsWith(':')) throw GIVE_UP;
  return plainValue(s);
}

class BlockReader {
  private readonly n: number;
  /** where the nodes sit; one tree for the whole text */
  readonly tree: ShadeTree;
  /** keys and short plain scalars met before (yaml-words.ts); a word with what it resolves to */
  private readonly keys: WordTable<null>;
  private readonly words: WordTable<unknown>;
  /** the current line: its start, its end (the newline or the end of text) and its indent */
  private start = 0;
  private end = 0;
  private indent = 0;
  /** where the line the three above describe starts; -1 before a document's first */
  private lineAt = -1;
  /** the end of the current document: the start of its `---` line, or the end of the text */
  private docEnd = 0;
  /** where the line after the last one read starts */
  private nextLine = 0;
  /** the hash of the key keyColon found last */
  private keyHash = 0;
  /** just past the node read last (with its line's newline for a scalar), as the yaml package ends it */
  private after = 0;

  constructor(private readonly text: string) {
    this.n = text.length;
    this.tree = new ShadeTree(text);
    this.keys = new WordTable(text);
    this.words = new WordTable(text);
  }

  /** Hands each document to `visit` as it is read; throws GIVE_UP where the text needs more. */
  read(visit: (doc: BlockDocument) => void): void {
    const t = this.text;
    // tabs, CR, escapes, a byte order mark: four searches for one character each beat a regex
    for (const c of ['\t', '\r', '\\', '\uFEFF']) if (t.indexOf(c) >= 0) throw GIVE_UP;
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
      this.lineAt = -1;
      const doc = this.document(from);
      if (doc) visit(doc);
      if (next < 0) break;
      const nl = t.indexOf('\n', next);
      from = nl < 0 ? this.n + 1 : nl + 1;
    }
  }

  /** The key from p to its colon (just found by keyColon), if it is a plain string. */
  private key(p: number, colon: number): string {
    const h = this.keyHash;
    const slot = this.keys.find(h, p, colon);
    if (slot >= 0) return this.keys.textAt(slot);
    const key = this.text.slice(p, colon);
    if (
      key.endsWith(' ') ||
      key.includes(' #') ||
      key.length > 1000 ||
      key === '__proto__' ||
      key === '<<' ||
      typeof plainValue(key) !== 'string'
    )
      throw GIVE_UP;
    this.keys.add(h, key, null);
    return key;
  }

  /** A plain scalar's value (its text from `from` to `to`, whose hash is h). */
  private plain(from: number, to: number, h: number): unknown {
    if (to - from > 24) return resolvePlain(this.text.slice(from, to));
    const slot = this.words.find(h, from, to);
    if (slot >= 0) return this.words.valueAt(slot);
    const text = this.text.slice(from, to);
    const value = resolvePlain(text);
    this.words.add(h, text, value);
    return value;
  }

  /** Moves to the line starting at `at`; false at the end of the document. */
  private line(at: number): boolean {
    if (at >= this.docEnd) return false;
    // the line after a nested block is asked for again by each block it ends
    if (at === this.lineAt) return true;
    this.lineAt = at;
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
    const node = this.tree.size;
    const value = this.block(0);
    // after the content: blank lines only
    if (this.contentFrom(this.nextLine)) throw GIVE_UP;
    return { value, shade: { tree: this.tree, node } };
  }

  /** Whether a `- ` (or a lone `-`) starts at c on the current line. */
  private dash(c: number): boolean {
    const t = this.text;
    return t.charCodeAt(c) === 45 && (c + 1 === this.end || t.charCodeAt(c + 1) === 32);
  }

  /** A mapping or sequence starting at column `col` of the current line. */
  private block(col: number): unknown {
    const p = this.start + col;
    if (this.dash(p)) return this.sequence(col);
    if (this.keyColon(p) >= 0) return this.mapping(col);
    throw GIVE_UP;
  }

  /**
   * The colon ending a plain key that starts at p, or -1 when the line is no `key:` line; the
   * key's hash is left in keyHash, for key() to find it by.
   */
  private keyColon(p: number): number {
    const t = this.text;
    if (isIndicator(t.charCodeAt(p))) return -1;
    const e = this.end;
    let h = 0;
    for (let c = p; c < e; c++) {
      const code = t.charCodeAt(c);
      if (code === 58 && (c + 1 === e || t.charCodeAt(c + 1) === 32)) {
        this.keyHash = h;
        return c;
      }
      h = wordHash(h, code);
    }
    return -1;
  }

  /** An empty value (a key or `-` with nothing after it) ending at the current line's end. */
  private empty(at: number, more: boolean): null {
    this.tree.close(this.tree.open(SCALAR, at), at);
    this.after = at;
    this.nextLine = more ? this.start : this.docEnd;
    return null;
  }

  private mapping(col: number): Record<string, unknown> {
    const t = this.text;
    const tree = this.tree;
    const value: Record<string, unknown> = {};
    const node = tree.open(MAPPING, this.start + col);
    let after: number;
    for (;;) {
      const p = this.start + col;
      const colon = this.keyColon(p);
      if (colon < 0) throw GIVE_UP;
      const key = this.key(p, colon);
      if (Object.prototype.hasOwnProperty.call(value, key)) throw GIVE_UP;
      let v = colon + 1;
      while (v < this.end && t.charCodeAt(v) === 32) v++;
      const entry = tree.size;
      let item: unknown;
      if (v === this.end) {
        // the value is on the lines below, or there is none
        const at = this.end;
        const more = this.contentFrom(at + 1);
        if (more && this.indent > col) item = this.block(this.indent);
        else if (more && this.indent === col && this.dash(this.start + col))
          item = this.sequence(col);
        else item = this.empty(at, more);
      } else {
        item = this.scalar(v);
        this.nextLine = this.end + 1;
      }
      tree.setKey(entry, p, colon);
      value[key] = item;
      after = this.after;
      // the next entry: the same indent; less ends the mapping, more is not block YAML we read
      if (!this.contentFrom(this.nextLine)) break;
      if (this.indent > col) throw GIVE_UP;
      if (this.indent < col) break;
      if (this.dash(this.start + col)) break;
    }
    tree.close(node, after);
    this.after = after;
    return value;
  }

  private sequence(col: number): unknown[] {
    const t = this.text;
    const tree = this.tree;
    const value: unknown[] = [];
    const node = tree.open(SEQUENCE, this.start + col);
    let after: number;
    for (;;) {
      // `-` at col, then the item on this line or on the lines below
      let v = this.start + col + 1;
      while (v < this.end && t.charCodeAt(v) === 32) v++;
      let item: unknown;
      if (v === this.end) {
        const at = this.end;
        const more = this.contentFrom(at + 1);
        if (more && this.indent > col) item = this.block(this.indent);
        else item = this.empty(at, more);
      } else if (this.dash(v)) item = this.sequence(v - this.start);
      else if (this.keyColon(v) >= 0) item = this.mapping(v - this.start);
      else {
        item = this.scalar(v);
        this.nextLine = this.end + 1;
      }
      value.push(item);
      after = this.after;
      if (!this.contentFrom(this.nextLine)) break;
      if (this.indent > col) throw GIVE_UP;
      if (this.indent < col) break;
      if (!this.dash(this.start + col)) break;
    }
    tree.close(node, after);
    this.after = after;
    return value;
  }

  /** A one-line scalar (or `{}`/`[]`) at v, up to the end of the current line. */
  private scalar(v: number): unknown {
    const t = this.text;
    const e = this.end;
    const c = t.charCodeAt(v);
    let value: unknown;
    let close: number; // just past the value's text
    if (c === 34 /* " */ || c === 39 /* ' */) {
      const q = c === 34 ? '"' : "'";
      close = t.indexOf(q, v + 1);
      if (c === 39)
        while (close >= 0 && close < e && t.charCodeAt(close + 1) === 39)
          close = t.indexOf(q, close + 2);
      if (close < 0 || close >= e) throw GIVE_UP;
      close++;
      const inner = t.slice(v + 1, close - 1);
      value = c === 39 ? inner.replaceAll("''", "'") : inner;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (t.charCodeAt(v + 1) !== (c === 123 ? 125 : 93)) throw GIVE_UP;
      close = v + 2;
      value = c === 123 ? {} : [];
    } else {
      if (isIndicator(c) && !(c === 45 && t.charCodeAt(v + 1) !== 32 && v + 1 < e)) throw GIVE_UP;
      // a plain scalar ends at a comment or the end of the line; hashed on the way
      let h = wordHash(0, c);
      let stop = v + 1;
      for (; stop < e; stop++) {
        const code = t.charCodeAt(stop);
        if (code === 35 && t.charCodeAt(stop - 1) === 32) break;
        h = wordHash(h, code);
      }
      close = stop;
      while (close > v && t.charCodeAt(close - 1) === 32) close--;
      value = this.plain(v, close, close === stop ? h : this.words.hash(v, close));
    }
    // after the value: spaces, then a comment or nothing
    let i = close;
    while (i < e && t.charCodeAt(i) === 32) i++;
    if (i < e && (t.charCodeAt(i) !== 35 || i === close)) throw GIVE_UP;
    this.tree.close(this.tree.open(SCALAR, v), close);
    this.after = e < this.n ? e + 1 : e;
    return value;
  }
}

/** The documents of a plain block YAML text, or undefined when it needs the full yaml package. */
export function readBlockYaml(text: string): BlockDocument[] | undefined {
  const docs: BlockDocument[] = [];
  return visitBlockYaml(text, (d) => docs.push(d)) ? docs : undefined;
}

/**
 * Hands each document of a plain block YAML text to `visit` as soon as it is read, so that the
 * caller can be done with it before the next is read (its values then die young, which the
 * garbage collector does not have to copy). False when the text needs the full yaml package: the
 * reader gave up, after visiting the documents before the one it could not read.
 */
export function visitBlockYaml(text: string, visit: (doc: BlockDocument) => void): boolean {
  try {
    new BlockReader(text).read(visit);
    return true;
  } catch (e) {
    if (e === GIVE_UP) return false;
    throw e;
  }
}

/** 1-based line and column of each offset, as the yaml package's LineCounter gives them. */
export class LineIndex {
  /** the offset each line starts at (a typed array: no garbage for the collector to scan) */
  private readonly starts: Int32Array;
  private readonly count: number;

  constructor(text: string) {
    let s = new Int32Array(1024);
    let n = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
      if (n === s.length) {
        const bigger = new Int32Array(s.length * 2);
        bigger.set(s);
        s = bigger;
      }
      s[n++] = i + 1;
    }
    this.starts = s;
    this.count = n;
  }

  linePos(offset: number): { line: number; col: number } {
    const s = this.starts;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (s[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    if (low < this.count && s[low] === offset) return { line: low + 1, col: 1 };
    return { line: low, col: offset - s[low - 1]! + 1 };
  }
}
