/** One line of the benchmark table, and of `bench/results/latest.json`. */
export interface Row {
  /** The figure of issue 9 this row belongs to, e.g. "Grant lookup (warm cache)". */
  figure: string;
  /** What was measured, e.g. "engine.lookup, 10 000 grants". */
  subject: string;
  /** The measured value in `unit`; null when not measured. */
  value: number | null;
  unit: Unit;
  /** What the value is compared with, measured in the same run. */
  baseline?: { subject: string; value: number; unit?: Unit };
  /** `value / baseline.value`. */
  ratio?: number;
  /** The goal in words, e.g. "< 1 µs, flat with size". */
  goal?: string;
  status: Status;
  /** Why a goal was missed, what a row could not measure, how it was measured. */
  note?: string;
  /** Replaces the formatted value in the table (e.g. gzip and minified sizes together). */
  display?: string;
  /** Extra measured numbers (JSON only), e.g. `{ minified: 12345 }`. */
  extra?: Record<string, number>;
  /** Raw per-batch or per-run values behind `value` (JSON only). */
  samples?: number[];
  baselineSamples?: number[];
}

export type Unit = 'ns/op' | 'calls/s' | 'ms' | 'bytes' | 'B/grant' | 'events/s' | 'ops/s' | '×';

/**
 * `met` / `missed`: a goal exists and was checked. `info`: a figure without a goal.
 * `todo`: not measured yet (a later pass fills it). `error`: the measurement failed.
 */
export type Status = 'met' | 'missed' | 'info' | 'todo' | 'error';

/** Shared, lazily started resources (one Chromium for every browser figure). */
export interface BenchContext {
  /** Quick mode (`--quick`): fewer rounds, for trying the harness; figures are noisier. */
  quick: boolean;
  /** Scratch directory for files, removed at the end. */
  tmpDir: string;
  log(message: string): void;
  /** Runs after every figure finished (close browsers, servers). */
  onCleanup(cleanup: () => Promise<unknown> | unknown): void;
}

/** A group of figures: one function per figure, returning its rows. */
export interface Figure {
  /** Short id for `--only`, e.g. "lookup". */
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<Row[]>;
}
