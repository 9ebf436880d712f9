import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faceFor } from './vs-build.ts';

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
