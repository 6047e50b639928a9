/**
 * What counts as a secret in an arguments preview. Keys are split into words
 * (`x-api-key`, `apiKey`, `API_KEY` → api, key) so that `max_tokens` or `author` stay
 * visible while `access_token`, `Authorization` or `client_secret` are hidden.
 */

const SECRET_WORDS = new Set([
  'token',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'secrets',
  'apikey',
  'authorization',
  'auth',
  'cookie',
  'cookies',
  'session',
  'privatekey',
  'credential',
  'credentials',
  'bearer',
  'accesskey',
  'secretkey',
  'signingkey',
  'jwt',
  'otp',
]);

function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether an argument key looks like it holds a secret (case-insensitive, any nesting level). */
export function isSecretKey(key: string): boolean {
  const parts = words(key);
  if (SECRET_WORDS.has(parts.join(''))) return true;
  return parts.some(
    (word, index) =>
      SECRET_WORDS.has(word) || (index > 0 && SECRET_WORDS.has(`${parts[index - 1]}${word}`)),
  );
}

/**
 * Well-known credential shapes, found inside any string value: bearer and basic
 * authorization values, PEM private keys, JWTs, and the token formats of common providers
 * (GitHub, Slack, Stripe, OpenAI/Anthropic-style `sk-`, AWS access key ids).
 */
const SECRET_VALUE =
  /\b(?:[Bb]earer|BEARER)\s+[A-Za-z0-9._~+/-]{16,}=*|\b(?:Basic|BASIC)\s+[A-Za-z0-9+/]{12,}={0,2}|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)|\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}|\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{20,}|\bxox[abposr]-[A-Za-z0-9-]{10,}|\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}|\bsk-[A-Za-z0-9_-]{20,}|\bAKIA[0-9A-Z]{16}\b/g;

/** Splits a string into plain parts and secret-looking parts, in order. */
export function splitSecrets(value: string): { text: string; secret: boolean }[] {
  const out: { text: string; secret: boolean }[] = [];
  let last = 0;
  for (const match of value.matchAll(SECRET_VALUE)) {
    if (match.index > last) out.push({ text: value.slice(last, match.index), secret: false });
    out.push({ text: match[0], secret: true });
    last = match.index + match[0].length;
  }
  if (last < value.length || out.length === 0) out.push({ text: value.slice(last), secret: false });
  return out;
}
