/**
 * Seed 000 for the requests besides tool calls: every elicitation answer, sampling decision and
 * roots pick is written to the engine's audit sinks (memory and JSON Lines here), with the
 * engine clock's time and no content, against the REAL server-everything over stdio.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  createManualClock,
  createPermissionEngine,
  isDecisionEvent,
  memoryAuditSink,
  memoryStore,
  type AuditInput,
  type EngineEvent,
} from '@mcp-consent/engine';
import { jsonlAuditSink } from '@mcp-consent/engine/file';
import { guardClient, type GuardClientOptions, type GuardedClient } from '../src/index.js';
import { EVERYTHING, EVERYTHING_ENTRY } from './everything.js';
import { ScriptedHuman, textOf, USER, WORKSPACE } from './harness.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const WHO = {
  koder_user_id: USER,
  workspace_id: WORKSPACE,
  server_id: EVERYTHING.id,
  timestamp: new Date(NOW).toISOString(),
};
/** What must never reach an audit sink: a form value, the server's texts, the model's reply, a path. */
const SECRETS = ['Ana Secret-Name', 'Please provide inputs', 'haiku about tea', 'tea-reply-42'];

let close: (() => Promise<void>) | undefined;
let dir: string | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A guarded client in front of server-everything (stdio), its engine auditing to `audit`. */
async function connect(audit: AuditInput, guard: Partial<GuardClientOptions>) {
  const engine = createPermissionEngine({
    store: memoryStore(),
    clock: createManualClock(NOW),
    audit,
  });
  await engine.ready;
  const engineEvents: EngineEvent[] = [];
  engine.subscribe((event) => void engineEvents.push(event));
  const human = new ScriptedHuman();
  const guarded: GuardedClient = guardClient(new Client({ name: 'audit-host', version: '0' }), {
    engine,
    server: EVERYTHING,
    userId: USER,
    workspaceId: WORKSPACE,
    prompt: human.prompt,
    onWarning: () => {},
    ...guard,
  });
  await guarded.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [EVERYTHING_ENTRY, 'stdio'],
      stderr: 'pipe',
    }),
  );
  close = () => guarded.close();
  await guarded.catalog.refresh();
  return { guarded, human, engineEvents };
}

const elicitCall = { name: 'trigger-elicitation-request', arguments: {} };
const sampleCall = {
  name: 'trigger-sampling-request',
  arguments: { prompt: 'Write a haiku about tea', maxTokens: 40 },
};
const rootsCall = { name: 'get-roots-list', arguments: {} };

describe('elicitation, sampling and roots outcomes in the audit trail', () => {
  test('each answer is one typed event in the memory and JSONL sinks, with no content', async () => {
    dir = await mkdtemp(join(tmpdir(), 'consent-outcomes-'));
    const memory = memoryAuditSink();
    const file = jsonlAuditSink(join(dir, 'audit.jsonl'));
    const elicitAnswers = [
      { action: 'accept', content: { name: 'Ana Secret-Name' } },
      { action: 'decline' },
      { action: 'cancel' },
    ] as const;
    let elicited = 0;
    const sampleAnswers = ['send', 'deny'];
    const { guarded, human } = await connect([memory, file], {
      elicit: () => elicitAnswers[elicited++]!,
      generate: () => ({
        role: 'assistant',
        content: { type: 'text', text: 'tea-reply-42' },
        model: 'host-model',
      }),
      sample: (step) =>
        step.step === 'request'
          ? sampleAnswers.shift() === 'deny'
            ? { action: 'deny', grain: 'once' }
            : { action: 'approve', grain: 'once' }
          : { action: 'send' },
      roots: {
        list: () => [
          { uri: 'file:///home/ana/project', name: 'project' },
          { uri: 'file:///home/ana/secrets', name: 'secrets' },
        ],
        pickRoots: () => ({ uris: ['file:///home/ana/project'], grain: 'server' }),
      },
    });
    human.script('allow_always', 'allow_always', 'allow_always');

    for (const _answer of elicitAnswers) await guarded.callTool(elicitCall);
    expect(textOf(await guarded.callTool(sampleCall))).toContain('tea-reply-42');
    expect(textOf(await guarded.callTool(sampleCall))).toMatch(/rejected/i);
    expect(textOf(await guarded.callTool(rootsCall))).toContain('file:///home/ana/project');
    expect(textOf(await guarded.callTool(rootsCall))).not.toContain('secrets');

    const form = { ...WHO, mode: 'form', via: 'renderer', tool_name: elicitCall.name };
    const expected = [
      { event_type: 'mcp.elicitation.outcome', ...form, action: 'accept' },
      { event_type: 'mcp.elicitation.outcome', ...form, action: 'decline' },
      { event_type: 'mcp.elicitation.outcome', ...form, action: 'cancel' },
      {
        event_type: 'mcp.sampling.decision',
        ...WHO,
        outcome: 'approved',
        via: 'renderer',
        step: 'response',
      },
      {
        event_type: 'mcp.sampling.decision',
        ...WHO,
        outcome: 'denied',
        via: 'renderer',
        step: 'request',
      },
    ];
    const outcomes = memory.events().filter((event) => !isDecisionEvent(event));
    const roots = outcomes.filter((event) => event.event_type === 'mcp.roots.decision');
    // The server asks for roots on its own schedule (after initialize, on list changes): the
    // user picked once, every later answer is the remembered pick, one root each time.
    expect(roots.length).toBeGreaterThanOrEqual(1);
    expect(roots).toEqual(
      roots.map((_, index) => ({
        event_type: 'mcp.roots.decision',
        ...WHO,
        shared: 1,
        via: index === 0 ? 'renderer' : 'remembered',
      })),
    );
    expect(outcomes.filter((event) => event.event_type !== 'mcp.roots.decision')).toEqual(expected);
    // The tool calls themselves are still audited as decisions, once per tool (then cache hits).
    expect(memory.events().filter(isDecisionEvent)).toHaveLength(7);

    // The JSON Lines file reads back the same events, the new kinds included.
    expect(await file.read()).toEqual(memory.events());
    const serialized = JSON.stringify(memory.events());
    for (const secret of [...SECRETS, 'file:///home']) expect(serialized).not.toContain(secret);
  });

  test('a failing sink never turns a decline into an accept, nor a denial into a sample', async () => {
    const generated: unknown[] = [];
    const failing: AuditInput = [
      () => {
        throw new Error('disk full');
      },
      () => Promise.reject(new Error('quota')),
    ];
    const { guarded, human, engineEvents } = await connect(failing, {
      elicit: () => ({ action: 'decline' }),
      generate: (params) => {
        generated.push(params);
        return { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' };
      },
      sample: () => ({ action: 'deny', grain: 'once' }),
    });
    human.script('allow_once', 'allow_once');
    expect(textOf(await guarded.callTool(elicitCall))).toMatch(/"action": "decline"/);
    expect(textOf(await guarded.callTool(sampleCall))).toMatch(/rejected/i);
    expect(generated).toHaveLength(0);
    // Both outcomes were still reported as written, and every failure as an audit error.
    expect(engineEvents.filter((event) => event.type === 'outcome')).toHaveLength(2);
    await expect
      .poll(() => engineEvents.filter((event) => event.type === 'audit_error').length)
      .toBe(8); // 2 sinks × (2 decisions + 2 outcomes)
  });
});
