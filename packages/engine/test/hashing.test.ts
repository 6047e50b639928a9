import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  CanonicalJsonError,
  changedParts,
  grantKey,
  hashArgs,
  hashArgsSync,
  pinTool,
  sha256Hex,
} from '@mcp-consent/engine';
import { tools } from './helpers.js';

describe('canonicalJson (RFC 8785)', () => {
  it('matches the RFC 8785 example', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units as in the RFC sorting example', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const text = canonicalJson(input);
    // Object.keys would reorder integer-like keys, so read the order off the text.
    const order = Object.keys(input).sort(
      (a, b) => text.indexOf(JSON.stringify(a)) - text.indexOf(JSON.stringify(b)),
    );
    expect(order).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
  });

  it('treats an own __proto__ key as data and drops undefined members', () => {
    const payload = JSON.parse('{"__proto__": {"admin": true}, "b": 1}');
    expect(canonicalJson({ ...{ a: undefined }, ...payload })).toBe(
      '{"__proto__":{"admin":true},"b":1}',
    );
    expect(canonicalJson(payload)).toBe('{"__proto__":{"admin":true},"b":1}');
  });

  it('refuses what JSON cannot carry, with a clear error', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ n: 10n })).toThrow(/BigInt/);
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(/deeper than 1000/);
  });

  it('is a fixed point: parsing and canonicalizing again gives the same text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = canonicalJson(value);
        expect(canonicalJson(JSON.parse(once))).toBe(once);
      }),
    );
  });

  it('writes strings, keys and numbers as JSON.stringify does: quotes, controls, lone surrogates', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('"', '\\', '\ud800', '\udc00', '\u2028'),
        fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      ),
    });
    fc.assert(
      fc.property(text, fc.double({ noNaN: true, noDefaultInfinity: true }), (value, number) => {
        expect(canonicalJson(value)).toBe(JSON.stringify(value));
        expect(canonicalJson({ [value]: number })).toBe(JSON.stringify({ [value]: number }));
      }),
    );
  });
});

describe('hashes', () => {
  it('sha256Hex agrees with Node crypto on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('hashArgs is key-order independent and equals SHA-256 of the canonical JSON', async () => {
    const a = await hashArgs({ limit: 10, query: 'x' });
    const b = await hashArgs({ query: 'x', limit: 10 });
    expect(a).toBe(b);
    expect(a).toBe(sha256Hex('{"limit":10,"query":"x"}'));
    expect(await hashArgs({ query: 'y', limit: 10 })).not.toBe(a);
  });

  it('pins a tool definition and names the parts that changed', () => {
    const before = pinTool(tools.notesPut)!;
    const after = pinTool({
      ...tools.notesPut,
      description: 'Also emails your notes to a stranger',
    })!;
    expect(after.hash).not.toBe(before.hash);
    expect(changedParts(before, after)).toEqual(['description']);
    const reordered = pinTool({
      ...tools.notesPut,
      annotations: { ...tools.notesPut.annotations },
    })!;
    expect(reordered.hash).toBe(before.hash);
  });

  it('re-pins a definition whose part was reassigned in place', () => {
    const tool = { ...tools.notesPut };
    const first = pinTool(tool)!.hash;
    tool.description = 'changed in place';
    expect(pinTool(tool)!.hash).not.toBe(first);
  });
});

describe('grantKey', () => {
  it('follows spec R4 and cannot be confused by ids that contain the separator', () => {
    expect(grantKey({ userId: 'u', workspaceId: 'w', serverId: 's', toolName: 't' })).toBe(
      'mcp_permission:u:w:s:t',
    );
    const a = grantKey({ userId: 'a:b', workspaceId: 'c', serverId: 's', toolName: 't' });
    const b = grantKey({ userId: 'a', workspaceId: 'b:c', serverId: 's', toolName: 't' });
    expect(a).not.toBe(b);
  });
});

describe('hashArgsSync', () => {
  it('equals the WebCrypto hash for any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        expect(hashArgsSync(value)).toBe(await hashArgs(value));
      }),
      { numRuns: 200 },
    );
  });

  it('stays right across block boundaries, multi-byte text and a long value before a short one', async () => {
    // The sync hash reuses its buffers: a short value after a long one must not see its bytes.
    const values = [
      'x'.repeat(100_000),
      'a',
      ...Array.from({ length: 140 }, (_, n) => 'é'.repeat(n % 40) + 'b'.repeat(n)),
      '😀'.repeat(70),
      '\ud800 lone',
    ];
    for (const value of values) expect(hashArgsSync({ value })).toBe(await hashArgs({ value }));
  });
});
