/**
 * A scenario as a link and as a file. The link is `#s=` + base64url(deflate-raw(JSON)) (docs/
 * formats.md); the file is the same JSON, uncompressed and readable. Both decoders end in the same
 * validator. Compression is the platform's CompressionStream ('deflate-raw': plain DEFLATE
 * without the zlib wrapper, six bytes shorter; browsers, workers and Node have it, platform.ts),
 * so no library is added; the inflater is fed a little at a time and stopped as soon as its
 * output passes the cap.
 */
import { LIMITS, type Decoded, type ScenarioDoc, type ShareError } from './doc.ts';
import { platform, type PickedFile } from './platform.ts';
import { validateScenario } from './validate.ts';

export const HASH_PREFIX = '#s=';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16;
    out += B64[n >> 18]! + B64[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]!;
  }
  return out;
}

/** The bytes, or null when `text` is not unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? (B64_INDEX[c] ?? -1) : -1;
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new platform.CompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const writing = writer.write(bytes).then(() => writer.close());
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  await writing;
  return joined(chunks);
}

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const c of chunks) total += c.byteLength;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const FEED = 1024;

/**
 * Inflates `bytes`, never holding much more than `cap` bytes of output: input goes in 1 KiB at a
 * time (DEFLATE expands 1 KiB to at most about 1 MiB) and both sides stop once the cap is passed.
 */
export async function inflateCapped(
  bytes: Uint8Array,
  cap: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; code: 'inflate' | 'too-big' }> {
  const ds = new platform.DecompressionStream('deflate-raw');
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  let stopped = false;
  const feeding = (async () => {
    for (let i = 0; i < bytes.length && !stopped; i += FEED)
      await writer.write(bytes.subarray(i, i + FEED));
    if (!stopped) await writer.close();
  })().catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        stopped = true;
        await reader.cancel().catch(() => undefined);
        await writer.abort().catch(() => undefined);
        return { ok: false, code: 'too-big' };
      }
      chunks.push(value);
    }
  } catch {
    stopped = true;
    await writer.abort().catch(() => undefined);
    return { ok: false, code: 'inflate' };
  }
  await feeding;
  return { ok: true, bytes: joined(chunks) };
}

function fail(error: ShareError): Decoded {
  return { ok: false, error };
}

/** JSON text to a checked scenario: the step both decoders share. */
export function decodeJsonText(text: string): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail({ code: 'not-json' });
  }
  return validateScenario(value);
}

/** The `#s=` payload (without the prefix) for a document. */
export async function encodeLinkPayload(doc: ScenarioDoc): Promise<string> {
  return toBase64Url(await deflate(new platform.TextEncoder().encode(JSON.stringify(doc))));
}

/** A link's payload (what follows `#s=`) to a checked scenario, or why not. Never throws. */
export async function decodeLinkPayload(payload: string): Promise<Decoded> {
  try {
    if (payload.length > LIMITS.MAX_LINK_PAYLOAD)
      return fail({ code: 'too-long', limit: LIMITS.MAX_LINK_PAYLOAD });
    const bytes = fromBase64Url(payload);
    if (!bytes) return fail({ code: 'not-base64' });
    const inflated = await inflateCapped(bytes, LIMITS.MAX_INFLATED);
    if (!inflated.ok)
      return fail(
        inflated.code === 'too-big'
          ? { code: 'too-big', limit: LIMITS.MAX_INFLATED }
          : { code: 'inflate' },
      );
    let text: string;
    try {
      text = new platform.TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
    } catch {
      return fail({ code: 'not-text' });
    }
    return decodeJsonText(text);
  } catch {
    // a platform surprise (no DecompressionStream?) is reported like a damaged link
    return fail({ code: 'inflate' });
  }
}

/** The payload of a `#s=` hash, or null when the hash is not a scenario link. */
export function linkPayloadOf(hash: string): string | null {
  return hash.startsWith(HASH_PREFIX) ? hash.slice(HASH_PREFIX.length) : null;
}

/** The scenario file's text: the same JSON, indented so it reads and diffs well. */
export function encodeFile(doc: ScenarioDoc): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** A scenario file (already read as text) to a checked scenario. */
export function decodeFileText(text: string): Decoded {
  if (text.length > LIMITS.MAX_FILE) return fail({ code: 'file-too-big', limit: LIMITS.MAX_FILE });
  return decodeJsonText(text.replace(/^\uFEFF/, ''));
}

/** A file the user picked: its size is checked before a byte of it is read. */
export async function decodeFile(file: PickedFile): Promise<Decoded> {
  if (file.size > LIMITS.MAX_FILE) return fail({ code: 'file-too-big', limit: LIMITS.MAX_FILE });
  let text: string;
  try {
    text = await file.text();
  } catch {
    return fail({ code: 'file-read' });
  }
  return decodeFileText(text);
}
