import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  isDecisionEvent,
  memoryAuditSink,
  type EngineEvent,
  type RequestOutcome,
} from '@mcp-consent/engine';
import { jsonlAuditSink } from '@mcp-consent/engine/file';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

const who = { userId: 'alice', workspaceId: 'ws-1', serverId: 'notes' };

describe('engine.recordOutcome (seed 000: elicitation, sampling and roots in the audit trail)', () => {
  it('writes one typed event per outcome, timed by the engine clock, next to decisions', async () => {
    const { engine, clock, audit } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_once'));
    clock.advance(1000);
    engine.recordOutcome({
      kind: 'elicitation',
      ...who,
      mode: 'form',
      action: 'decline',
      via: 'renderer',
      tool: 'notes_put',
      requestedByApp: 'Notes board',
    });
    engine.recordOutcome({
      kind: 'sampling',
      ...who,
      outcome: 'edited',
      via: 'renderer',
      step: 'response',
    });
    engine.recordOutcome({ kind: 'roots', ...who, shared: 0, via: 'policy' });
    engine.recordOutcome({
      kind: 'result_review',
      ...who,
      tool: 'notes_export',
      outcome: 'withheld',
      via: 'user',
    });

    const [decision, ...outcomes] = audit.events();
    expect(isDecisionEvent(decision)).toBe(true);
    const base = {
      koder_user_id: 'alice',
      workspace_id: 'ws-1',
      server_id: 'notes',
      timestamp: '2026-11-21T00:00:01.000Z',
    };
    expect(outcomes).toEqual([
      {
        event_type: 'mcp.elicitation.outcome',
        ...base,
        requested_by_app: 'Notes board',
        mode: 'form',
        action: 'decline',
        via: 'renderer',
        tool_name: 'notes_put',
      },
      {
        event_type: 'mcp.sampling.decision',
        ...base,
        outcome: 'edited',
        via: 'renderer',
        step: 'response',
      },
      { event_type: 'mcp.roots.decision', ...base, shared: 0, via: 'policy' },
      {
        event_type: 'mcp.result.review',
        ...base,
        tool_name: 'notes_export',
        outcome: 'withheld',
        via: 'user',
      },
    ]);
  });

  it('copies only the fields it names: content passed by mistake never reaches a sink', async () => {
    const { engine, audit } = await setup();
    const sloppy = {
      kind: 'elicitation',
      ...who,
      mode: 'form',
      action: 'accept',
      via: 'renderer',
      content: { password: 'hunter2' },
      message: 'Your password?',
    } as RequestOutcome;
    engine.recordOutcome(sloppy);
    expect(JSON.stringify(audit.events())).not.toMatch(/hunter2|password/i);
  });

  it('refuses an outcome it cannot record, and writes nothing', async () => {
    const { engine, audit } = await setup();
    const bad = [
      { kind: 'roots', ...who, userId: '', shared: 1, via: 'renderer' },
      { kind: 'roots', ...who, shared: -1, via: 'renderer' },
      { kind: 'sampling', ...who, outcome: 'allowed', via: 'renderer', step: 'request' },
      { kind: 'elicitation', ...who, mode: 'form', action: 'accept', via: 'remembered' },
      { kind: 'tool', ...who },
      { kind: 'result_review', ...who, outcome: 'withheld', via: 'user' },
      { kind: 'result_review', ...who, tool: 'x', outcome: 'shown', via: 'user' },
    ] as unknown as RequestOutcome[];
    for (const outcome of bad) {
      expect(() => engine.recordOutcome(outcome)).toThrow(InvalidInputError);
    }
    expect(audit.events()).toEqual([]);
  });

  it('is best effort like decisions: a failing sink is an audit_error, the others still get it', async () => {
    const ring = memoryAuditSink();
    const { engine } = await setup({
      audit: [
        () => {
          throw new Error('disk full');
        },
        ring,
      ],
    });
    const seen: EngineEvent['type'][] = [];
    engine.subscribe((event) => void seen.push(event.type));
    expect(() =>
      engine.recordOutcome({ kind: 'roots', ...who, shared: 2, via: 'renderer' }),
    ).not.toThrow();
    expect(ring.events()).toMatchObject([{ event_type: 'mcp.roots.decision', shared: 2 }]);
    expect(seen).toEqual(['audit_error', 'outcome']);
  });

  it('a batching sink whose batch fails is reported once per batch, and every decision stands', async () => {
    // One promise for every event of a batch, as the PostgreSQL sink gives.
    let fail!: (error: Error) => void;
    const batch = new Promise<void>((_, reject) => (fail = reject));
    const written: unknown[] = [];
    const { engine } = await setup({ audit: { write: (event) => (written.push(event), batch) } });
    const errors: unknown[] = [];
    engine.subscribe((event) => {
      if (event.type === 'audit_error') errors.push(event.error);
    });
    for (let i = 0; i < 3; i += 1) {
      const result = await engine.request(callOf(tools.notesPut), scriptedUser('allow_once'));
      expect(result.allowed).toBe(true);
    }
    fail(new Error('database down'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toHaveLength(3);
    expect(errors).toEqual([new Error('database down')]);
  });

  it('round-trips through the JSON Lines file with the decisions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'consent-outcome-'));
    try {
      const file = jsonlAuditSink(join(dir, 'audit.jsonl'));
      const { engine } = await setup({ audit: file });
      await engine.request(callOf(tools.notesPut), scriptedUser('deny_once'));
      engine.recordOutcome({
        kind: 'sampling',
        ...who,
        outcome: 'denied',
        via: 'policy',
        step: 'request',
      });
      await file.read(); // waits for the queued appends
      const read = await jsonlAuditSink(join(dir, 'audit.jsonl')).read(); // a new reader, from disk
      expect(read.map((event) => event.event_type)).toEqual([
        'mcp.permission.decision',
        'mcp.sampling.decision',
      ]);
      expect(read[1]).toMatchObject({ outcome: 'denied', via: 'policy', step: 'request' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
