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
