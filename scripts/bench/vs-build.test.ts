import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faceFor, inTree } from './vs-build.ts';

describe('the face a revision is run through', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nl-vs-face-'));
  for (const f of ['vs-face.ts', 'vs-face-e3e6019.ts', 'vs-face-notahash.ts'])
    writeFileSync(join(dir, f), '');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the file named after the start of its commit hash', () => {
    expect(faceFor(dir, 'e3e60190123456789abcdef0123456789abcdef0')).toBe('vs-face-e3e6019.ts');
  });

  it('is the common face for a commit without its own file', () => {
    expect(faceFor(dir, '227ea2d0123456789abcdef0123456789abcdef0')).toBeUndefined();
  });
});

describe("a tree's engine file, by the path the face imports", () => {
  const tree = mkdtempSync(join(tmpdir(), 'nl-vs-tree-'));
  const rules = join(tree, 'src', 'engine', 'rules');
  mkdirSync(rules, { recursive: true });
  writeFileSync(join(rules, 'parse.ts'), '');
  writeFileSync(join(tree, 'src', 'engine', 'kept.ts'), '');
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it("is the older home when the tree predates rules/'s public face", () => {
    expect(inTree(tree, join('rules', 'index.ts'))).toBe(join(rules, 'parse.ts'));
  });

  it('is the same path when the tree has it', () => {
    writeFileSync(join(rules, 'index.ts'), '');
    expect(inTree(tree, join('rules', 'index.ts'))).toBe(join(rules, 'index.ts'));
    expect(inTree(tree, 'kept.ts')).toBe(join(tree, 'src', 'engine', 'kept.ts'));
  });
});
