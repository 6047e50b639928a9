/**
 * Synchronous SHA-256 (FIPS 180-4) over UTF-8 text. The engine pins tool
 * definitions inside the synchronous `lookup`, where WebCrypto's async digest
 * cannot be awaited; argument hashes use WebCrypto (see hash.ts).
 */
// Signed: a round's sum then stays in 32-bit integers (a Uint32 above 2³¹ is a heap number).
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export const encoder = new TextEncoder();

// Buffers reused across calls: the engine hashes on every cache hit (the audit event's
// args hash), and allocating them each time cost more than the rounds themselves.
let block = new Uint8Array(256);
let view = new DataView(block.buffer);
const w = new Int32Array(64);

export function sha256Hex(text: string): string {
  // UTF-8 is at most 3 bytes per UTF-16 unit; + 9 for the 0x80 marker and the length.
  const needed = (((text.length * 3 + 9 + 63) >> 6) << 6) + 64;
  if (block.length < needed) view = new DataView((block = new Uint8Array(needed)).buffer);
  const length = encoder.encodeInto(text, block).written;
  const total = ((length + 9 + 63) >> 6) << 6;
  block.fill(0, length, total);
  block[length] = 0x80;
  // The length in bits, big-endian, in the last 8 bytes.
  view.setUint32(total - 8, Math.floor(length / 2 ** 29));
  view.setUint32(total - 4, (length * 8) >>> 0);

  let h0 = 0x6a09e667 | 0,
    h1 = 0xbb67ae85 | 0,
    h2 = 0x3c6ef372 | 0,
    h3 = 0xa54ff53a | 0,
    h4 = 0x510e527f | 0,
    h5 = 0x9b05688c | 0,
    h6 = 0x1f83d9ab | 0,
    h7 = 0x5be0cd19 | 0;
  for (let offset = 0; offset < total; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0,
      b = h1,
      c = h2,
      d = h3,
      e = h4,
      f = h5,
      g = h6,
      hh = h7;
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + hh) | 0;
  }
  return hex8(h0) + hex8(h1) + hex8(h2) + hex8(h3) + hex8(h4) + hex8(h5) + hex8(h6) + hex8(h7);
}

/**
 * Two lowercase hex digits of each byte value. Read from a table: every cache hit hashes its
 * arguments for the audit event, and `toString(16).padStart` took longer than the rounds.
 */
const HEX = Array.from({ length: 256 }, (_, byte) => (byte + 256).toString(16).slice(1));

/** Bytes as lowercase hex, two digits each. */
export const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (byte) => HEX[byte]).join('');

function hex8(word: number): string {
  return (
    HEX[word >>> 24]! + HEX[(word >>> 16) & 255]! + HEX[(word >>> 8) & 255]! + HEX[word & 255]!
  );
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}
