import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lessonSchemaText, SCHEMA_FILE } from '../../../scripts/lessons-schema.mjs';

const LESSONS = join(import.meta.dirname, '../../../lessons');

describe('the lesson JSON Schema', () => {
  it('is the one generated from the lesson types (run npm run lessons:schema after changing types.ts)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await lessonSchemaText());
  }, 120_000);

  it('is named by every lesson file, so an editor with a YAML language server completes it', () => {
    const dirs = readdirSync(LESSONS, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(dirs.length).toBeGreaterThan(0);
    for (const d of dirs) {
      const first = readFileSync(join(LESSONS, d.name, 'lesson.yaml'), 'utf8').split('\n')[0];
      expect(first, d.name).toBe('# yaml-language-server: $schema=../lesson.schema.json');
    }
  });
});
