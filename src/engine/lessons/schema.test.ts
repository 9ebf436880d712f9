import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lessonSchemaText, SCHEMA_FILE } from '../../../scripts/lessons-schema.mjs';

describe('the lesson JSON Schema', () => {
  it('is the one generated from the lesson types (run npm run lessons:schema after changing types.ts)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await lessonSchemaText());
  }, 120_000);
});
