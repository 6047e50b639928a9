import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyJson } from '../src/copy-json.js';

/** Deep-freezes a value as the engine freezes approved arguments. */
const freeze = (value: unknown): unknown => {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) freeze(item);
    Object.freeze(value);
  }
  return value;
};

describe('copyJson (the arguments sent for an approved call)', () => {
  it('sends exactly the approved JSON, as a writable copy that shares nothing with it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const approved = freeze(JSON.parse(JSON.stringify(value)));
        const sent = copyJson(approved);
        expect(JSON.stringify(sent)).toBe(JSON.stringify(approved));
        const shared = (a: unknown, b: unknown): boolean =>
          typeof a === 'object' &&
          a !== null &&
          (a === b ||
            Object.keys(a).some((key) =>
              shared((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
            ));
        expect(shared(sent, approved)).toBe(false);
        if (typeof sent === 'object' && sent !== null) expect(Object.isFrozen(sent)).toBe(false);
      }),
    );
  });

  it('keeps an own "__proto__" key a key: the copy gets no other prototype', () => {
    const approved = freeze(JSON.parse('{"__proto__":{"admin":true},"list":[{"__proto__":1}]}'));
    const sent = copyJson(approved) as Record<string, unknown> & { admin?: unknown };
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype);
    expect(sent.admin).toBeUndefined();
    expect(Object.keys(sent)).toEqual(['__proto__', 'list']);
    expect(JSON.stringify(sent)).toBe('{"__proto__":{"admin":true},"list":[{"__proto__":1}]}');
  });
});
