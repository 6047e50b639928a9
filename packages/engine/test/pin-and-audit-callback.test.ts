import { describe, expect, it } from 'vitest';
import { memoryAuditSink, type DecisionAuditEvent, type ToolDefinition } from '@mcp-consent/engine';
import { callOf, decisions, R6_FIELDS, scriptedUser, setup, tools } from './helpers.js';

describe('an allow-always grant is pinned to the annotations too', () => {
  it('annotations that change without changing the tier ask again, naming only the annotations', async () => {
    const { engine, events } = await setup();
    const user = scriptedUser('allow_always', 'deny_once');
    await engine.request(callOf(tools.notesList), user);
    expect((await engine.request(callOf(tools.notesList), user)).origin).toBe('cache_hit');

    const relabelled: ToolDefinition = {
      ...tools.notesList,
      annotations: { ...tools.notesList.annotations, title: 'List notes (v2)' },
    };
    expect(engine.lookup(callOf(relabelled))).toMatchObject({
      status: 'prompt',
      reason: 'definition_changed',
      changed: ['annotations'],
    });
    const result = await engine.request(callOf(relabelled), user);
    expect(user.shown).toHaveLength(2);
    // Raised one tier while the change is unreviewed (issue 16).
    expect(user.shown[1]!.risk.tier).toBe('medium');
    expect(result).toMatchObject({ allowed: false, origin: 'user_prompt', choice: 'deny_once' });
    expect(events().at(-1)).toMatchObject({ decision: 'DENY_ONCE', origin: 'user_prompt' });
  });

  it('a read-only tool that starts declaring writes asks again at its new tier', async () => {
    const { engine } = await setup();
    const user = scriptedUser('allow_always', 'allow_once');
    await engine.request(callOf(tools.notesList), user);

    const nowWrites: ToolDefinition = {
      ...tools.notesList,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    };
    const result = await engine.request(callOf(nowWrites), user);
    expect(user.shown).toHaveLength(2);
    expect(user.shown[1]!.lookup).toMatchObject({
      reason: 'definition_changed',
      changed: ['annotations'],
    });
    // Its new tier (medium), raised one step while the change is unreviewed (issue 16).
    expect(user.shown[1]!.risk.tier).toBe('high');
    expect(result.origin).toBe('user_prompt');
    // The original definition still matches its grant.
    expect(engine.lookup(callOf(tools.notesList)).status).toBe('allow');
  });
});

describe('audit as a plain callback', () => {
  it('receives one R6 event per decision, prompt or cache hit, without the raw arguments', async () => {
    const received: DecisionAuditEvent[] = [];
    const { engine } = await setup({ audit: (event) => void received.push(...decisions([event])) });
    const args = { id: 'n1', text: 'my secret note' };
    const user = scriptedUser('allow_always');
    await engine.request(callOf(tools.notesPut, { args }), user);
    await engine.request(callOf(tools.notesPut, { args }), user);

    expect(received).toHaveLength(2);
    expect(received.map((event) => [event.decision, event.origin])).toEqual([
      ['ALLOW_ALWAYS', 'user_prompt'],
      ['ALLOW_ALWAYS', 'cache_hit'],
    ]);
    for (const event of received) {
      expect(Object.keys(event).sort()).toEqual([...R6_FIELDS]);
      expect(event).toMatchObject({
        event_type: 'mcp.permission.decision',
        koder_user_id: 'alice',
        workspace_id: 'ws-1',
        server_id: 'notes',
        tool_name: 'notes_put',
        risk_tier: 'medium',
        timestamp: '2026-11-21T00:00:00.000Z',
      });
      expect(event.args_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(event)).not.toContain('my secret note');
    }
  });

  it('works next to a richer sink, and each gets every event', async () => {
    const received: DecisionAuditEvent[] = [];
    const ring = memoryAuditSink();
    const { engine } = await setup({
      audit: [(event) => void received.push(...decisions([event])), ring],
    });
    await engine.request(callOf(tools.notesDelete), scriptedUser('deny_always'));
    expect(received).toEqual(ring.events());
    expect(received).toMatchObject([{ decision: 'DENY_ALWAYS', risk_tier: 'high' }]);
  });
});
