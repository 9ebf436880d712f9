/**
 * The bytes print writes for a dump copy mode copied (copySaveParts). The spans it copies are
 * offsets in the text; when the dump is ASCII they are the same offsets in the bytes it was read
 * from, and are copied from those with no string made for them (a big dump's lines, 15 MB of
 * them, then never become one string to be encoded again). Any other dump is encoded from the
 * text. print-bytes.test.ts holds both to the text.
 */
import { isAscii } from 'node:buffer';
import type { CopiedSave } from '../engine/rules/index.ts';

const LINE_FEED = 10;
const SHORT_SPAN = 512;

export function copiedBytes(copied: CopiedSave, bytes: Buffer | undefined): Buffer {
  if (bytes === undefined || bytes.length !== copied.text.length || !isAscii(bytes))
    return Buffer.from(copied.toString(), 'utf8');
  let size = 0;
  copied.forEachPart(
    (lines) => (size += Buffer.byteLength(lines) + 1),
    (from, to) => (size += to - from + 1),
  );
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  copied.forEachPart(
    (lines) => {
      at += out.write(lines, at);
      out[at++] = LINE_FEED;
    },
    (from, to) => {
      // a line or two byte by byte: a call to copy costs more than the loop (an interleaved
      // dump is copied line by line)
      if (to - from > SHORT_SPAN) at += bytes.copy(out, at, from, to);
      else for (let i = from; i < to; i++) out[at++] = bytes[i]!;
      out[at++] = LINE_FEED;
    },
  );
  return out;
}
