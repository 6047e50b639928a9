import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { taskReporter, untilAborted, type TaskHooks } from './tasks-shared.js';

type CallTool = Client['callTool'];

/** The SDK's own record of `execution.taskSupport: 'required'` (from the last `tools/list`). */
const taskRequired = (client: Client, name: string): boolean => {
  const check = (client as unknown as { isToolTaskRequired?: (name: string) => boolean })
    .isToolTaskRequired;
  return typeof check === 'function' && check.call(client, name) === true;
};

/**
 * SDK 1.x: runs an APPROVED call as a task (Tasks, 2025-11-25 experimental) when the tool
 * requires it or the caller asked for one (`options.task`): the SDK's plain `callTool` refuses
 * such tools, and the guarded client refuses raw task streams, so the gate sends it here after
 * its one decision (no task exists before it). Each status goes to the host's `onProgress`; the
 * result is returned like `callTool`'s; the caller's AbortSignal cancels the task on the server
 * (`tasks/cancel`). Returns undefined for a call that is not a task.
 */
export function taskCall(
  client: Client,
  params: Parameters<CallTool>[0],
  resultSchema: Parameters<CallTool>[1],
  options: (RequestOptions & { task?: unknown }) | undefined,
  hooks: TaskHooks,
): Promise<unknown> | undefined {
  return options?.task || taskRequired(client, params.name)
    ? callAsTask(client, hooks, params, resultSchema, options)
    : undefined;
}

async function callAsTask(
  client: Client,
  hooks: TaskHooks,
  params: Parameters<CallTool>[0],
  resultSchema: Parameters<CallTool>[1],
  options: RequestOptions | undefined,
): Promise<unknown> {
  const { warn } = hooks;
  const tasks = client.experimental.tasks;
  const signal = options?.signal;
  let taskId: string | undefined;
  let cancelled = false;
  const cancel = () => {
    if (taskId === undefined || cancelled) return;
    cancelled = true;
    tasks.cancelTask(taskId).catch((error: unknown) => {
      warn(`Cancelling task ${taskId} of ${params.name} failed: ${String(error)}`);
    });
  };
  signal?.addEventListener('abort', cancel, { once: true });
  const tell = taskReporter(params.name, hooks);
  // Without the caller's signal: on abort the SDK would drop the reply that creates the task,
  // leaving it to run with nobody to cancel it. The abort is handled here instead.
  const { signal: _signal, ...unsignalled } = options ?? {};
  const stream = tasks.callToolStream(params, resultSchema, {
    ...unsignalled,
    task: options?.task ?? {},
  });
  try {
    signal?.throwIfAborted();
    for (;;) {
      const pending = stream.next();
      let step: Awaited<typeof pending>;
      try {
        step = await untilAborted(pending, signal);
      } catch (error) {
        // Aborted while the task was being created: cancel it once the server says it exists.
        if (signal?.aborted)
          void pending.then((late) => {
            if (!late.done && late.value.type === 'taskCreated') {
              taskId = late.value.task.taskId;
              cancel();
            }
          }, ignore);
        throw error;
      }
      if (step.done) break;
      const message = step.value;
      switch (message.type) {
        case 'taskCreated':
          taskId = message.task.taskId;
          tell(message.task);
          break;
        case 'taskStatus':
          if (message.task.taskId !== taskId)
            throw new McpError(
              ErrorCode.InternalError,
              `The server answered about another task than the one of ${params.name}`,
            );
          tell(message.task);
          break;
        case 'result':
          return message.result;
        case 'error':
          signal?.throwIfAborted();
          throw message.error;
      }
    }
    throw new McpError(
      ErrorCode.InternalError,
      `The task of ${params.name} ended without a result`,
    );
  } finally {
    signal?.removeEventListener('abort', cancel);
    stream.return(undefined).catch(ignore); // the SDK stops polling (after a step under way)
  }
}

const ignore = () => undefined;
