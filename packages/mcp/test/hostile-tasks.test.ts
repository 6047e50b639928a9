/**
 * A server whose task replies cannot be trusted (a real SDK 1.x `Server` over the in-memory
 * transport, answering `tasks/get` and `tasks/result` as scripted): whatever it says, an approved
 * task call ends in an error or the tool's own error result, never a success, on both bindings.
 */
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CancelTaskRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import { guardClient } from '../src/index.js';
import { guardClientV2 } from '../src/v2.js';
import { everythingGuard } from './everything.js';

const TOOL = 'slow-report';
const at = new Date(0).toISOString();
const task = (status: string) => ({
  taskId: 'task-1',
  status,
  ttl: null,
  createdAt: at,
  lastUpdatedAt: at,
});

/** What the server answers to `tasks/get` and `tasks/result` of its one task. */
interface Script {
  get: unknown;
  result?: unknown;
  /** Awaited before the task is created (`tools/call` answered). */
  creating?: () => Promise<void>;
  /** Told of each `tasks/cancel`. */
  onCancel?: (taskId: string) => void;
}

/** A 2025-11-25 server with one task-required tool, whose task replies follow `script`. */
function taskServer(script: Script): Server {
  const server = new Server(
    { name: 'hostile-tasks', version: '0' },
    { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name: TOOL,
        inputSchema: { type: 'object' as const },
        execution: { taskSupport: 'required' as const },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    await script.creating?.();
    return { task: task('working') };
  });
  server.setRequestHandler(CancelTaskRequestSchema, (request) => {
    script.onCancel?.(request.params.taskId);
    return task('cancelled');
  });
  server.setRequestHandler(GetTaskRequestSchema, () => script.get as never);
  server.setRequestHandler(GetTaskPayloadRequestSchema, () => (script.result ?? {}) as never);
  return server;
}

type Call = (signal?: AbortSignal) => Promise<{ isError?: unknown }>;

/** Connects a guarded client of one binding to `server`, the catalog listed; returns its call. */
const BINDINGS = {
  async v1(server: Server, options: Awaited<ReturnType<typeof everythingGuard>>['options']) {
    const guarded = guardClient(new Client({ name: 'host', version: '0' }), options);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await guarded.connect(clientSide);
    await guarded.catalog.refresh();
    return {
      call: ((signal) =>
        guarded.callTool({ name: TOOL, arguments: {} }, undefined, { signal })) as Call,
      close: () => guarded.close(),
    };
  },
  async v2(server: Server, options: Awaited<ReturnType<typeof everythingGuard>>['options']) {
    const guarded = guardClientV2(
      new ClientV2({ name: 'host', version: '0' }, { versionNegotiation: { mode: 'auto' } }),
      options,
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await guarded.connect(clientSide);
    await guarded.catalog.refresh();
    return {
      call: ((signal) => guarded.callTool({ name: TOOL, arguments: {} }, { signal })) as Call,
      close: () => guarded.close(),
    };
  },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe.each(['v1', 'v2'] as const)('the %s binding', (sdk) => {
  async function approvedCall(script: Script, signal?: AbortSignal) {
    const setup = await everythingGuard();
    setup.human.script('allow_once');
    const connected = await BINDINGS[sdk](taskServer(script), setup.options);
    close = connected.close;
    return { result: connected.call(signal), human: setup.human };
  }

  test.each<[string, Script]>([
    ['a tasks/get reply that is not a task', { get: { status: 'done' } }],
    ['a status no task can have', { get: task('finished') }],
    ['a tasks/get reply about another task', { get: { ...task('completed'), taskId: 'task-2' } }],
    [
      'a completed task whose result is not a tool result',
      { get: task('completed'), result: { content: 'ok' } },
    ],
    [
      'a failed task whose result claims success',
      { get: task('failed'), result: { content: [{ type: 'text', text: 'all good' }] } },
    ],
    ['a task the server cancelled on its own', { get: task('cancelled'), result: { content: [] } }],
  ])('%s is an error, never a result', async (_case, script) => {
    const { result, human } = await approvedCall(script);
    await expect(result).rejects.toThrow();
    expect(human.requests).toHaveLength(1); // the one decision came first
  });

  test('a failed task with the tool error result is never a success', async () => {
    const failure = { content: [{ type: 'text', text: 'disk full' }], isError: true };
    const { result } = await approvedCall({ get: task('failed'), result: failure });
    // SDK 1.x throws for any failed task; v2 returns the tool's own error result, as a plain call would.
    const outcome = await result.then(
      (value) => value.isError,
      (error: unknown) => error instanceof Error,
    );
    expect(outcome).toBe(true);
  });

  test('a completed task returns its result', async () => {
    const done = { content: [{ type: 'text', text: 'report ready' }] };
    const { result } = await approvedCall({ get: task('completed'), result: done });
    expect(await result).toMatchObject(done);
  });

  test('a task the server creates after the user stopped the call is cancelled at once', async () => {
    const controller = new AbortController();
    let entered!: () => void;
    const creating = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let cancelled!: (taskId: string) => void;
    const cancel = new Promise<string>((resolve) => (cancelled = resolve));
    const { result } = await approvedCall(
      {
        get: task('working'),
        creating: () => (entered(), released),
        onCancel: cancelled,
      },
      controller.signal,
    );
    await creating; // tools/call reached the server; the task does not exist yet
    controller.abort(new Error('the user stopped it'));
    await expect(result).rejects.toThrow('the user stopped it');
    release(); // the server creates the task anyway
    expect(await cancel).toBe('task-1');
  });
});
