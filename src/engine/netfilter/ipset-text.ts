/**
 * Reads the sets of an `ipset save` text (what `ipset restore` takes: `create NAME TYPE OPTIONS`,
 * `add NAME MEMBER OPTIONS`, and the restore commands del, flush, destroy, swap, rename) or of an
 * `ipset list` text (`Name:`, `Type:`, `Header:` and `Members:` blocks). Every problem is a
 * diagnostic at its line and column; the other lines are still read.
 */
import type { IpSet } from './host.ts';
import { SetBook, type IpsetDiagnostic } from './ipset-book.ts';
import { splitWords, type Word } from './ipset-words.ts';

export type { IpsetDiagnostic, IpsetDiagnosticCode } from './ipset-book.ts';

export interface IpsetTextResult {
  sets: IpSet[];
  diagnostics: IpsetDiagnostic[];
  format: 'save' | 'list' | 'empty';
}

const COMMANDS: Record<string, string> = {
  create: 'create',
  '-N': 'create',
  n: 'create',
  add: 'add',
  '-A': 'add',
  a: 'add',
  del: 'del',
  '-D': 'del',
  flush: 'flush',
  '-F': 'flush',
  destroy: 'destroy',
  '-X': 'destroy',
  swap: 'swap',
  '-W': 'swap',
  rename: 'rename',
  '-E': 'rename',
};

function saveLine(book: SetBook, words: Word[], line: number): void {
  const [cmd, name, ...rest] = words;
  if (!cmd || cmd.text === 'COMMIT' || cmd.text.startsWith('#')) return;
  const command = COMMANDS[cmd.text];
  if (command === 'create') return book.create(name, rest[0], rest.slice(1), line);
  if (!command) {
    book.report('syntax', 'error', `"${cmd.text}" is not an ipset command`, line, cmd, cmd, {
      sentence: 'not-a-command',
      word: cmd.text,
    });
    return;
  }
  if ((command === 'flush' || command === 'destroy') && !name) {
    if (command === 'flush') for (const s of book.sets.values()) s.members = [];
    else book.sets.clear();
    return;
  }
  const set = book.named(name, line);
  if (!set) return;
  if (command === 'add') {
    if (rest.length === 0)
      book.report('syntax', 'error', 'add needs a member', line, cmd, name, {
        sentence: 'add-member',
      });
    else book.add(set, rest, line);
  } else if (command === 'del') book.del(set, rest[0], line);
  else if (command === 'flush') set.members = [];
  else if (command === 'destroy') book.sets.delete(set.name);
  else swapOrRename(book, command, set, rest[0], line);
}

function swapOrRename(
  book: SetBook,
  command: string,
  set: IpSet,
  to: Word | undefined,
  line: number,
): void {
  if (!to) {
    book.report(
      'syntax',
      'error',
      `${command} needs a second set name`,
      line,
      undefined,
      undefined,
      { sentence: 'second-name', command },
    );
    return;
  }
  if (command === 'rename') {
    if (book.sets.has(to.text))
      book.report('duplicate-set', 'error', `set "${to.text}" already exists`, line, to, to, {
        sentence: 'rename-exists',
        name: to.text,
      });
    else {
      book.sets.delete(set.name);
      book.sets.set(to.text, { ...set, name: to.text });
    }
    return;
  }
  const other = book.named(to, line);
  if (!other) return;
  // swap exchanges contents, and the names stay where the rules look them up
  book.sets.set(set.name, { ...other, name: set.name });
  book.sets.set(other.name, { ...set, name: other.name });
}

function readSave(book: SetBook, lines: string[]): void {
  lines.forEach((text, i) => {
    const { words, openQuote } = splitWords(text);
    if (openQuote !== undefined) {
      book.diagnostics.push({
        code: 'unterminated-quote',
        severity: 'error',
        message: 'this quote is never closed',
        line: i + 1,
        column: openQuote,
        endLine: i + 1,
        endColumn: text.length + 1,
      });
      return;
    }
    saveLine(book, words, i + 1);
  });
}

interface ListBlock {
  name: Word | undefined;
  nameLine: number;
  type: Word | undefined;
  typeLine: number;
  header: Word[];
  /** made when the block's Members line (or its end) is reached; null when it could not be */
  set: IpSet | null | undefined;
}

/** one `Key: value` line of a list block; null when the line is not one */
function headerField(text: string): { key: string; value: Word[] } | null {
  const m = /^([A-Z][A-Za-z ]*):(.*)$/.exec(text);
  if (!m) return null;
  const offset = m[1]!.length + 1;
  const value = splitWords(m[2]!).words.map((w) => ({
    ...w,
    column: w.column + offset,
    end: w.end + offset,
  }));
  return { key: m[1]!, value };
}

function openBlock(book: SetBook, b: ListBlock): void {
  if (b.set !== undefined) return;
  book.create(b.name, b.type, b.header, b.typeLine || b.nameLine);
  b.set = (b.name && book.sets.get(b.name.text)) || null;
}

function readList(book: SetBook, lines: string[]): void {
  const open: { block: ListBlock | null } = { block: null };
  let inMembers = false;
  lines.forEach((text, i) => {
    const line = i + 1;
    if (text.trim() === '') {
      inMembers = false;
      return;
    }
    const field = inMembers ? null : headerField(text);
    if (field?.key === 'Name' || (inMembers && text.startsWith('Name:'))) {
      const f = field ?? headerField(text)!;
      // a block without a Members line is still a set, with no members
      if (open.block) openBlock(book, open.block);
      open.block = {
        name: f.value[0],
        nameLine: line,
        type: undefined,
        typeLine: 0,
        header: [],
        set: undefined,
      };
      inMembers = false;
      return;
    }
    const b = open.block;
    if (!b) {
      book.report(
        'syntax',
        'error',
        'an ipset list block starts with "Name: SET"',
        line,
        {
          text,
          column: 1,
          end: text.length + 1,
        },
        undefined,
        { sentence: 'block-start' },
      );
      return;
    }
    if (inMembers) {
      if (b.set) book.add(b.set, splitWords(text).words, line);
      return;
    }
    if (!field) {
      book.report(
        'syntax',
        'error',
        'expected "Key: value" or "Members:"',
        line,
        {
          text,
          column: 1,
          end: text.length + 1,
        },
        undefined,
        { sentence: 'block-field' },
      );
      return;
    }
    if (field.key === 'Type') [b.type, b.typeLine] = [field.value[0], line];
    else if (field.key === 'Header') b.header = field.value;
    else if (field.key === 'Members') {
      openBlock(book, b);
      inMembers = true;
    }
  });
  if (open.block) openBlock(book, open.block);
}

/** Reads an `ipset save` or `ipset list` text; which one is told by its first line. */
export function readIpsetText(text: string): IpsetTextResult {
  const book = new SetBook();
  const lines = text.split('\n');
  const first = lines.find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (first === undefined) {
    book.diagnostics.push({
      code: 'empty-input',
      severity: 'warning',
      message: 'the ipset text holds no set',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      args: { sentence: 'ipset' },
    });
    return { sets: [], diagnostics: book.diagnostics, format: 'empty' };
  }
  const format = first.startsWith('Name:') ? 'list' : 'save';
  if (format === 'list') readList(book, lines);
  else readSave(book, lines);
  return { sets: [...book.sets.values()], diagnostics: book.diagnostics, format };
}
