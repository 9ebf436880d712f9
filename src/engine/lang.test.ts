import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('the product languages', () => {
  it('are one type, defined in engine/lang.ts and imported everywhere else', () => {
    const defining = sources(SRC)
      .filter((f) => /\btype Lang\s*=|'en' \| 'ko'|'ko' \| 'en'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(defining).toEqual(['engine/lang.ts']);
  });
});
