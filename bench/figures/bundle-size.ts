/** Bundle size, minified and gzipped, of each package entry with its dependencies, against its budget. */
import { readBudgets } from '../size/budgets.js';
import { presentEntries, sizeEntries } from '../size/entries.js';
import { measureEntriesSettled } from '../size/measure.js';
import { formatBytes } from '../lib/table.js';
import type { Figure, Row } from '../lib/types.js';

const FIGURE = 'Bundle size (min + gzip)';

export const bundleSizeFigure: Figure = {
  id: 'size',
  title: FIGURE,
  async run(ctx) {
    ctx.log('bundle sizes (Vite 8 library builds)');
    const { budgets, pending = {} } = readBudgets();
    const present = presentEntries();
    const results = new Map(
      (await measureEntriesSettled(present)).map((result) => [result.id, result]),
    );
    return sizeEntries.map((entry): Row => {
      const result = results.get(entry.id);
      const budget = budgets[entry.id];
      if (result && 'error' in result) {
        return {
          figure: FIGURE,
          subject: entry.id,
          value: null,
          unit: 'bytes',
          status: 'error',
          note: `build failed: ${result.error.message.split('\n')[0]}`,
        };
      }
      if (!result) {
        return {
          figure: FIGURE,
          subject: entry.id,
          value: null,
          unit: 'bytes',
          status: 'todo',
          note: `not measured yet: needs ${entry.source}`,
        };
      }
      const row: Row = {
        figure: FIGURE,
        subject: `${entry.id}: ${entry.what}`,
        value: result.gzip,
        unit: 'bytes',
        display: `${formatBytes(result.gzip)} (${formatBytes(result.minified)} min)`,
        status: 'info',
        extra: { minified: result.minified },
      };
      if (budget !== undefined) {
        row.goal = `≤ ${formatBytes(budget)} budget`;
        row.status = result.gzip <= budget ? 'met' : 'missed';
        if (row.status === 'missed')
          row.note = `${result.gzip - budget} bytes over its budget in bench/size-budgets.json (npm test fails).`;
      } else {
        row.goal = 'no budget yet';
        row.note = pending[entry.id] ?? 'no budget in bench/size-budgets.json (npm test fails)';
      }
      return row;
    });
  },
};
