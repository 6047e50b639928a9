import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type DecisionAuditEvent } from '@mcp-consent/engine';
import { decisions } from './helpers.js';
import { jsonlAuditSink } from '@mcp-consent/engine/file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-consent-jsonl-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function event(tool: string, overrides: Partial<DecisionAuditEvent> = {}): DecisionAuditEvent {
  return {
    event_type: 'mcp.permission.decision',
    decision: 'ALLOW_ONCE',
    koder_user_id: 'user-1',
    workspace_id: 'workspace-1',
    server_id: 'files',
    tool_name: tool,
    args_hash: null,
    risk_tier: 'low',
    timestamp: '2025-06-01T10:00:00.000Z',
    origin: 'user_prompt',
    ...overrides,
  };
}

describe('jsonlAuditSink', () => {
  it('appends one JSON line per event, in order, creating directories, and reads them back', async () => {
    const path = join(dir, 'logs', 'audit.jsonl');
    const sink = jsonlAuditSink(path);
    expect(await sink.read()).toEqual([]);

    const events = Array.from({ length: 20 }, (_, index) => event(`tool-${index}`));
    // Not awaited one by one: appends are serialized, so the order holds.
    await Promise.all(events.map((item) => sink.write(item)));

    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line))).toEqual(events);
    expect(await sink.read()).toEqual(events);
    expect(await jsonlAuditSink(path).read()).toEqual(events);
  });

  it('keeps earlier events when a new sink appends to an existing log', async () => {
    const path = join(dir, 'audit.jsonl');
    await jsonlAuditSink(path).write(event('first'));
    await jsonlAuditSink(path).write(
      event('second', { decision: 'DENY_ALWAYS', args_hash: 'ab12' }),
    );
    expect(decisions(await jsonlAuditSink(path).read()).map((item) => item.tool_name)).toEqual([
      'first',
      'second',
    ]);
  });

  it('skips a torn last line, and the next append does not glue onto it', async () => {
    const path = join(dir, 'audit.jsonl');
    const sink = jsonlAuditSink(path);
    await sink.write(event('whole'));
    // A writer died in the middle of a line.
    await appendFile(path, JSON.stringify(event('torn')).slice(0, 40));

    expect(decisions(await jsonlAuditSink(path).read()).map((item) => item.tool_name)).toEqual([
      'whole',
    ]);

    const next = jsonlAuditSink(path);
    await next.write(event('after'));
    // The torn fragment is now a bad middle line: skipped, and both whole events survive.
    expect(decisions(await next.read()).map((item) => item.tool_name)).toEqual(['whole', 'after']);
  });

  it('writes the same one-line format with durable: true', async () => {
    const path = join(dir, 'audit.jsonl');
    const sink = jsonlAuditSink(path, { durable: true });
    await sink.write(event('write_file', { args_hash: 'f00d' }));
    await sink.write(event('read_file'));
    const text = await readFile(path, 'utf8');
    expect(text.split('\n').map((line) => (line ? JSON.parse(line).tool_name : line))).toEqual([
      'write_file',
      'read_file',
      '',
    ]);
  });

  it('keeps the order of events written while earlier ones are being appended', async () => {
    const path = join(dir, 'audit.jsonl');
    const sink = jsonlAuditSink(path);
    const written: (void | Promise<void>)[] = [];
    const events: DecisionAuditEvent[] = [];
    for (let burst = 0; burst < 6; burst++) {
      for (let index = 0; index < 50; index++) {
        const item = event(`tool-${burst}-${index}`);
        events.push(item);
        written.push(sink.write(item));
      }
      await new Promise((resolve) => setImmediate(resolve)); // the previous burst is mid-append
    }
    await Promise.all(written);
    expect(await sink.read()).toEqual(events);
  });

  it('refuses an event JSON cannot hold without losing the others of its burst', async () => {
    const path = join(dir, 'audit.jsonl');
    const sink = jsonlAuditSink(path);
    const bad = event('bad', { args_hash: 10n as unknown as string });
    // Written in one turn, they share an append; it is serialized when it starts.
    const results = await Promise.allSettled([
      sink.write(event('before')),
      sink.write(bad),
      sink.write(event('after')),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const { reason } = result as PromiseRejectedResult;
      expect(reason).toBeInstanceOf(StoreUnavailableError);
      expect((reason as Error).message).toMatch(
        /^1 audit event\(s\) of a batch of 3 have no JSON form/,
      );
    }
    expect(decisions(await sink.read()).map((item) => item.tool_name)).toEqual(['before', 'after']);
    // The next batch is not held up by the bad one.
    await sink.write(event('later'));
    expect(decisions(await sink.read()).map((item) => item.tool_name)).toEqual([
      'before',
      'after',
      'later',
    ]);
  });
});
