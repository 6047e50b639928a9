import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createPermissionEngine,
  hashArgs,
  memoryStore,
  type DecisionAuditEvent,
  type PermissionEngineOptions,
  type PolicySource,
} from '@mcp-consent/engine';
import { denialOf, MODEL_TEXT, type GuardedClient } from '../src/index.js';
import { createEchoServer, echoServerCommand } from './fixtures/echo-server.js';
import {
  guardNewClient,
  ScriptedHuman,
  sdkStdioTransport,
  setup,
  textOf,
  type Harness,
} from './harness.js';
import { auditInto } from './audit-split.js';

/**
 * Issue 17 end to end, over the real SDK client and server, in memory and over stdio: what the
 * agent reads when a call is denied (the user's note, the rule that denied it, the mode), and
 * that the arguments the user edited are exactly what the server received.
 */
const KINDS = ['memory', 'stdio'] as const;
type Kind = (typeof KINDS)[number];

let harness: Harness | undefined;
let echo: { guarded: GuardedClient; close(): Promise<void> } | undefined;
afterEach(async () => {
  await harness?.close();
  await echo?.close();
  harness = undefined;
  echo = undefined;
});

const POLICY_FILE = '/etc/mcp-consent/policy.json';
const managed = (rules: PolicySource['policy']['rules']): PolicySource[] => [
  { layer: 'managed', file: POLICY_FILE, policy: { version: 1, rules } },
];

describe.each(KINDS)('denials the agent can act on (demo server, %s)', (kind) => {
  test('a note the user typed on Deny reaches the client in the isError text', async () => {
    harness = await setup(kind);
    harness.human.script({ choice: 'deny_once', reason: 'use the staging db' });
    const result = await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'prod', text: 'drop everything' },
    });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      `${MODEL_TEXT.declined('notes_put')}\n${MODEL_TEXT.userNote('"use the staging db"')}`,
    );
    expect(denialOf(result)).toMatchObject({
      reason: 'declined',
      origin: 'user_prompt',
      note: 'use the staging db',
    });
    expect((await harness.state()).notes).not.toHaveProperty('prod');
    // Audited as a flag: the text stays out of the log unless the host opts in.
    expect(harness.audit).toHaveLength(1);
    expect(harness.audit[0]).toMatchObject({ decision: 'DENY_ONCE', deny_reason: true });
    expect(harness.audit[0]).not.toHaveProperty('deny_reason_text');
  });

  test('a managed deny rule names itself and gives its reason, without asking', async () => {
    harness = await setup(kind, {
      engine: {
        policy: managed([
          { effect: 'allow', tool: 'notes_list' },
          {
            id: 'no-delete',
            effect: 'deny',
            tool: 'notes_*',
            annotations: { destructiveHint: true },
            reason: 'Deleting notes is off\u202E for everyone;\u0007 ask IT',
          },
        ]),
      },
    });
    const result = await harness.guarded.callTool({
      name: 'notes_delete',
      arguments: { id: 'welcome' },
    });

    const text = textOf(result);
    expect(text).toContain(`rule 2 in "${POLICY_FILE}" (managed layer, id "no-delete")`);
    // The bidi override and the bell are gone; the rest reads as written.
    expect(text).toContain(MODEL_TEXT.ruleReason('"Deleting notes is off for everyone; ask IT"'));
    expect(denialOf(result)).toMatchObject({
      reason: 'not_approved',
      origin: 'policy',
      rule: { layer: 'managed', file: POLICY_FILE, index: 1, id: 'no-delete' },
    });
    expect(harness.human.requests).toHaveLength(0);
    expect((await harness.state()).notes).toHaveProperty('welcome');
    expect(harness.audit.map((event) => [event.origin, event.policy_rule?.index])).toEqual([
      ['policy', 1],
    ]);

    // The allow rule of the same file lets the read run, also without a prompt.
    const list = await harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(list.isError).toBeFalsy();
    expect(textOf(list)).toContain('welcome');
    expect(harness.human.requests).toHaveLength(0);
  });

  test('plan mode denies a write without asking; a read-only tool is still asked about', async () => {
    harness = await setup(kind, { engine: { mode: 'plan' } });
    harness.human.script('allow_once');
    const put = await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'n', text: 't' },
    });
    expect(textOf(put)).toBe(MODEL_TEXT.planMode('notes_put'));
    expect(denialOf(put)).toMatchObject({ origin: 'mode', mode: 'plan' });
    expect(harness.human.requests).toHaveLength(0);

    const read = await harness.guarded.callTool({
      name: 'notes_read',
      arguments: { id: 'welcome' },
    });
    expect(read.isError).toBeFalsy();
    expect(harness.human.requests.map((request) => request.call.tool.name)).toEqual(['notes_read']);
    expect((await harness.state()).notes).not.toHaveProperty('n');
    expect(harness.audit.map((event) => [event.origin, event.mode])).toEqual([
      ['mode', 'plan'],
      ['user_prompt', undefined],
    ]);
  });

  test('non-interactive mode denies what would ask; what a rule allows still runs', async () => {
    harness = await setup(kind, {
      engine: {
        mode: 'non_interactive',
        policy: managed([{ effect: 'allow', tool: 'notes_list' }]),
      },
    });
    const put = await harness.guarded.callTool({
      name: 'notes_put',
      arguments: { id: 'n', text: 't' },
    });
    expect(textOf(put)).toBe(MODEL_TEXT.nonInteractive('notes_put'));
    expect(denialOf(put)).toMatchObject({ origin: 'mode', mode: 'non_interactive' });
    const list = await harness.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(list.isError).toBeFalsy();
    expect(harness.human.requests).toHaveLength(0);
    expect((await harness.state()).notes).not.toHaveProperty('n');
  });
});

