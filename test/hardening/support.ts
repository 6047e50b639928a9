/** Prints a suite's summary line, the figures `npm run test:hardening` reports. */
export function report(line: string): void {
  console.info(`[hardening] ${line}`);
}

/** Counts how often a promise-returning call settled, to prove "settles exactly once". */
export function settleCounter() {
  let settled = 0;
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      return promise.then(
        (value) => ((settled += 1), value),
        (error: unknown) => {
          settled += 1;
          throw error;
        },
      );
    },
    get settled() {
      return settled;
    },
  };
}
