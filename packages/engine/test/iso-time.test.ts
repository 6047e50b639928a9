import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '../src/clock.js';

describe('isoTime (the audit timestamp)', () => {
  it('writes what toISOString writes, for any time, in any order of calls', () => {
    const near = fc.integer({
      min: Date.UTC(2026, 0, 1) - 5_000,
      max: Date.UTC(2026, 0, 1) + 5_000,
    });
    const any = fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(near, any, fc.constant(-0.5), fc.constant(999.9)), { maxLength: 20 }),
        (times) => {
          for (const time of times) expect(isoTime(time)).toBe(new Date(time).toISOString());
        },
      ),
    );
  });

  it('throws for a time that is not a date, as toISOString does', () => {
    isoTime(Date.UTC(2026, 0, 1));
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(() => isoTime(Infinity)).toThrow(RangeError);
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
  });
});
