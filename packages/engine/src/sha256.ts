/**
 * Synchronous SHA-256 (FIPS 180-4) over UTF-8 text. The engine pins tool
 * definitions inside the synchronous `lookup`, where WebCrypto's async digest
 * cannot be awaited; argument hashes use WebCrypto (see hash.ts).
 */
/**
 * The round constants and the initial hash (FIPS 180-4 §4.2.2, §5.3.3): the first 32 bits of the
 * fractional parts of the cube roots of the first 64 primes and of the square roots of the first
 * 8, computed rather than listed. Each is at least 0.02 of a unit away from rounding the other
 * way, thousands of times any `Math.cbrt`'s error; the tests check the digests. Signed: a
 * round's sum then stays in 32-bit integers (a Uint32 above 2³¹ is a heap number).
 */
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p)) PRIMES.push(n);
const fraction = (root: number) => ((root - Math.floor(root)) * 2 ** 32) | 0;
const K = Int32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));
const H = Int32Array.from(PRIMES.slice(0, 8), (p) => fraction(Math.sqrt(p)));

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

  let h0 = H[0]!,
    h1 = H[1]!,
    h2 = H[2]!,
    h3 = H[3]!,
    h4 = H[4]!,
    h5 = H[5]!,
    h6 = H[6]!,
    h7 = H[7]!;
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
