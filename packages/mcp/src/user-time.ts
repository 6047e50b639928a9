import type { CallOptions } from './binding.js';

/** The longest delay `setTimeout` accepts (about 24.8 days); used to park the SDK's own timer. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Counts the prompts a user is answering on one connection (nested
 * elicitations). While any is open, the tool calls on that connection do not
 * spend their timeout: the user's reading time is not the server's time.
 */
export class UserTimeGate {
  private open = 0;
  private readonly listeners = new Set<(paused: boolean) => void>();

  get paused(): boolean {
    return this.open > 0;
  }

  /** Marks a prompt as open; call the returned function exactly once when it closes. */
  enter(): () => void {
    this.open += 1;
    if (this.open === 1) this.emit(true);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.open -= 1;
      if (this.open === 0) this.emit(false);
    };
  }

  onChange(listener: (paused: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(paused: boolean): void {
    for (const listener of [...this.listeners]) listener(paused);
  }
}

/** The SDK's timeout rules, from its binding. */
export interface TimeoutRules {
  defaultTimeoutMs: number;
  timeoutError(budgetMs: number): Error;
}

/**
 * Runs one SDK request with the caller's timeout measured in server time:
 * same budget (`options.timeout`, default the SDK's 60 s), same
 * `RequestTimeout` error, but the clock stops while the gate is paused.
 * Everything else in `options` is passed through untouched.
 */
export async function excludeUserTime<O extends CallOptions, T>(
  gate: UserTimeGate,
  options: O | undefined,
  run: (options: O) => Promise<T>,
  rules: TimeoutRules,
): Promise<T> {
  const budget = options?.timeout ?? rules.defaultTimeoutMs;
  const controller = new AbortController();
  let remaining = budget;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const start = () => {
    if (timer !== undefined || controller.signal.aborted) return;
    startedAt = Date.now();
    timer = setTimeout(() => controller.abort(rules.timeoutError(budget)), Math.max(0, remaining));
  };
  const stop = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remaining -= Date.now() - startedAt;
  };
  const unsubscribe = gate.onChange((paused) => (paused ? stop() : start()));
  if (!gate.paused) start();

  const forwarded = {
    ...options,
    signal: options?.signal
      ? AbortSignal.any([options.signal, controller.signal])
      : controller.signal,
    timeout: MAX_TIMER_MS,
  } as O;
  const { onprogress } = options ?? {};
  if (onprogress) {
    forwarded.onprogress = (progress) => {
      if (options?.resetTimeoutOnProgress) {
        stop();
        remaining = budget;
        if (!gate.paused) start();
      }
      onprogress(progress);
    };
  }
  try {
    return await run(forwarded);
  } finally {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  }
}
