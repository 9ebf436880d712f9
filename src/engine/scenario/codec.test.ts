import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decodeFile,
  decodeFileText,
  decodeLinkPayload,
  encodeFile,
  encodeLinkPayload,
  fromBase64Url,
  inflateCapped,
  linkPayloadOf,
  toBase64Url,
} from './codec.ts';
import { LIMITS } from './doc.ts';
import { clusterDoc, dumpDoc } from './test-docs.ts';

/** Raw DEFLATE by Node's zlib: what any other encoder could have written. */
async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return Promise.resolve(new Uint8Array(deflateRawSync(bytes)));
}

/** `json` as a link payload, whatever it says (the encoder only writes valid documents). */
async function payloadOf(json: string): Promise<string> {
  return toBase64Url(await deflateRaw(new TextEncoder().encode(json)));
}

describe('base64url', () => {
  it('matches the platform’s base64 (made url-safe) for every length up to 40 and reads its own output back', () => {
    for (let n = 0; n <= 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 31) & 0xff);
      const text = toBase64Url(bytes);
      expect(text).toBe(
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, ''),
      );
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });

  it('refuses padding, the + and / of plain base64, other characters and impossible lengths', () => {
    expect(fromBase64Url('AAA=')).toBeNull();
    expect(fromBase64Url('a+b/')).toBeNull();
    expect(fromBase64Url('ab c')).toBeNull();
    expect(fromBase64Url('한국')).toBeNull();
    expect(fromBase64Url('AAAAA')).toBeNull();
    expect(fromBase64Url('')).toEqual(new Uint8Array(0));
  });
});

describe('scenario links', () => {
  it('round-trips a cluster scenario, Korean text included', async () => {
    const doc = clusterDoc();
    const payload = await encodeLinkPayload(doc);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decodeLinkPayload(payload)).toEqual({ ok: true, doc });
  });

  it('round-trips a dump scenario with its host edits', async () => {
    const doc = dumpDoc();
    expect(await decodeLinkPayload(await encodeLinkPayload(doc))).toEqual({ ok: true, doc });
  });

  it('compresses: the default cluster (about 3 KB of YAML) makes a link well under the limit', async () => {
    const doc = clusterDoc();
    const payload = await encodeLinkPayload(doc);
    expect(payload.length).toBeLessThan((doc.yaml ?? '').length);
    expect(payload.length + 60).toBeLessThan(LIMITS.MAX_LINK_URL);
  });

  it('finds the payload in a #s= hash and nothing in other hashes', () => {
    expect(linkPayloadOf('#s=abc')).toBe('abc');
    expect(linkPayloadOf('#main-views')).toBeNull();
    expect(linkPayloadOf('')).toBeNull();
  });

  it('refuses a newer format by its version, and a document with no version', async () => {
    const newer = { ...clusterDoc(), version: 2 };
    expect(await decodeLinkPayload(await payloadOf(JSON.stringify(newer)))).toEqual({
      ok: false,
      error: { code: 'future-version', version: 2 },
    });
    const { version: _, ...none } = clusterDoc();
    expect(await decodeLinkPayload(await payloadOf(JSON.stringify(none)))).toEqual({
      ok: false,
      error: { code: 'no-version' },
    });
  });

  it('refuses a version that is not a whole number from 1', async () => {
    for (const version of [0, 1.5, '1', -3]) {
      const r = await decodeLinkPayload(
        await payloadOf(JSON.stringify({ ...clusterDoc(), version })),
      );
      expect(r).toEqual({
        ok: false,
        error: { code: 'schema', path: 'version', expected: { kind: 'int', min: 1, max: 1 } },
      });
    }
  });

  it('names what is wrong with a damaged link', async () => {
    const good = await encodeLinkPayload(clusterDoc());
    expect(await decodeLinkPayload('not a link!')).toEqual({
      ok: false,
      error: { code: 'not-base64' },
    });
    expect(await decodeLinkPayload(good.slice(0, good.length - 8))).toEqual({
      ok: false,
      error: { code: 'inflate' },
    });
    expect(await decodeLinkPayload('')).toEqual({ ok: false, error: { code: 'inflate' } });
    expect(await decodeLinkPayload(await payloadOf('hello'))).toEqual({
      ok: false,
      error: { code: 'not-json' },
    });
    const notUtf8 = toBase64Url(await deflateRaw(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d])));
    expect(await decodeLinkPayload(notUtf8)).toEqual({ ok: false, error: { code: 'not-text' } });
  });

  it('refuses an over-long payload before decoding it', async () => {
    expect(await decodeLinkPayload('A'.repeat(LIMITS.MAX_LINK_PAYLOAD + 1))).toEqual({
      ok: false,
      error: { code: 'too-long', limit: LIMITS.MAX_LINK_PAYLOAD },
    });
  });

  it('stops a payload that inflates past the cap (a small zip bomb)', async () => {
    // 3 MiB of spaces deflates to a few KB: a short link that would unpack far past 2 MiB
    const bomb = await payloadOf(`${' '.repeat(3 * 1024 * 1024)}{}`);
    expect(bomb.length).toBeLessThan(LIMITS.MAX_LINK_PAYLOAD);
    expect(await decodeLinkPayload(bomb)).toEqual({
      ok: false,
      error: { code: 'too-big', limit: LIMITS.MAX_INFLATED },
    });
  });
});

