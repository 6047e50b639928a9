/**
 * A shortened clock for a server process: `node --import ./fast-clock.mjs server.js` runs every
 * `setTimeout` / `setInterval` delay FAST_CLOCK_SCALE times shorter (default 20), so a server's
 * 70 s operation takes 3.5 s. Only the server's own timers are touched; its code is unchanged.
 */
const scale = Number(process.env.FAST_CLOCK_SCALE) > 0 ? Number(process.env.FAST_CLOCK_SCALE) : 20;
const shorten = (ms) => (Number.isFinite(Number(ms)) ? Number(ms) / scale : ms);
const { setTimeout: realTimeout, setInterval: realInterval } = globalThis;

globalThis.setTimeout = Object.assign(
  (callback, ms, ...args) => realTimeout(callback, shorten(ms), ...args),
  realTimeout,
);
globalThis.setInterval = Object.assign(
  (callback, ms, ...args) => realInterval(callback, shorten(ms), ...args),
  realInterval,
);
