/**
 * What a user must know before opening a link a server asks them to open (MCP URL-mode
 * elicitation): the real host, split out so it can be highlighted, and warnings for
 * punycode, mixed or look-alike scripts, plain HTTP, user info before an `@`, bare IPs.
 * Uses only the WHATWG URL parser, so it runs in browsers, Node and workers alike.
 */

export type UrlWarningKind =
  'punycode' | 'mixed_scripts' | 'confusable' | 'not_https' | 'userinfo' | 'ip_address';

export type UrlCheck =
  | {
      valid: true;
      /** The normalized URL to open after consent (`URL.href`: punycode host, percent-encoded path). */
      href: string;
      scheme: string;
      /** `href` in three parts: `before` (scheme, user info), `host` (the hostname), `after` (port, path, query, fragment). */
      before: string;
      host: string;
      after: string;
      /** The hostname decoded from punycode, when it differs from `host`. */
      hostUnicode: string | null;
      warnings: UrlWarningKind[];
    }
  | { valid: false; error: 'invalid' | 'scheme'; scheme: string | null };

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thai',
  'Devanagari',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Cherokee',
] as const;
type Script = (typeof SCRIPTS)[number];
const SCRIPT_TESTS = SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const,
);

/** Script mixes that are normal (UTS #39 "highly restrictive"): Latin with Japanese, Chinese or Korean. */
const ALLOWED_MIXES: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** Cyrillic and Greek letters that look like Latin ones. */
const LATIN_LOOKALIKES = new Set([...'аеорсухіјѕԁԛԝһӏвкмнтԍɡαβεικνορτυχ']);

function scriptsOf(label: string): Set<Script> {
  const found = new Set<Script>();
  for (const char of label) {
    for (const [script, test] of SCRIPT_TESTS) if (test.test(char)) found.add(script);
  }
  return found;
}

/** RFC 3492 decoding of one `xn--` label's payload; `null` when malformed. */
export function decodePunycode(input: string): string | null {
  const base = 36;
  const basic = input.lastIndexOf('-');
  const output = [...(basic > 0 ? input.slice(0, basic) : '')].map((c) => c.codePointAt(0)!);
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length;) {
    const oldi = i;
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) return null;
      const c = input.charCodeAt(index++);
      const digit =
        c >= 48 && c <= 57
          ? c - 22
          : c >= 65 && c <= 90
            ? c - 65
            : c >= 97 && c <= 122
              ? c - 97
              : base;
      if (digit >= base) return null;
      i += digit * w;
      const threshold = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < threshold) break;
      w *= base - threshold;
      if (i > 0x10ffff * 64) return null;
    }
    const length = output.length + 1;
    let delta = oldi === 0 ? Math.floor((i - oldi) / 700) : (i - oldi) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > ((base - 1) * 26) >> 1; k += base) delta = Math.floor(delta / (base - 1));
    bias = Math.floor(k + ((base - 1 + 1) * delta) / (delta + 38));
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

function decodeHost(hostname: string): string {
  return hostname
    .split('.')
    .map((label) =>
      label.toLowerCase().startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label,
    )
    .join('.');
}

export function checkUrl(raw: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { valid: false, error: 'invalid', scheme: null };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { valid: false, error: 'scheme', scheme: url.protocol };
  }
  const { href, hostname } = url;
  const userinfo =
    url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const before = `${url.protocol}//${userinfo}`;
  const start = href.startsWith(before + hostname) ? before.length : href.indexOf(hostname);
  const warnings: UrlWarningKind[] = [];
  const decoded = decodeHost(hostname);
  if (decoded !== hostname) warnings.push('punycode');
  const labels = decoded.split('.');
  const mixed = labels.some((label) => {
    const scripts = [...scriptsOf(label)];
    return (
      scripts.length > 1 && !ALLOWED_MIXES.some((mix) => scripts.every((s) => mix.includes(s)))
    );
  });
  if (mixed) warnings.push('mixed_scripts');
  const lookalike = labels.some((label) => {
    const letters = [...label].filter((c) => /\p{L}/u.test(c));
    return (
      letters.length > 0 &&
      letters.some((c) => !/\p{Script=Latin}/u.test(c)) &&
      letters.every((c) => LATIN_LOOKALIKES.has(c) || /[a-z]/.test(c))
    );
  });
  if (lookalike) warnings.push('confusable');
  if (url.protocol === 'http:') warnings.push('not_https');
  if (userinfo) warnings.push('userinfo');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('['))
    warnings.push('ip_address');
  return {
    valid: true,
    href,
    scheme: url.protocol,
    before: href.slice(0, start),
    host: hostname,
    after: href.slice(start + hostname.length),
    hostUnicode: decoded !== hostname ? decoded : null,
    warnings,
  };
}
