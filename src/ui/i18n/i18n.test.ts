/**
 * Every UI string table speaks both languages the same way: the shell's messages and each
 * `strings.ts` under src/ui have `en` and `ko` with the same keys, strings with the same
 * placeholders, functions with the same number of arguments, and no English sentence left
 * untranslated in the Korean table.
 */
import { describe, expect, it } from 'vitest';
import { strings as playerStrings } from '../views/trace-player/strings.ts';
import { MESSAGES } from './index.ts';

type Table = Record<string, unknown>;

const modules = import.meta.glob<Record<string, unknown>>('../**/strings.ts', { eager: true });

function isTable(v: unknown): v is Table {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every `{ en, ko }` pair a strings module exports, by a readable name. */
function tables(): [string, Table, Table][] {
  const found: [string, Table, Table][] = [['i18n MESSAGES', MESSAGES.en, MESSAGES.ko]];
  for (const [path, mod] of Object.entries(modules))
    for (const [name, value] of Object.entries(mod))
      if (isTable(value) && isTable(value['en']) && isTable(value['ko']))
        found.push([`${path} ${name}`, value['en'], value['ko']]);
  return found;
}

const PLACEHOLDER = /\{[^{}]*\}|%[sd]|\$\{[^}]*\}/g;

/** An English phrase of a few words: a Korean table must not carry one unchanged. */
const ENGLISH_PHRASE = /\b[a-z]{3,} [a-z]{3,}\b/;

function compare(path: string, en: unknown, ko: unknown, problems: string[]): void {
  if (isTable(en)) {
    if (!isTable(ko)) return void problems.push(`${path}: an object in en only`);
    const keys = new Set([...Object.keys(en), ...Object.keys(ko)]);
    for (const k of keys) {
      if (!(k in en)) problems.push(`${path}.${k}: in ko only`);
      else if (!(k in ko)) problems.push(`${path}.${k}: in en only`);
      else compare(`${path}.${k}`, en[k], ko[k], problems);
    }
    return;
  }
  if (typeof en !== typeof ko) return void problems.push(`${path}: ${typeof en} vs ${typeof ko}`);
  if (typeof en === 'function' && typeof ko === 'function' && en.length !== ko.length)
    problems.push(`${path}: takes ${en.length} arguments in en, ${ko.length} in ko`);
  if (typeof en === 'string' && typeof ko === 'string') {
    const holes = (s: string) => (s.match(PLACEHOLDER) ?? []).sort().join(' ');
    if (holes(en) !== holes(ko))
      problems.push(`${path}: placeholders ${holes(en)} vs ${holes(ko)}`);
    if (en === ko && ENGLISH_PHRASE.test(en)) problems.push(`${path}: untranslated "${en}"`);
  }
}

describe('UI string tables', () => {
  it('are found: the shell messages and every strings.ts under src/ui', () => {
    const names = tables().map(([n]) => n);
    expect(names.length).toBeGreaterThanOrEqual(Object.keys(modules).length);
    for (const path of Object.keys(modules))
      expect(names.some((n) => n.startsWith(path))).toBe(true);
  });

  it.each(tables())('%s: en and ko have the same keys, placeholders and arities', (_, en, ko) => {
    const problems: string[] = [];
    compare('', en, ko, problems);
    expect(problems).toEqual([]);
  });

  it('the check itself sees a missing key, a lost placeholder and an untranslated sentence', () => {
    const problems: string[] = [];
    compare(
      '',
      { a: 'x {n}', b: 'load balance', c: (n: number) => n },
      { a: '엑스', b: 'load balance', c: () => 0 },
      problems,
    );
    compare('', { d: '1' }, {}, problems);
    expect(problems).toEqual([
      '.a: placeholders {n} vs ',
      '.b: untranslated "load balance"',
      '.c: takes 1 arguments in en, 0 in ko',
      '.d: in en only',
    ]);
  });

  it('names conntrack operations in Korean', () => {
    expect(playerStrings.ko.conntrack('new', 'NEW')).toBe('conntrack 새 연결: NEW');
    expect(playerStrings.en.conntrack('new', 'NEW')).toBe('conntrack new: NEW');
  });
});