describe('inflating with a cap', () => {
  it('gives up on 64 MiB of zeros as soon as 1 MiB has come out', async () => {
    const zeros = new ReadableStream<Uint8Array>({
      start(c) {
        const mib = new Uint8Array(1024 * 1024);
        for (let i = 0; i < 64; i++) c.enqueue(mib);
        c.close();
      },
    });
    const packed = new Uint8Array(
      await new Response(zeros.pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer(),
    );
    expect(await inflateCapped(packed, 1024 * 1024)).toEqual({ ok: false, code: 'too-big' });
  });

  it('returns every byte when the output is under the cap', async () => {
    const text = 'KUBE-SVC-'.repeat(5000);
    const r = await inflateCapped(await deflateRaw(new TextEncoder().encode(text)), 1 << 20);
    expect(r.ok && new TextDecoder().decode(r.bytes)).toBe(text);
  });
});

describe('scenario files', () => {
  it('round-trip through the same validator, both texts kept', async () => {
    const doc = { ...clusterDoc(), dump: '*filter\nCOMMIT\n' };
    const text = encodeFile(doc);
    expect(text.startsWith('{\n  "version": 1,')).toBe(true);
    expect(decodeFileText(text)).toEqual({ ok: true, doc });
    expect(await decodeFile(new Blob([text]))).toEqual({ ok: true, doc });
    expect(decodeFileText(`\uFEFF${text}`)).toEqual({ ok: true, doc });
  });

  it('refuse a file over the size limit without reading it', async () => {
    let read = false;
    const huge = {
      size: LIMITS.MAX_FILE + 1,
      text: () => {
        read = true;
        return Promise.resolve('{}');
      },
    } as unknown as Blob;
    expect(await decodeFile(huge)).toEqual({
      ok: false,
      error: { code: 'file-too-big', limit: LIMITS.MAX_FILE },
    });
    expect(read).toBe(false);
  });

  it('report a file the browser cannot read', async () => {
    const broken = { size: 10, text: () => Promise.reject(new Error('gone')) } as unknown as Blob;
    expect(await decodeFile(broken)).toEqual({ ok: false, error: { code: 'file-read' } });
  });

  it('report a JSON file that is not a scenario', () => {
    expect(decodeFileText('{"kind": "List", "items": []}')).toEqual({
      ok: false,
      error: { code: 'no-version' },
    });
    expect(decodeFileText('[1, 2')).toEqual({ ok: false, error: { code: 'not-json' } });
  });
});