/** The echo server behind a guarded client, in memory or as a child process over stdio. */
async function connectEcho(
  kind: Kind,
  human: ScriptedHuman,
  audit: DecisionAuditEvent[],
  engineOptions: Partial<PermissionEngineOptions> = {},
) {
  const engine = createPermissionEngine({
    store: memoryStore(),
    audit: auditInto(audit),
    ...engineOptions,
  });
  await engine.ready;
  const { guarded } = guardNewClient(
    {
      engine,
      server: { id: 'echo' },
      userId: 'u',
      workspaceId: 'w',
      prompt: human.prompt,
      onWarning: () => {},
    },
    'edit-test-host',
  );
  let transport: Transport;
  let stop = async () => {};
  if (kind === 'memory') {
    const server = createEchoServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    transport = clientSide;
    stop = () => server.close();
  } else {
    transport = sdkStdioTransport(echoServerCommand());
  }
  await guarded.connect(transport);
  await guarded.catalog.refresh();
  return {
    guarded,
    async close() {
      await guarded.close();
      await stop();
    },
  };
}

describe.each(KINDS)('edited arguments are what runs (%s)', (kind) => {
  test('the server receives exactly the edited arguments; the audit has their hash', async () => {
    const audit: DecisionAuditEvent[] = [];
    const edited = { db: 'staging', query: 'select count(*) from orders' };
    const human = new ScriptedHuman([{ choice: 'allow_once', args: edited }]);
    echo = await connectEcho(kind, human, audit);
    const asked = {
      db: 'prod',
      query: 'select count(*) from orders',
      extra: 'dropped by the edit',
    };
    const result = await echo.guarded.callTool({ name: 'query_run', arguments: asked });

    expect(human.requests[0]?.editable).toBe(true);
    expect(human.requests[0]?.call.args).toEqual(asked);
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toEqual(edited);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      decision: 'ALLOW_ONCE',
      edited: true,
      args_hash: await hashArgs(edited),
    });
    expect(audit[0]!.args_hash).not.toBe(await hashArgs(asked));
  });

  test('an allow without edits sends the arguments as asked, and the audit says nothing was edited', async () => {
    const audit: DecisionAuditEvent[] = [];
    const human = new ScriptedHuman(['allow_once']);
    echo = await connectEcho(kind, human, audit);
    const asked = { db: 'prod', query: 'select 1' };
    const result = await echo.guarded.callTool({ name: 'query_run', arguments: asked });
    expect(JSON.parse(textOf(result))).toEqual(asked);
    expect(audit[0]).not.toHaveProperty('edited');
    expect(audit[0]!.args_hash).toBe(await hashArgs(asked));
  });
});

describe('edited arguments through the two-key dry run (demo server, in memory)', () => {
  test('the preview and the call sent for real carry the edit, never the model’s text', async () => {
    harness = await setup('memory', { demo: { dryRun: false } });
    const edited = { channel: 'general', text: 'ship it on Monday' };
    harness.human.script({ choice: 'allow_once', args: edited }, 'allow_once');
    const result = await harness.guarded.callTool({
      name: 'messages_send',
      arguments: { channel: 'general', text: 'ship it now' },
    });

    expect(result.isError).toBeFalsy();
    const [first, preview] = harness.human.requests;
    expect(first?.kind).toBe('permission');
    expect(preview?.kind).toBe('dry_run');
    // The user reviews the preview of what they edited.
    expect(preview?.call.args).toEqual(edited);
    expect((await harness.state()).messages).toEqual([edited]);
    expect(harness.audit.map((event) => [event.edited, event.dry_run])).toEqual([
      [true, undefined],
      [undefined, 'sent'],
    ]);
  });
});

describe('edited arguments the engine will not take (echo server, in memory)', () => {
  test.each([
    ['not a JSON object', ['staging', 'select 1']],
    ['setting the kit’s __confirm key', { db: 'staging', query: 'select 1', __confirm: true }],
  ])('edited arguments %s are denied, never sent or changed', async (_, args) => {
    const audit: DecisionAuditEvent[] = [];
    const human = new ScriptedHuman([{ choice: 'allow_once', args }]);
    echo = await connectEcho('memory', human, audit);
    const result = await echo.guarded.callTool({
      name: 'query_run',
      arguments: { db: 'prod', query: 'select 1' },
    });
    expect(result.isError).toBe(true);
    // The engine refuses such an answer before anything is allowed: one Deny once, never an
    // ALLOW event for arguments that were not sent.
    expect(textOf(result)).toBe(MODEL_TEXT.noRenderer('query_run'));
    expect(denialOf(result)).toMatchObject({ origin: 'no_renderer' });
    expect(audit.map((event) => [event.decision, event.origin])).toEqual([
      ['DENY_ONCE', 'no_renderer'],
    ]);
  });
});
