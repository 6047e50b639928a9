import type { Clock } from './clock.js';

/** The real clock: the only place the engine package reads wall time or schedules timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
