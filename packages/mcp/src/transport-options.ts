import type { ProgressEvent } from './progress.js';
import type { LogEvent } from './server-log.js';
import type { UrlDoneCallback } from './url-required.js';

/**
 * What a guarded client tells the host while calls run (progress, the server's log) and how it
 * finishes a call the server sent back for a browser step (-32042). Kept apart from the gate's
 * options: none of these decides whether a call may run.
 */
export interface GuardTransportOptions {
  /**
   * Progress of every gated call (each one carries a progress token). The message is sanitized.
   * A throwing callback is reported through `onWarning` and never fails the call.
   * @default undefined (progress still resets the call's timeout)
   */
  onProgress?: (event: ProgressEvent) => void;
  /**
   * The server's `notifications/message` log lines, sanitized and bounded. Hosts print them
   * as text (never raw to a terminal). A throwing callback is reported through `onWarning`.
   * @default undefined (log lines are dropped)
   */
  onLog?: (event: LogEvent) => void;
  /**
   * Called after the user consented to open every URL of a -32042 "URL elicitation required"
   * error and they were opened: resolve true when the user says the browser step is done (the
   * call is then sent once more, with the same approved arguments, not asked about again), false
   * to give up.
   * @default undefined (consenting to open the URL is taken as done: the call is retried at once)
   */
  urlDone?: UrlDoneCallback;
}
