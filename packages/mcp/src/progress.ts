import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { sanitizeText } from '@mcp-consent/prompt';

/** Longest progress message passed to a host, in UTF-16 code units (a status line, not a log). */
export const PROGRESS_MESSAGE_LIMIT = 500;

/** One `notifications/progress` of a gated call, as a host receives it. */
export interface ProgressEvent {
  /** The tool as the caller named it (the host's own words, not the server's). */
  tool: string;
  progress: number;
  total?: number;
  /** The server's message, sanitized (`sanitizeText`, one line, at most {@link PROGRESS_MESSAGE_LIMIT}). */
  message?: string;
  /**
   * Set when the call runs as a task: its id and status (sanitized); `progress` then counts the
   * status reports and `message` is the task's `statusMessage`.
   */
  task?: { id: string; status: string };
}

/** A number the server sent, or undefined when it is not a finite number (untrusted). */
const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The server's progress as the host sees it: numbers checked, message made safe to show. */
export function progressEvent(tool: string, progress: Progress): ProgressEvent {
  const event: ProgressEvent = { tool, progress: finite(progress.progress) ?? 0 };
  const total = finite(progress.total);
  if (total !== undefined) event.total = total;
  if (progress.message !== undefined)
    event.message = sanitizeText(progress.message, { maxLength: PROGRESS_MESSAGE_LIMIT }).text;
  return event;
}

/**
 * The caller's request options with a progress callback always set, so the SDK sends a progress
 * token on every gated call: progress reaches the caller's `onprogress` (as the server sent it)
 * and the host's `onProgress` (sanitized). The timeout restarts on each progress unless the
 * caller said `resetTimeoutOnProgress: false`: a server that reports progress is working.
 */
export function withProgress(
  tool: string,
  options: RequestOptions | undefined,
  onProgress: ((event: ProgressEvent) => void) | undefined,
  warn: (message: string) => void,
): RequestOptions {
  const caller = options?.onprogress;
  return {
    ...options,
    resetTimeoutOnProgress: options?.resetTimeoutOnProgress ?? true,
    onprogress: (progress) => {
      if (onProgress) {
        try {
          onProgress(progressEvent(tool, progress));
        } catch (error) {
          warn(`onProgress threw: ${String(error)}`);
        }
      }
      caller?.(progress);
    },
  };
}
