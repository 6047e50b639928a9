import { sanitizeText } from '@mcp-consent/prompt';
import { PROGRESS_MESSAGE_LIMIT, type ProgressEvent } from './progress.js';

/** A task's state as both SDKs parse it (`tasks/get`, `CreateTaskResult.task`): untrusted text. */
export interface TaskState {
  taskId: string;
  status: string;
  statusMessage?: string;
}

/** What a task call reports to, from the guard's options. */
export interface TaskHooks {
  onProgress: ((event: ProgressEvent) => void) | undefined;
  warn: (message: string) => void;
}

/** A task status as the host sees it: a progress event numbered by status report. */
export function taskEvent(tool: string, task: TaskState, report: number): ProgressEvent {
  const event: ProgressEvent = {
    tool,
    progress: report,
    task: {
      id: sanitizeText(task.taskId, { maxLength: 200 }).text,
      status: sanitizeText(task.status, { maxLength: 40 }).text,
    },
  };
  if (task.statusMessage !== undefined)
    event.message = sanitizeText(task.statusMessage, { maxLength: PROGRESS_MESSAGE_LIMIT }).text;
  return event;
}

/**
 * Reports each status of one task call to the host's `onProgress`, numbered from 1 (both
 * bindings). A host callback that throws is warned about, never stops the call.
 */
export function taskReporter(tool: string, hooks: TaskHooks): (task: TaskState) => void {
  let reports = 0;
  return (task) => {
    if (!hooks.onProgress) return;
    try {
      hooks.onProgress(taskEvent(tool, task, (reports += 1)));
    } catch (error) {
      hooks.warn(`onProgress threw: ${String(error)}`);
    }
  };
}

/**
 * `promise`, or the abort's reason as soon as the signal aborts. The promise still settles (a
 * task being created is still learned of, then cancelled); its outcome is then ignored here.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
