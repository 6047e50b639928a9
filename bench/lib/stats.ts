/** Small statistics and timing helpers. Everything reports medians: robust to a noisy machine. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nanoseconds since an arbitrary origin, as a number (safe for runs shorter than ~100 days). */
export function nowNs(): number {
  return Number(process.hrtime.bigint());
}

/** Milliseconds, high resolution. */
export function nowMs(): number {
  return nowNs() / 1e6;
}

/** Runs a full garbage collection when the process was started with `--expose-gc`. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Rounds to `digits` significant digits, for JSON that stays readable. */
export function round(value: number, digits = 4): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(digits));
}

/**
 * Runs `subject` and `baseline` alternately (ABBA order, so neither always
 * runs second) and returns both sample lists plus the per-round ratios.
 * Drift of the machine hits both sides of each round alike.
 */
export async function interleave(
  rounds: number,
  subject: () => Promise<number> | number,
  baseline: () => Promise<number> | number,
): Promise<{ subject: number[]; baseline: number[]; ratios: number[] }> {
  const out = { subject: [] as number[], baseline: [] as number[], ratios: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    let s: number;
    let b: number;
    if (round % 2 === 0) {
      s = await subject();
      b = await baseline();
    } else {
      b = await baseline();
      s = await subject();
    }
    out.subject.push(s);
    out.baseline.push(b);
    out.ratios.push(s / b);
  }
  return out;
}

/** The `p` quantile (0–1) by nearest rank: p95 of 20 samples is the 19th smallest. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Runs `work` `rounds` times, one after another, and prints its median and fastest time. */
export async function printRounds(
  what: string,
  rounds: number,
  work: () => Promise<unknown>,
): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = nowMs();
    await work();
    samples.push(nowMs() - start);
  }
  const min = Math.min(...samples);
  console.log(`${what}: median ${median(samples).toFixed(1)} ms (min ${min.toFixed(1)})`);
}
