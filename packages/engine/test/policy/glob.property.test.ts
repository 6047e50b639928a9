import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '@mcp-consent/engine';

/** The reference: the glob as an anchored regex over code points (`*` any run, `?` one). */
function reference(glob: string, text: string): boolean {
  let source = '';
  const chars = Array.from(glob);
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) source += escape(chars[++i]!);
    else if (c === '*') source += '[^]*';
    else if (c === '?') source += '.';
    else source += escape(c);
  }
  return new RegExp(`^${source}$`, 'us').test(text);
}
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const alphabet = fc.constantFrom('a', 'b', '_', '😀', '/', '.');
const globChar = fc.oneof(alphabet, fc.constantFrom('*', '?', '\\*', '\\?', '\\\\'));

describe('compileGlob', () => {
  it('agrees with an anchored regex for random globs and texts (every fast path)', () => {
    fc.assert(
      fc.property(
        fc.array(globChar, { maxLength: 6 }).map((parts) => parts.join('')),
        fc.array(alphabet, { maxLength: 8 }).map((parts) => parts.join('')),
        (glob, text) => {
          expect(compileGlob(glob).test(text)).toBe(reference(glob, text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a literal glob reports its literal; `?` is one code point', () => {
    expect(compileGlob('a\\*b').literal).toBe('a*b');
    expect(compileGlob('a*').literal).toBeUndefined();
    expect(compileGlob('?').test('😀')).toBe(true);
    expect(compileGlob('*😀').test('x😀')).toBe(true);
  });

  // No stopwatch (it fails on a loaded machine): a backtracking matcher would take about
  // 4096^5 steps here and never finish within the test's timeout; the compiled glob is linear.
  it('finishes on a long text with many stars', { timeout: 30_000 }, () => {
    expect(compileGlob('*a*a*a*a*a*b').test('a'.repeat(4096))).toBe(false);
  });
});
