/** Cancels a scheduled callback. */
export type CancelTimer = () => void;

/**
 * Time, injected so that engine logic never reads the wall clock itself.
 * `setTimer` is needed only for prompt timeouts and the ready wait; without
 * it those features are off.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimer?(callback: () => void, ms: number): CancelTimer;
}

export interface ManualClock extends Clock {
  setTimer(callback: () => void, ms: number): CancelTimer;
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void;
  /** Jumps to an absolute time (backwards too), firing timers now due. */
  set(epochMs: number): void;
  /** How many timers are scheduled and not yet fired or cancelled. */
  pendingTimers(): number;
}

/** A clock that only moves when told to: for tests and simulations. */
export function createManualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const fireDue = () => {
    for (;;) {
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of timers) {
        if (entry[1].at <= now && (!due || entry[1].at < due[1].at)) due = entry;
      }
      if (!due) return;
      timers.delete(due[0]);
      due[1].callback();
    }
  };
  return {
    now: () => now,
    setTimer(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return () => void timers.delete(id);
    },
    advance(ms) {
      now += ms;
      fireDue();
    },
    set(epochMs) {
      now = epochMs;
      fireDue();
    },
    pendingTimers: () => timers.size,
  };
}

/** The second `isoTime` formatted last, and its text up to the milliseconds. */
let second = NaN;
let secondText = '';

/**
 * `new Date(ms).toISOString()`, with the text up to the second reused while the second lasts:
 * every decision is audited with its time, and formatting a Date each time cost more than the
 * rest of building the event. Throws, as `toISOString` does, for a time that is not a date.
 */
export function isoTime(time: number): string {
  const ms = Math.trunc(time); // as Date does
  const at = Math.floor(ms / 1000);
  if (at !== second) {
    const text = new Date(ms).toISOString();
    // Years 0–9999 read YYYY-MM-DDTHH:mm:ss.sssZ; others are formatted whole every time.
    if (text.length !== 24) return text;
    second = at;
    secondText = text.slice(0, 20);
  }
  const milli = ms - at * 1000;
  return secondText + (milli < 10 ? '00' : milli < 100 ? '0' : '') + milli + 'Z';
}
