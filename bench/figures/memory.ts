/**
 * Memory per 100 000 grants: the heap an engine holds after syncing 100 000
 * grants from the file store, after full GCs, measured in a fresh child
 * process so nothing else in the heap moves.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grantFileText } from '../lib/grants.js';
import { median, round } from '../lib/stats.js';
import { formatBytes } from '../lib/table.js';
import type { Figure } from '../lib/types.js';

const GRANTS = 100_000;
const child = fileURLToPath(new URL('./memory-child.ts', import.meta.url));

export const memoryFigure: Figure = {
  id: 'memory',
  title: 'Memory',
  async run(ctx) {
    ctx.log('memory: 100 000 grants in a child process');
    const path = join(ctx.tmpDir, 'grants-100k.json');
    writeFileSync(path, grantFileText(GRANTS));
    const runs: number[] = [];
    for (let i = 0; i < (ctx.quick ? 1 : 3); i += 1) {
      const execArgv = process.execArgv.includes('--expose-gc')
        ? process.execArgv
        : [...process.execArgv, '--expose-gc'];
      const out = execFileSync(process.execPath, [...execArgv, child, path, String(GRANTS)], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      runs.push((JSON.parse(out.trim().split('\n').pop()!) as { bytes: number }).bytes);
    }
    const bytes = median(runs);
    const perGrant = bytes / GRANTS;
    const note =
      'V8 heapUsed delta in a fresh process: the file store and the engine with 100 000 pinned ' +
      'allow grants of 10 tool definitions, as the grant file holds them.';
    return [
      {
        figure: 'Memory',
        subject: 'engine heap per 100 000 grants (file store, after GC)',
        value: bytes,
        unit: 'bytes',
        display: `${formatBytes(bytes)} (${Math.round(perGrant)} B/grant)`,
        goal: '< 500 B per grant',
        status: perGrant < 500 ? 'met' : 'missed',
        note:
          perGrant < 500
            ? note
            : `${note} Limit: each grant is an object of 11 fields with its own key and two ISO ` +
              'time strings (~260 B, shared by the store and the engine), a list entry in the ' +
              'store, the engine’s Map entries for its key and in its tool’s level, and its ' +
              'cache entry with two boxed numbers (~230 B together). Fix: grants as columns ' +
              '(times as numbers) built into grant objects only when handed out.',
        extra: { bytesPerGrant: round(bytes / GRANTS) },
        samples: runs,
      },
    ];
  },
};
