/**
 * Tasks against the real server-everything: `simulate-research-query` requires task execution
 * (`execution.taskSupport: 'required'`). Through the guarded `callTool` it runs after ONE
 * approval, its statuses reach the host, a denied call never creates a task, and aborting the
 * call cancels the task on the server. The same tests on both bindings: SDK 1.x (its
 * experimental Tasks API) and the v2 client (the task methods on the wire, `tasks-v2.ts`).
 */
import { specTypeSchemas } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import type { GuardClientOptions, ProgressEvent } from '../src/index.js';
import { everything, type EverythingTransport } from './everything.js';
import { everythingV2 } from './everything-v2.js';
import { textOf, type ScriptedHuman } from './harness.js';

const research = { name: 'simulate-research-query', arguments: { topic: 'consent kits' } };

/** What a test needs of either binding: the guarded call, and the server's own view of its tasks. */
interface TaskServer {
  human: ScriptedHuman;
  call(signal?: AbortSignal): Promise<unknown>;
  /** The server's tasks (read with the unguarded client). */
  tasks(): Promise<{ status: string }[]>;
  status(taskId: string): Promise<string>;
  /** A task-augmented `tools/call` sent around `callTool()`, as each SDK allows. */
  rawTaskCall(): Promise<unknown>;
  close(): Promise<void>;
}

type Start = (
  kind: EverythingTransport,
  guard?: Partial<GuardClientOptions>,
) => Promise<TaskServer>;

const BINDINGS: Record<'v1' | 'v2', Start> = {
  async v1(kind, guard) {
    const server = await everything(kind, guard);
    const tasks = server.raw.experimental.tasks;
    return {
      human: server.human,
      call: (signal) => server.guarded.callTool(research, undefined, signal ? { signal } : {}),
      tasks: async () => (await tasks.listTasks()).tasks,
      status: async (taskId) => (await tasks.getTask(taskId)).status,
      rawTaskCall: () => server.guarded.experimental.tasks.callToolStream(research).next(),
      close: () => server.close(),
    };
  },
  async v2(kind, guard) {
    const server = await everythingV2(kind, guard);
    const { raw } = server;
    return {
      human: server.human,
      call: (signal) => server.guarded.callTool(research, signal ? { signal } : {}),
      tasks: async () =>
        (await raw.request({ method: 'tasks/list', params: {} }, specTypeSchemas.ListTasksResult))
          .tasks,
      status: async (taskId) =>
        (
          await raw.request(
            { method: 'tasks/get', params: { taskId } },
            specTypeSchemas.GetTaskResult,
          )
        ).status,
      rawTaskCall: () =>
        server.guarded.request(
          { method: 'tools/call', params: { ...research, task: {} } },
          specTypeSchemas.CreateTaskResult,
        ),
      close: () => server.close(),
    };
  },
};

let server: TaskServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(['v1', 'v2'] as const)('the %s binding', (sdk) => {
  const start = BINDINGS[sdk];

  test.each<EverythingTransport>(['stdio', 'http'])(
    'over %s, a task-required tool runs after one approval; its statuses and result reach the host',
    async (kind) => {
      const seen: ProgressEvent[] = [];
      server = await start(kind, { onProgress: (event) => void seen.push(event) });
      server.human.script('allow_once');
      const result = (await server.call()) as { isError?: boolean };
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('# Research Report: consent kits');
      expect(server.human.requests).toHaveLength(1);
      expect(server.human.requests[0]!.call.tool.name).toBe('simulate-research-query');
      // The task's statuses, numbered, with the server's status messages (sanitized).
      const statuses = seen.map((event) => event.task?.status);
      expect(statuses[0]).toBe('working');
      expect(statuses.at(-1)).toBe('completed');
      expect(new Set(seen.map((event) => event.task?.id)).size).toBe(1);
      expect(seen.map((event) => event.progress)).toEqual(seen.map((_, index) => index + 1));
      expect(seen.some((event) => event.message === 'Gathering sources...')).toBe(true);
      expect((await server.tasks()).map((task) => task.status)).toEqual(['completed']);
    },
  );

  test('a denied task-required call never creates a task', async () => {
    server = await start('stdio');
    server.human.script('deny_once');
    const result = (await server.call()) as { isError?: boolean };
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('declined');
    expect(await server.tasks()).toEqual([]);
  });

  test('aborting the call cancels the task on the server (tasks/cancel)', async () => {
    const controller = new AbortController();
    let taskId: string | undefined;
    server = await start('stdio', {
      onProgress: (event) => {
        if (!event.task || taskId) return;
        taskId = event.task.id;
        controller.abort(new Error('the user stopped it'));
      },
    });
    server.human.script('allow_once');
    await expect(server.call(controller.signal)).rejects.toThrow('the user stopped it');
    expect(taskId).toBeDefined();
    // The cancel is sent when the abort fires; ask until the server reports it (no timer).
    let status = '';
    for (let polls = 0; polls < 50 && status !== 'cancelled'; polls += 1)
      status = await server.status(taskId!);
    expect(status).toBe('cancelled');
  });

  test('the guarded client still refuses a raw task-augmented tools/call (it would skip the gate)', async () => {
    server = await start('stdio');
    await expect(server.rawTaskCall()).rejects.toThrow(
      'tools/call must go through callTool() on a guarded client',
    );
    expect(server.human.requests).toEqual([]);
    expect(await server.tasks()).toEqual([]);
  });
});
