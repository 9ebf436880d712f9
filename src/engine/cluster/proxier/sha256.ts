/**
 * SHA-256 (FIPS 180-4), written for the many short texts kube-proxy's chain names hash: one
 * Service port or endpoint string is a single 64-byte block. A general library spends most of a
 * hash that small setting up its state objects; this keeps one set of buffers and allocates only
 * the 32-byte result, or nothing (sha256TextWords). The words are Int32Array: V8 keeps their
 * values small integers, where a Uint32Array's upper half would be doubles. Checked against
 * @noble/hashes in sha256.test.ts.
 */

// the first 32 bits of the fractional parts of the cube roots of the first 64 primes
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
// the first 32 bits of the fractional parts of the square roots of the first 8 primes
const H0 = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const W = new Int32Array(64);
const H = new Int32Array(8);
let block = new Uint8Array(128);

/** One 64-byte block at `at` of `bytes` into H. */
function compress(bytes: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const i = at + t * 4;
    W[t] = (bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const x = W[t - 15]!;
    const y = W[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = H[0]!,
    b = H[1]!,
    c = H[2]!,
    d = H[3]!,
    e = H[4]!,
    f = H[5]!,
    g = H[6]!,
    h = H[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

/** SHA-256 of `length` bytes written into the shared block buffer, left in H. */
function hashBlock(length: number): void {
  const padded = (((length + 8) >> 6) + 1) << 6;
  if (block.length < padded) {
    const bigger = new Uint8Array(padded);
    bigger.set(block.subarray(0, length));
    block = bigger;
  }
  block[length] = 0x80;
  block.fill(0, length + 1, padded);
  // the message length in bits, big-endian, in the last 8 bytes (texts here stay below 2^32 bits)
  const bits = length * 8;
  block[padded - 4] = bits >>> 24;
  block[padded - 3] = (bits >>> 16) & 0xff;
  block[padded - 2] = (bits >>> 8) & 0xff;
  block[padded - 1] = bits & 0xff;
  block[padded - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  H.set(H0);
  for (let at = 0; at < padded; at += 64) compress(block, at);
}

/** The digest left in H as bytes. */
function digestBytes(): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = H[i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 0xff;
    out[i * 4 + 2] = (v >>> 8) & 0xff;
    out[i * 4 + 3] = v & 0xff;
  }
  return out;
}

function room(n: number): void {
  if (block.length < n + 72) {
    const bigger = new Uint8Array(n + 72);
    bigger.set(block);
    block = bigger;
  }
}

/** SHA-256 of bytes. */
export function sha256(bytes: Uint8Array): Uint8Array {
  room(bytes.length);
  block.set(bytes);
  hashBlock(bytes.length);
  return digestBytes();
}

/** SHA-256 of a text's UTF-8 bytes; ASCII text is copied straight into the block. */
export function sha256Text(text: string, utf8: (t: string) => Uint8Array): Uint8Array {
  sha256TextWords(text, utf8);
  return digestBytes();
}

/**
 * SHA-256 of a text's UTF-8 bytes as eight big-endian 32-bit words, in a buffer the next hash
 * overwrites: for callers that take a few bits and allocate nothing (50,000 chain names).
 */
export function sha256TextWords(text: string, utf8: (t: string) => Uint8Array): Int32Array {
  const n = text.length;
  room(n);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      const bytes = utf8(text);
      room(bytes.length);
      block.set(bytes);
      hashBlock(bytes.length);
      return H;
    }
    block[i] = c;
  }
  hashBlock(n);
  return H;
}
