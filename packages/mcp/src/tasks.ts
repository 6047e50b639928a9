import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { taskReporter, type TaskHooks } from './task-event.js';

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
  try {
    const stream = tasks.callToolStream(params, resultSchema, {
      ...options,
      task: options?.task ?? {},
    });
    for await (const message of stream) {
      switch (message.type) {
        case 'taskCreated':
          taskId = message.task.taskId;
          tell(message.task);
          if (signal?.aborted) cancel(); // aborted while the task was being created
          break;
        case 'taskStatus':
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
  }
}
