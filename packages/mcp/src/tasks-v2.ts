import {
  ProtocolError,
  ProtocolErrorCode,
  specTypeSchemas,
  type Client,
} from '@modelcontextprotocol/client';
import type { CallOptions, CallParams, CallResult, ToolsPage } from './binding.js';
import { taskReporter, untilAborted, type TaskHooks, type TaskState } from './tasks-shared.js';

type RequestOptions = NonNullable<Parameters<Client['request']>[2]>;

/** Task states after which `tasks/get` never changes (2025-11-25). */
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** The pause between two `tasks/get` when the server suggests none (SDK 1.x's default). */
const DEFAULT_POLL_MS = 1000;
/** The server's `pollInterval` is untrusted: neither a busy loop nor a call that stalls. */
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 30_000;

/**
 * The tools a 2025-11-25 server listed with `execution.taskSupport` (the same `tools/list` pages
 * the guard's catalog is built from): the v2 SDK keeps no such record for per-page listings.
 */
export class TaskSupport {
  readonly #support = new Map<string, string>();

  /** Notes each listed tool's task support (absent: `forbidden`, the spec's default). */
  observe(page: ToolsPage): void {
    for (const tool of page.tools) {
      const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
      if (typeof support === 'string') this.#support.set(tool.name, support);
      else this.#support.delete(tool.name);
    }
  }

  required(name: string): boolean {
    return this.#support.get(name) === 'required';
  }
}

/** True when the server accepts `tools/call` as a task (its `tasks.requests.tools.call`). */
const offersToolTasks = (client: Client): boolean => {
  const tasks = (client.getServerCapabilities() as { tasks?: unknown } | undefined)?.tasks as
    { requests?: { tools?: { call?: unknown } } } | undefined;
  return tasks?.requests?.tools?.call !== undefined;
};

/**
 * v2 SDK: runs an APPROVED call as a task (Tasks, 2025-11-25 experimental) when the server
 * offers tool tasks and the tool requires one (`support`) or the caller asked for one
 * (`options.task`, as on SDK 1.x). The v2 SDK has no task API, so this speaks the wire as SDK
 * 1.x does: `tools/call` with `task` → `CreateTaskResult`, `tasks/get` every `pollInterval`
 * until the task ends or needs input, then `tasks/result` for the payload. Each status goes to
 * the host's `onProgress`; the caller's AbortSignal cancels the task on the server
 * (`tasks/cancel`), even one created after the abort. `client` is the RAW client: the guarded
 * one refuses `tools/call` through `request()`, and the gate has already decided. Returns
 * undefined for a call that is not a task.
 */
export function taskCallV2(
  client: Client,
  support: TaskSupport,
  params: CallParams,
  options: (CallOptions & { task?: unknown }) | undefined,
  hooks: TaskHooks,
): Promise<CallResult> | undefined {
  if (!offersToolTasks(client) || !(options?.task || support.required(params.name)))
    return undefined;
  return callAsTask(client, params, options, hooks);
}

async function callAsTask(
  client: Client,
  params: CallParams,
  options: (CallOptions & { task?: unknown }) | undefined,
  hooks: TaskHooks,
): Promise<CallResult> {
  const { signal, task: asked, ...rest } = options ?? {};
  const name = params.name;
  const tell = taskReporter(name, hooks);
  let taskId: string | undefined;
  let cancelled = false;
  const cancel = () => {
    if (taskId === undefined || cancelled) return;
    cancelled = true;
    const id = taskId;
    client
      .request({ method: 'tasks/cancel', params: { taskId: id } }, specTypeSchemas.CancelTaskResult)
      .catch((error: unknown) => {
        hooks.warn(`Cancelling task ${id} of ${name} failed: ${String(error)}`);
      });
  };
  signal?.addEventListener('abort', cancel, { once: true });
  const each: RequestOptions = signal ? { signal } : {};
  if (rest.timeout !== undefined) each.timeout = rest.timeout;
  try {
    signal?.throwIfAborted();
    const task = typeof asked === 'object' && asked !== null ? asked : {};
    // Sent without the caller's signal: a task the server creates after an abort is still
    // learned of, and cancelled.
    const creating = client
      .request(
        { method: 'tools/call', params: { ...params, task } },
        specTypeSchemas.CreateTaskResult,
        rest as RequestOptions,
      )
      .then((created) => {
        taskId = created.task.taskId;
        if (signal?.aborted) cancel();
        return created.task;
      });
    let state: TaskState & { pollInterval?: number } = await untilAborted(creating, signal);
    const id = state.taskId;
    tell(state);
    for (;;) {
      state = await client.request(
        { method: 'tasks/get', params: { taskId: id } },
        specTypeSchemas.GetTaskResult,
        each,
      );
      if (state.taskId !== id) throw otherTask(name);
      tell(state);
      if (TERMINAL.has(state.status) || state.status === 'input_required') break;
      await pause(pollDelay(state.pollInterval), signal);
    }
    return await outcome(client, name, state, each);
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The call's result once its task ended or needs input: `tasks/result` (which, for a task that
 * needs input, delivers the server's questions and waits for the end). A failed task is the
 * tool's error result or an error, never a success.
 */
async function outcome(
  client: Client,
  name: string,
  task: TaskState,
  options: RequestOptions,
): Promise<CallResult> {
  const failure = (what: string) =>
    new ProtocolError(ProtocolErrorCode.InternalError, `The task of ${name} ${what}`);
  if (task.status === 'cancelled') throw failure('was cancelled');
  const result = (await client.request(
    { method: 'tasks/result', params: { taskId: task.taskId } },
    specTypeSchemas.CallToolResult,
    options,
  )) as CallResult;
  if (task.status === 'failed' && result.isError !== true) throw failure('failed');
  return result;
}

/** A `tasks/get` reply about another task than the one asked about: the server is not trusted. */
const otherTask = (tool: string): Error =>
  new ProtocolError(
    ProtocolErrorCode.InternalError,
    `The server answered about another task than the one of ${tool}`,
  );

const pollDelay = (suggested: number | undefined) =>
  Math.min(Math.max(suggested ?? DEFAULT_POLL_MS, MIN_POLL_MS), MAX_POLL_MS);

/** Waits `ms` between two polls (SDK-level, as SDK 1.x does); an abort ends the wait at once. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
