/**
 * `npm run bench`: measures the figures of issue 9 and prints ONE table, then
 * writes it with the raw samples to `bench/results/latest.json` (committed: the
 * README quotes it). A partial run (`--only`, `--quick`) writes
 * `bench/results/partial.json` (git-ignored) instead, so trying the harness
 * never replaces the full run's samples.
 *
 * Runs on the TypeScript sources (tsx with the `mcp-consent-source`
 * condition, like `npm start`), so it needs no build: the code that runs is
 * the built dist's JavaScript plus tsx's `__name` helpers (the guarded-client
 * ratio came out the same on the dist, 0.52 both, on 2026-11-29).
 *
 * Flags: `--only lookup,size` runs some figures; `--quick` runs fewer rounds
 * (noisier, for trying the harness).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, machineInfo } from './lib/machine.js';
import { nowMs, round } from './lib/stats.js';
import { renderNotes, renderTable } from './lib/table.js';
import type { BenchContext, Figure, Row } from './lib/types.js';

/**
 * Every figure, in table order. Modules load lazily, so a package that does
 * not load (mid-edit, missing) fails its own rows, not the whole run.
 */
const figures: { id: string; title: string; load: () => Promise<Figure> }[] = [
  {
    id: 'lookup',
    title: 'Grant lookup (warm cache)',
    load: async () => (await import('./figures/lookup.js')).lookupFigure,
  },
  {
    id: 'policy',
    title: 'Policy rule lookup',
    load: async () => (await import('./figures/policy.js')).policyFigure,
  },
  {
    id: 'decide',
    title: 'Lookup with 1 000 rules and 10⁶ grants',
    load: async () => (await import('./figures/decide.js')).decideFigure,
  },
  {
    id: 'client',
    title: 'Guarded client overhead',
    load: async () => (await import('./figures/guarded-client.js')).guardedClientFigure,
  },
  {
    id: 'sync',
    title: 'Cache sync at start',
    load: async () => (await import('./figures/cache-sync.js')).cacheSyncFigure,
  },
  {
    id: 'memory',
    title: 'Memory',
    load: async () => (await import('./figures/memory.js')).memoryFigure,
  },
  {
    id: 'prompt',
    title: 'Time to prompt',
    load: async () => (await import('./figures/time-to-prompt.js')).timeToPromptFigure,
  },
  {
    id: 'audit',
    title: 'Audit throughput',
    load: async () => (await import('./figures/audit.js')).auditFigure,
  },
  {
    id: 'postgres',
    title: 'Many users on PostgreSQL',
    load: async () => (await import('./figures/postgres.js')).postgresFigure,
  },
  {
    id: 'size',
    title: 'Bundle size (min + gzip)',
    load: async () => (await import('./figures/bundle-size.js')).bundleSizeFigure,
  },
];

const args = process.argv.slice(2);
const onlyArg = args.find((arg) => arg.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=') ? onlyArg.split('=')[1]! : args[args.indexOf(onlyArg) + 1]!).split(',')
  : undefined;
const unknown = only?.filter((id) => !figures.some((figure) => figure.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(
    `Unknown figure(s): ${unknown.join(', ')}. Known: ${figures.map((f) => f.id).join(', ')}`,
  );
  process.exit(2);
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
const tmpDir = mkdtempSync(join(tmpdir(), 'mcp-consent-bench-'));
const started = nowMs();
const ctx: BenchContext = {
  quick: args.includes('--quick'),
  tmpDir,
  log: (message) =>
    process.stderr.write(`[bench ${((nowMs() - started) / 1000).toFixed(1)}s] ${message}\n`),
  onCleanup: (cleanup) => void cleanups.push(cleanup),
};

const machine = machineInfo();
const loadBefore = loadavg()[0]!;
const rows: Row[] = [];
const timings: Record<string, number> = {};
try {
  for (const figure of figures) {
    if (only && !only.includes(figure.id)) continue;
    ctx.log(`${figure.title}…`);
    const figureStart = nowMs();
    try {
      rows.push(...(await (await figure.load()).run(ctx)));
    } catch (error) {
      console.error(error);
      rows.push({
        figure: figure.title,
        subject: 'measurement failed',
        value: null,
        unit: 'ms',
        status: 'error',
        note: error instanceof Error ? error.message : String(error),
      });
    }
    timings[figure.id] = Math.round(nowMs() - figureStart);
  }
} finally {
  for (const cleanup of cleanups.reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch(() => undefined);
  }
  rmSync(tmpDir, { recursive: true, force: true });
}

const totalMs = Math.round(nowMs() - started);
const load = { before: round(loadBefore, 3), after: round(loadavg()[0]!, 3) };
const date = new Date().toISOString();
console.log(
  `MCP Consent Kit benchmarks — ${date.slice(0, 10)}, ${describeMachine(machine)}, ` +
    `load average ${load.before.toFixed(2)} at start, ${load.after.toFixed(2)} at end`,
);
if (Math.max(load.before, load.after) > machine.cores) {
  console.log(
    `The machine was busy (load average above its ${machine.cores} cores): absolute times are ` +
      'pessimistic; the ratios, measured against a baseline in the same run, hold better.',
  );
}
console.log('');
console.log(renderTable(rows));
console.log('');
console.log(renderNotes(rows));
console.log('');
console.log(`Finished in ${(totalMs / 1000).toFixed(1)} s.`);

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const partial = ctx.quick || only !== undefined;
const file = join(resultsDir, partial ? 'partial.json' : 'latest.json');
writeFileSync(
  file,
  `${JSON.stringify({ date, machine, load, quick: ctx.quick, totalMs, timingsMs: timings, rows }, null, 2)}\n`,
);
console.log(`Wrote ${file}`);
process.exitCode = rows.some((row) => row.status === 'error') ? 1 : 0;
