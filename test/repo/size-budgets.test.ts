import { beforeAll, describe, expect, it } from 'vitest';
import { readBudgets } from '../../bench/size/budgets.js';
import { sizeEntries, sourceExists } from '../../bench/size/entries.js';
import { measureEntriesSettled, type SizeResult } from '../../bench/size/measure.js';

/**
 * Bundle-size budgets (issue 9): every budgeted entry is built with its
 * dependencies (Vite 8 library build, minified, gzip -9) and must fit its
 * budget in bench/size-budgets.json. Budgets only go down: lower them with
 * `npx tsx --conditions=mcp-consent-source bench/size/update-budgets.ts`.
 */
const { budgets, pending = {} } = readBudgets();
const budgeted = Object.keys(budgets);
const results = new Map<string, SizeResult | { id: string; error: Error }>();

beforeAll(async () => {
  const entries = sizeEntries.filter((entry) => entry.id in budgets && sourceExists(entry));
  for (const result of await measureEntriesSettled(entries)) results.set(result.id, result);
}, 120_000);

describe('bundle size budgets', () => {
  it('budgets only known entries whose sources exist (none is skipped)', () => {
    for (const id of budgeted) {
      const entry = sizeEntries.find((candidate) => candidate.id === id);
      expect(
        entry,
        `"${id}" in bench/size-budgets.json is not in bench/size/entries.ts`,
      ).toBeDefined();
      expect(sourceExists(entry!), `"${id}" has a budget but ${entry!.source} is missing`).toBe(
        true,
      );
    }
  });

  it('gives every entry with a source a budget, or says why it is pending', () => {
    const unbudgeted = sizeEntries
      .filter((entry) => sourceExists(entry) && !(entry.id in budgets) && !(entry.id in pending))
      .map((entry) => entry.id);
    expect(
      unbudgeted,
      'set them with: npx tsx --conditions=mcp-consent-source bench/size/update-budgets.ts',
    ).toEqual([]);
  });

  it.each(budgeted)('%s fits its budget', (id) => {
    const measured = results.get(id);
    expect(measured, `"${id}" was not measured`).toBeDefined();
    if (measured && 'error' in measured) throw measured.error;
    const result = measured as SizeResult;
    expect(
      result!.gzip,
      `${id}: ${result!.gzip} bytes min+gzip, budget ${budgets[id]} (${result!.minified} bytes minified)`,
    ).toBeLessThanOrEqual(budgets[id]!);
  });
});
