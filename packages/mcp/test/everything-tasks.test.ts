/**
 * Tasks against the real server-everything: `simulate-research-query` requires task execution
 * (`execution.taskSupport: 'required'`). Through the guarded `callTool` it runs after ONE
 * approval, its statuses reach the host, a denied call never creates a task, and aborting the
 * call cancels the task on the server.
 */
import { afterEach, expect, test } from 'vitest';
import type { ProgressEvent } from '../src/index.js';
import { everything, type Everything, type EverythingTransport } from './everything.js';
import { textOf } from './harness.js';

let server: Everything | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const research = { name: 'simulate-research-query', arguments: { topic: 'consent kits' } };

test.each<EverythingTransport>(['stdio', 'http'])(
  'over %s, a task-required tool runs after one approval; its statuses and result reach the host',
  async (kind) => {
    const seen: ProgressEvent[] = [];
    server = await everything(kind, { onProgress: (event) => void seen.push(event) });
    server.human.script('allow_once');
    const result = await server.guarded.callTool(research);
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
    const { tasks } = await server.raw.experimental.tasks.listTasks();
    expect(tasks.map((task) => task.status)).toEqual(['completed']);
  },
);

test('a denied task-required call never creates a task', async () => {
  server = await everything('stdio');
  server.human.script('deny_once');
  const result = await server.guarded.callTool(research);
  expect(result.isError).toBe(true);
  expect(textOf(result)).toContain('declined');
  const { tasks } = await server.raw.experimental.tasks.listTasks();
  expect(tasks).toEqual([]);
});

test('aborting the call cancels the task on the server (tasks/cancel)', async () => {
  const controller = new AbortController();
  let taskId: string | undefined;
  server = await everything('stdio', {
    onProgress: (event) => {
      if (!event.task || taskId) return;
      taskId = event.task.id;
      controller.abort(new Error('the user stopped it'));
    },
  });
  server.human.script('allow_once');
  await expect(
    server.guarded.callTool(research, undefined, { signal: controller.signal }),
  ).rejects.toThrow('the user stopped it');
  expect(taskId).toBeDefined();
  // The cancel is sent when the abort fires; ask until the server reports it (no timer).
  let status = '';
  for (let polls = 0; polls < 50 && status !== 'cancelled'; polls += 1)
    status = (await server.raw.experimental.tasks.getTask(taskId!)).status;
  expect(status).toBe('cancelled');
});

test('the guarded client still refuses raw task streams of tools/call (they would skip the gate)', async () => {
  server = await everything('stdio');
  const stream = server.guarded.experimental.tasks.callToolStream(research);
  await expect(stream.next()).rejects.toThrow(
    'tools/call must go through callTool() on a guarded client',
  );
  expect(server.human.requests).toEqual([]);
  const { tasks } = await server.raw.experimental.tasks.listTasks();
  expect(tasks).toEqual([]);
});
