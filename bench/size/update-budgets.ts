/**
 * Sets or lowers size budgets from a fresh measurement; never raises one.
 *
 *   npx tsx --conditions=mcp-consent-source bench/size/update-budgets.ts            # lower budgets, add missing ones
 *   npx tsx --conditions=mcp-consent-source bench/size/update-budgets.ts "react (without react)"   # also budget a pending entry
 *
 * Raising a budget is a reviewed, hand edit of bench/size-budgets.json.
 */
import { budgetFor, readBudgets, writeBudgets } from './budgets.js';
import { presentEntries } from './entries.js';
import { measureEntries } from './measure.js';

const named = new Set(process.argv.slice(2));
const file = readBudgets();
const pending = { ...file.pending };
const entries = presentEntries().filter((entry) => named.has(entry.id) || !(entry.id in pending));
for (const id of named) {
  if (!entries.some((entry) => entry.id === id)) throw new Error(`No measurable entry "${id}"`);
}
for (const result of await measureEntries(entries)) {
  const next = budgetFor(result.gzip);
  const current = file.budgets[result.id];
  if (current === undefined || next < current) {
    console.log(`${result.id}: ${current ?? 'none'} → ${next} bytes (measured ${result.gzip})`);
    file.budgets[result.id] = next;
  } else {
    console.log(`${result.id}: kept ${current} bytes (measured ${result.gzip})`);
  }
  delete pending[result.id];
}
file.pending = pending;
writeBudgets(file);
