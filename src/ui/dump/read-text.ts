/**
 * A big file's text, read a piece at a time with a task between the pieces: one `file.text()`
 * of a big dump, or receiving its text from a worker, is one long task that holds the page.
 */
import { nextTask } from '../next-task.ts';

const PIECE = 1 << 20;

export async function readTextInPieces(file: Blob, piece = PIECE): Promise<string> {
  // as Blob.text(): UTF-8, a leading BOM dropped, bad bytes replaced; `stream` keeps a character
  // cut between two pieces whole
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for (let at = 0; at < file.size; at += piece) {
    const bytes = await file.slice(at, at + piece).arrayBuffer();
    parts.push(decoder.decode(bytes, { stream: true }));
    await nextTask();
  }
  parts.push(decoder.decode());
  const text = parts.join('');
  // what the caller does with 15 MB gets a task of its own
  await nextTask();
  return text;
}
