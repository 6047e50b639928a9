/**
 * Globs for server ids, tool names and argument strings: `*` matches any run of characters
 * (also none, also `/`), `?` exactly one, `\` makes the next character literal; everything
 * else is literal and case-sensitive. A glob is compiled once to a matcher that never
 * backtracks more than O(text × glob), so no glob can be slow on a long argument.
 */

/** One piece of a compiled glob. */
type Token = { kind: 'star' } | { kind: 'any' } | { kind: 'char'; char: string };

/** A compiled glob. `literal` is set when the glob has no wildcard. */
export interface GlobMatcher {
  readonly literal?: string;
  test(text: string): boolean;
}

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  const chars = Array.from(glob);
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) {
      i += 1;
      tokens.push({ kind: 'char', char: chars[i]! });
    } else if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'any' });
    else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

/**
 * Classic two-pointer wildcard match. Over code points when the glob has `?` (one character
 * is one code point); otherwise over UTF-16 units, which matches the same and allocates nothing.
 */
function matchTokens(tokens: readonly Token[], text: string, byCodePoint: boolean): boolean {
  const chars: ArrayLike<string> = byCodePoint ? Array.from(text) : text;
  let t = 0;
  let p = 0;
  let starP = -1;
  let starT = 0;
  while (t < chars.length) {
    const token = tokens[p];
    if (token && (token.kind === 'any' || (token.kind === 'char' && token.char === chars[t]))) {
      t += 1;
      p += 1;
    } else if (token?.kind === 'star') {
      starP = p;
      starT = t;
      p += 1;
    } else if (starP >= 0) {
      p = starP + 1;
      starT += 1;
      t = starT;
    } else return false;
  }
  while (tokens[p]?.kind === 'star') p += 1;
  return p === tokens.length;
}

/** True when the glob has a wildcard (`*` or `?` not escaped). */
export function isGlobPattern(glob: string): boolean {
  return tokenize(glob).some((token) => token.kind !== 'char');
}

/** Compiles a glob once; the matcher is pure and reusable. */
export function compileGlob(glob: string): GlobMatcher {
  const tokens = tokenize(glob);
  if (tokens.every((token) => token.kind === 'char')) {
    const literal = tokens.map((token) => (token.kind === 'char' ? token.char : '')).join('');
    return { literal, test: (text) => text === literal };
  }
  const stars = tokens.filter((token) => token.kind === 'star').length;
  const byCodePoint = tokens.some((token) => token.kind === 'any');
  const inner = tokens.filter((token) => token.kind === 'char');
  const text = inner.map((token) => (token.kind === 'char' ? token.char : '')).join('');
  if (!byCodePoint && stars === 1 && tokens.at(-1)?.kind === 'star') {
    return { test: (value) => value.startsWith(text) };
  }
  if (!byCodePoint && stars === 1 && tokens[0]?.kind === 'star') {
    return { test: (value) => value.endsWith(text) };
  }
  if (!byCodePoint && stars === 2 && tokens[0]?.kind === 'star' && tokens.at(-1)?.kind === 'star') {
    return { test: (value) => value.includes(text) };
  }
  const units: Token[] = byCodePoint
    ? tokens
    : tokens.flatMap((token) =>
        token.kind === 'char' && token.char.length > 1
          ? token.char.split('').map((char): Token => ({ kind: 'char', char }))
          : [token],
      );
  return { test: (value) => matchTokens(units, value, byCodePoint) };
}
