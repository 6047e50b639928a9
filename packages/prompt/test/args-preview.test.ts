import { createTranslator } from '@mcp-consent/i18n';
import { formatArguments, isSecretKey } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';

const en = createTranslator('en-US');

describe('formatArguments', () => {
  it('pretty-prints JSON in the key order given', () => {
    const result = formatArguments({ z: 1, a: 'two', list: [true, null] }, en);
    expect(result.preview).toBe(
      '{\n  "z": 1,\n  "a": "two",\n  "list": [\n    true,\n    null\n  ]\n}',
    );
    expect(result).toMatchObject({ truncated: false, hiddenLines: 0, empty: false });
  });

  it('hides secret-looking keys at any depth, case-insensitively, in the locale', () => {
    const args = {
      query: 'cats',
      api_key: 'k1',
      headers: { Authorization: 'Basic dXNlcjpwYXNz', 'X-Api-Key': 'k2', Cookie: 'sid=1' },
      db: { PASSWORD: 'hunter2', privateKey: { pem: '…' } },
      accessToken: 'abc',
      client_secret: 's',
      sessionId: 'x',
    };
    const result = formatArguments(args, createTranslator('pt-BR'));
    for (const secret of ['k1', 'dXNlcjpwYXNz', 'k2', 'sid=1', 'hunter2', '"abc"', 'pem']) {
      expect(result.full).not.toContain(secret);
    }
    expect(result.full).toContain('"query": "cats"');
    expect(result.full).toContain('"PASSWORD": ••••• (oculto)');
    expect(result.redacted).toEqual([
      'api_key',
      'headers.Authorization',
      'headers.X-Api-Key',
      'headers.Cookie',
      'db.PASSWORD',
      'db.privateKey',
      'accessToken',
      'client_secret',
      'sessionId',
    ]);
  });

  it('does not hide ordinary keys that merely contain a secret word', () => {
    for (const key of [
      'max_tokens',
      'author',
      'tokenizer',
      'passage',
      'sessions_count',
      'keyword',
    ]) {
      expect(isSecretKey(key), key).toBe(false);
    }
    for (const key of [
      'token',
      'apiKey',
      'API_KEY',
      'x-api-key',
      'Authorization',
      'refresh_token',
      'passwd',
      'jwt',
    ]) {
      expect(isSecretKey(key), key).toBe(true);
    }
  });

  it('hides credential-shaped values inside ordinary strings', () => {
    const token = 'ghp_' + 'a'.repeat(36);
    const result = formatArguments(
      { body: `use ${token} please`, auth_header: 'x', note: 'Bearer abcdefghijklmnopqrstuvwxyz' },
      en,
    );
    expect(result.full).toContain('"body": "use ••••• (hidden) please"');
    expect(result.full).not.toContain(token);
    expect(result.full).toContain('"note": "••••• (hidden)"');
    expect(result.redacted).toEqual(['body', 'auth_header', 'note']);
  });

  it('cuts long previews by lines and long lines by characters; full reveals everything', () => {
    const args = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const result = formatArguments(args, en);
    expect(result.preview.split('\n')).toHaveLength(12);
    expect(result.hiddenLines).toBe(42 - 12);
    expect(result.full.split('\n')).toHaveLength(42);
    expect(result.truncated).toBe(true);

    const long = formatArguments({ text: 'y'.repeat(5000) }, en);
    expect(long.preview).toMatch(/… 4,\d{3} more characters$/m);
    expect(long.full).toContain('y'.repeat(5000));
  });

  it('handles a 1 MB string: short preview, whole value on show-more', () => {
    const big = 'b'.repeat(1_000_000);
    const result = formatArguments({ blob: big }, en);
    expect(result.preview.length).toBeLessThan(400);
    expect(result.full).toContain(big);
    expect(result.truncated).toBe(true);
  });

  it('survives 10 000-deep nesting with a marker instead of a stack overflow', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i += 1) deep = { d: deep };
    const result = formatArguments(deep, en, { maxDepth: 32 });
    expect(result.full).toContain('{ … (nested too deeply to show) }');
    expect(result.full).not.toContain('bottom');
    let deepArray: unknown = [];
    for (let i = 0; i < 10_000; i += 1) deepArray = [deepArray];
    expect(() => formatArguments(deepArray, en)).not.toThrow();
  });

  it('marks cycles, shows BigInt, and never runs getters or toJSON', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    let ran = false;
    const sneaky = {
      get boom() {
        ran = true;
        return 'x';
      },
      toJSON: () => {
        ran = true;
        return {};
      },
      big: 2n ** 70n,
    };
    expect(formatArguments(cyclic, en).full).toContain('"self": [circular reference]');
    const result = formatArguments(sneaky, en);
    expect(ran).toBe(false);
    expect(result.full).toContain('"boom": [value cannot be shown]');
    expect(result.full).toContain('"big": 1180591620717411303424n');
  });

  it('shows a __proto__ key as data without touching any prototype', () => {
    const args = JSON.parse(
      '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
    ) as unknown;
    const result = formatArguments(args, en);
    expect(result.full).toContain('"__proto__": {');
    expect(result.full).toContain('"isAdmin": true');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('survives a Proxy that throws', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('nope');
        },
      },
    );
    expect(formatArguments({ trap }, en).full).toContain('"trap": [value cannot be shown]');
  });

  it('makes hidden characters in keys and values visible and keeps JSON escapes readable', () => {
    const result = formatArguments({ 'na\u202Eme': 'a\u200Bb', path: 'C:\\dir\n"q"' }, en);
    expect(result.full).toContain('"na\\u{202E}me": "a\\u{200B}b"');
    expect(result.full).toContain('"path": "C:\\\\dir\\n\\"q\\""');
    expect(result.found).toEqual(expect.arrayContaining(['bidi', 'invisible']));
  });

  it('reports no arguments as empty', () => {
    for (const value of [undefined, null, {}]) expect(formatArguments(value, en).empty).toBe(true);
    expect(formatArguments({ a: 1 }, en).empty).toBe(false);
  });

  it('accepts extra keys to redact', () => {
    const result = formatArguments({ ssn: '123', name: 'x' }, en, {
      redactKey: (key) => key === 'ssn',
    });
    expect(result.full).not.toContain('123');
    expect(result.redacted).toEqual(['ssn']);
  });
});
