// Writes lessons/lesson.schema.json, the lesson file's JSON Schema, from the lesson types
// (src/engine/lessons/types.ts): the runner's reader checks lessons against it and Monaco
// completes lesson YAML with it. A unit test fails when the committed file is not what this
// script writes.  npm run lessons:schema
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'prettier';
import { createGenerator } from 'ts-json-schema-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMA_FILE = `${root}lessons/lesson.schema.json`;

/** The schema as the committed file holds it (formatted by prettier). */
export async function lessonSchemaText() {
  const schema = createGenerator({
    path: `${root}src/engine/lessons/types.ts`,
    type: 'Lesson',
    // the types file stands alone; checking the whole program would only be slower
    skipTypeCheck: true,
  }).createSchema('Lesson');
  return format(JSON.stringify(schema, null, 2), { parser: 'json' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeFileSync(SCHEMA_FILE, await lessonSchemaText());
