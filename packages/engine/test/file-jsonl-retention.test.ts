import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type DecisionAuditEvent } from '@mcp-consent/engine';
import { DEFAULT_AUDIT_MAX_AGE_MS, jsonlAuditSink } from '@mcp-consent/engine/file';
import { decisions } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-consent-jsonl-retention-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function event(tool: string, at: number): DecisionAuditEvent {
  return {
    event_type: 'mcp.permission.decision',
    decision: 'ALLOW_ONCE',
    koder_user_id: 'user-1',
    workspace_id: 'workspace-1',
    server_id: 'files',
    tool_name: tool,
    args_hash: null,
    risk_tier: 'low',
    timestamp: new Date(at).toISOString(),
    origin: 'user_prompt',
  };
}

const rotatedName = /^audit\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z(-\d+)?\.jsonl$/;

/** Every line of every file in the folder, parsed, with the file it is in. */
async function linesOnDisk(): Promise<Array<{ file: string; tool: string }>> {
  const found: Array<{ file: string; tool: string }> = [];
  for (const file of await readdir(dir)) {
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
      if (line === '') continue;
      found.push({ file, tool: (JSON.parse(line) as DecisionAuditEvent).tool_name });
    }
  }
  return found;
}

describe('jsonlAuditSink retention', () => {
  it('uses the retention window of PostgreSQL pruneAudit by default: 400 days', () => {
    expect(DEFAULT_AUDIT_MAX_AGE_MS).toBe(400 * DAY);
  });

  it('rotates at the size limit: N concurrent writes are N whole lines across the files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 200, max: 2000 }),
        fc.integer({ min: 1, max: 6 }),
        async (count, maxFileBytes, bursts) => {
          await rm(dir, { recursive: true, force: true });
          const clock = createManualClock();
          const path = join(dir, 'audit.jsonl');
          const sink = jsonlAuditSink(path, { clock, maxFileBytes });
          const tools = Array.from({ length: count }, (_, index) => `tool-${index}`);
          // Bursts of writes not awaited one by one, so rotations happen inside a batch too.
          const pending: Promise<void>[] = [];
          for (const [index, tool] of tools.entries()) {
            pending.push(sink.write(event(tool, clock.now())));
            if (index % bursts === 0) await Promise.resolve();
          }
          await Promise.all(pending);

          const onDisk = await linesOnDisk();
          expect(onDisk.map((line) => line.tool).sort()).toEqual([...tools].sort());
          const files = await readdir(dir);
          for (const file of files) {
            expect(file === 'audit.jsonl' || rotatedName.test(file)).toBe(true);
            const { size } = await stat(join(dir, file));
            const lines = onDisk.filter((line) => line.file === file).length;
            // Over the limit only when a single line does not fit in it.
            if (lines > 1) expect(size).toBeLessThanOrEqual(maxFileBytes);
          }
          const oneLine = `${JSON.stringify(event('tool-0', clock.now()))}\n`.length;
          if (count > 1 && count * oneLine > maxFileBytes) expect(files.length).toBeGreaterThan(1);
          // Reading back covers the rotated files, in write order.
          expect(decisions(await sink.read()).map((item) => item.tool_name)).toEqual(tools);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('rotates at a new UTC day, and a new sink keeps appending to the same day file', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 23, 0));
    const path = join(dir, 'audit.jsonl');
    await jsonlAuditSink(path, { clock }).write(event('late-monday', clock.now()));
    clock.advance(30 * 60 * 1000);
    await jsonlAuditSink(path, { clock }).write(event('later-monday', clock.now()));
    expect(await readdir(dir)).toEqual(['audit.jsonl']);

    clock.advance(60 * 60 * 1000);
    const sink = jsonlAuditSink(path, { clock });
    await sink.write(event('tuesday', clock.now()));
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['audit.2026-01-02T00-30-00.000Z.jsonl', 'audit.jsonl']);
    expect(await linesOnDisk()).toEqual([
      { file: files[0], tool: 'late-monday' },
      { file: files[0], tool: 'later-monday' },
      { file: 'audit.jsonl', tool: 'tuesday' },
    ]);
    expect(decisions(await sink.read()).map((item) => item.tool_name)).toEqual([
      'late-monday',
      'later-monday',
      'tuesday',
    ]);
  });

  it('deletes rotated files past the age on open and after a rotation, never a foreign file', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1));
    const path = join(dir, 'audit.jsonl');
    const maxAgeMs = 10 * DAY;
    // Three rotations, a day apart.
    for (const tool of ['day-1', 'day-2', 'day-3']) {
      await jsonlAuditSink(path, { clock, maxAgeMs }).write(event(tool, clock.now()));
      clock.advance(DAY);
    }
    await jsonlAuditSink(path, { clock, maxAgeMs }).write(event('day-4', clock.now()));
    const foreign = ['notes.txt', 'audit.backup.jsonl', 'audit.2026-01-01T00-00-00.000Z.jsonl.bak'];
    for (const name of foreign) await writeFile(join(dir, name), 'not an audit line\n');
    const rotated = (await readdir(dir)).filter((name) => rotatedName.test(name)).sort();
    expect(rotated).toHaveLength(3);

    // Open, 11.5 days after day 1 rotated (on day 2): only that file is past the window.
    clock.set(Date.UTC(2026, 0, 2) + maxAgeMs + DAY / 2);
    const reopened = jsonlAuditSink(path, { clock, maxAgeMs });
    expect(decisions(await reopened.read()).map((item) => item.tool_name)).toEqual([
      'day-2',
      'day-3',
      'day-4',
    ]);
    expect((await readdir(dir)).sort()).toEqual(
      [...rotated.slice(1), 'audit.jsonl', ...foreign].sort(),
    );

    // The next write starts a new day: the rotation prunes again, with the moved clock.
    clock.advance(DAY);
    await reopened.write(event('day-13', clock.now()));
    expect(decisions(await reopened.read()).map((item) => item.tool_name)).toEqual([
      'day-3',
      'day-4',
      'day-13',
    ]);
    for (const name of foreign) {
      expect(await readFile(join(dir, name), 'utf8')).toBe('not an audit line\n');
    }
  });

  it('keeps the durable flush through rotations', async () => {
    const clock = createManualClock();
    const path = join(dir, 'audit.jsonl');
    const sink = jsonlAuditSink(path, { clock, durable: true, maxFileBytes: 300 });
    const tools = Array.from({ length: 8 }, (_, index) => `durable-${index}`);
    await Promise.all(tools.map((tool) => sink.write(event(tool, clock.now()))));
    expect((await readdir(dir)).length).toBeGreaterThan(1);
    expect(decisions(await jsonlAuditSink(path, { clock }).read()).map((i) => i.tool_name)).toEqual(
      tools,
    );
  });
});
