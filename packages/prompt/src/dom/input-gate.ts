/**
 * Which keys and clicks may answer an open sheet (see `createInputGate`). The model's
 * own input guard (the first 500 ms) comes on top of this.
 */
export interface InputGate {
  /** The sheet opened, or was shown again: keys from before now never answer. */
  open(): void;
  /** The sheet closed: nothing answers until it opens again. */
  close(): void;
  /**
   * Records a key that went down inside the sheet and says whether it may act: a key
   * whose event predates the opening (typed for something else, or auto-repeating) never does.
   */
  acceptKey(event: { timeStamp: number; key: string }): boolean;
  /**
   * A click without a pointer (`detail === 0`: Space or Enter on a button, or a script's
   * `click()`) counts only after a key went down inside the sheet; a pointer's click always.
   */
  acceptClick(event: { detail: number }): boolean;
  /** Keys that went down inside the sheet since it opened. */
  readonly keys: ReadonlySet<string>;
}

/**
 * The type-ahead and pointer gate of a sheet. `now` must share the time origin of
 * event time stamps (`performance.now()` in a page).
 */
export function createInputGate(now: () => number = () => performance.now()): InputGate {
  let openedAt = Infinity;
  const keys = new Set<string>();
  return {
    keys,
    open() {
      openedAt = now();
      keys.clear();
    },
    close() {
      openedAt = Infinity;
      keys.clear();
    },
    acceptKey(event) {
      if (event.timeStamp < openedAt) return false;
      keys.add(event.key);
      return true;
    },
    acceptClick: (event) => event.detail > 0 || keys.size > 0,
  };
}
