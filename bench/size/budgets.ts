/**
 * Size budgets in `bench/size-budgets.json`: gzipped bytes per entry, set from
 * a measurement plus 2 %, and only ever lowered by `update-budgets.ts`.
 * Entries listed under `pending` exist but have no budget yet, on purpose
 * (a renderer still being built): they are measured and shown, not enforced.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const budgetsPath = fileURLToPath(new URL('../size-budgets.json', import.meta.url));

export interface BudgetsFile {
  $comment?: string;
  /** Entry id → largest allowed minified + gzipped size in bytes. */
  budgets: Record<string, number>;
  /** Entry id → why it has no budget yet. */
  pending?: Record<string, string>;
}

/** Headroom over a measurement when a budget is set or lowered. */
export const MARGIN = 0.02;

export function budgetFor(gzipBytes: number): number {
  return Math.ceil(gzipBytes * (1 + MARGIN));
}

export function readBudgets(): BudgetsFile {
  return JSON.parse(readFileSync(budgetsPath, 'utf8')) as BudgetsFile;
}

export function writeBudgets(file: BudgetsFile): void {
  writeFileSync(budgetsPath, `${JSON.stringify(file, null, 2)}\n`);
}
