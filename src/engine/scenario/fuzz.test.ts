/**
 * The link decoder against random, truncated and mutated input: it never throws, always answers
 * ok or one of its error codes, and a link it accepts is a valid document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeFileText,
  decodeLinkPayload,
  encodeLinkPayload,
  fromBase64Url,
  toBase64Url,
} from './codec.ts';
import type { Decoded, ShareErrorCode } from './doc.ts';
import { clusterDoc, dumpDoc } from './test-docs.ts';
import { validateScenario } from './validate.ts';

const CODES = new Set<ShareErrorCode>([
  'too-long',
  'not-base64',
  'inflate',
  'too-big',
  'not-text',
  'not-json',
  'no-version',
  'future-version',
  'schema',
  'file-too-big',
  'file-read',
]);

function wellFormed(r: Decoded): boolean {
  if (r.ok) return validateScenario(JSON.parse(JSON.stringify(r.doc))).ok;
  return CODES.has(r.error.code);
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('the link decoder under fuzzing', () => {
  it('answers any string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 400, unit: 'binary' }), async (s) => {
        expect(wellFormed(await decodeLinkPayload(s))).toBe(true);
      }),
      { numRuns: 300, seed: 6 },
    );
  });

  it('answers any base64url string', async () => {
    const payload = fc
      .array(fc.constantFrom(...B64URL), { maxLength: 600 })
      .map((cs) => cs.join(''));
    await fc.assert(
      fc.asyncProperty(payload, async (s) => {
        expect(wellFormed(await decodeLinkPayload(s))).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('answers every truncation of a real link, and only the whole link opens', async () => {
    const good = await encodeLinkPayload(clusterDoc());
    const opened: number[] = [];
    for (let n = 0; n < good.length; n++) {
      const r = await decodeLinkPayload(good.slice(0, n));
      expect(wellFormed(r)).toBe(true);
      if (r.ok) opened.push(n);
    }
    expect(opened).toEqual([]);
    expect((await decodeLinkPayload(good)).ok).toBe(true);
  });

  it('answers a real link with bytes flipped, dropped or repeated', async () => {
    const good = fromBase64Url(await encodeLinkPayload(dumpDoc()));
    if (!good) throw new Error('the encoder wrote bad base64url');
    const edit = fc.record({
      at: fc.nat({ max: good.length - 1 }),
      byte: fc.integer({ min: 0, max: 255 }),
      how: fc.constantFrom('flip', 'drop', 'repeat'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (edits) => {
        let bytes = [...good];
        for (const e of edits) {
          const at = e.at % Math.max(1, bytes.length);
          if (e.how === 'flip') bytes[at] = (bytes[at] ?? 0) ^ (e.byte || 1);
          else if (e.how === 'drop') bytes.splice(at, 1);
          else bytes.splice(at, 0, bytes[at] ?? 0);
        }
        bytes = bytes.slice(0, 4000);
        expect(wellFormed(await decodeLinkPayload(toBase64Url(Uint8Array.from(bytes))))).toBe(true);
      }),
      { numRuns: 300, seed: 8 },
    );
  });

  it('answers any JSON value, in a file or through the validator', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        expect(wellFormed(validateScenario(v))).toBe(true);
        expect(wellFormed(decodeFileText(JSON.stringify(v) ?? 'null'))).toBe(true);
      }),
      { numRuns: 500, seed: 9 },
    );
  });

  it('answers a real document with any one field replaced by any JSON value', () => {
    const doc = clusterDoc() as unknown as Record<string, unknown>;
    const keys = Object.keys(doc);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 3 }), (k, v) => {
        expect(wellFormed(validateScenario({ ...doc, [k]: v }))).toBe(true);
      }),
      { numRuns: 500, seed: 10 },
    );
  });
});
