import { describe, expect, it } from 'vitest';
import { createManualClock } from '@mcp-consent/engine';
import { ANNOUNCE_DELAY_MS, createAnnouncer, createInputGate } from '@mcp-consent/prompt/dom';

describe('createInputGate', () => {
  const key = (timeStamp: number, k = 'Enter') => ({ timeStamp, key: k });

  it('refuses everything while closed, and keys whose events predate the opening', () => {
    let now = 100;
    const gate = createInputGate(() => now);
    expect(gate.acceptKey(key(150))).toBe(false);
    gate.open();
    now = 200;
    expect(gate.acceptKey(key(99))).toBe(false); // went down before the sheet opened
    expect(gate.keys.size).toBe(0);
    expect(gate.acceptKey(key(100, 'Tab'))).toBe(true);
    expect([...gate.keys]).toEqual(['Tab']);
    gate.close();
    expect(gate.acceptKey(key(300))).toBe(false);
    expect(gate.keys.size).toBe(0);
  });

  it('takes a click with no pointer only after a key went down inside; a pointer click always', () => {
    let now = 0;
    const gate = createInputGate(() => now);
    gate.open();
    expect(gate.acceptClick({ detail: 0 })).toBe(false);
    expect(gate.acceptClick({ detail: 1 })).toBe(true);
    expect(gate.acceptKey(key(-1))).toBe(false); // a key from before does not unlock it
    expect(gate.acceptClick({ detail: 0 })).toBe(false);
    expect(gate.acceptKey(key(0, ' '))).toBe(true);
    expect(gate.acceptClick({ detail: 0 })).toBe(true);
    now = 10;
    gate.open(); // shown again: the keys start over
    expect(gate.acceptClick({ detail: 0 })).toBe(false);
  });
});

describe('createAnnouncer', () => {
  it('empties the region at once and writes the text after the delay; a newer text wins', () => {
    const clock = createManualClock();
    const written: string[] = [];
    const announcer = createAnnouncer((text) => written.push(text), {
      setTimer: clock.setTimer,
    });
    announcer.announce('first');
    expect(written).toEqual(['']);
    clock.advance(ANNOUNCE_DELAY_MS - 1);
    announcer.announce('second');
    clock.advance(ANNOUNCE_DELAY_MS - 1);
    expect(written).toEqual(['', '']);
    clock.advance(1);
    expect(written).toEqual(['', '', 'second']);
    announcer.announce('third');
    announcer.cancel();
    clock.advance(ANNOUNCE_DELAY_MS);
    expect(written).toEqual(['', '', 'second', '']);
    expect(clock.pendingTimers()).toBe(0);
  });
});
