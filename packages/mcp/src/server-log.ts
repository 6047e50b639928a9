import {
  type LoggingLevel,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { sanitizeText } from '@mcp-consent/prompt';
import type { GuardContext } from './guard-types.js';

/** Longest log message passed to a host, in UTF-16 code units (a server may log megabytes). */
export const LOG_MESSAGE_LIMIT = 2000;
/** Longest logger name passed to a host. */
export const LOGGER_NAME_LIMIT = 100;

const LEVELS = new Set<string>([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/** One `notifications/message` of the server, safe to show as text. */
export interface LogEvent {
  /** The server as the host configured it. */
  serverId: string;
  /** The syslog level the server gave; 'info' when it gave none the spec knows. */
  level: LoggingLevel;
  /** The server's logger name, sanitized. */
  logger?: string;
  /** The logged data as one line of text (JSON for non-strings), sanitized and bounded. */
  message: string;
}

/** JSON for anything that is not a string; something that cannot be serialized says so. */
function dataText(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return '[unreadable log data]';
  }
}

/** The server's log line as the host sees it. */
export function logEvent(serverId: string, params: LoggingMessageNotification['params']): LogEvent {
  const level = LEVELS.has(params.level) ? params.level : 'info';
  const event: LogEvent = {
    serverId,
    level,
    message: sanitizeText(dataText(params.data), { maxLength: LOG_MESSAGE_LIMIT }).text,
  };
  if (params.logger !== undefined)
    event.logger = sanitizeText(params.logger, { maxLength: LOGGER_NAME_LIMIT }).text;
  return event;
}

/**
 * Hands the server's log lines to the host's `onLog`, sanitized. Without `onLog` no handler is
 * set, so a host's own handler (set on the guarded client) keeps working.
 */
export function registerServerLog(context: GuardContext): void {
  const { binding, options, warn } = context;
  const { onLog } = options;
  if (!onLog) return;
  binding.onNotification('notifications/message', (params) => {
    try {
      onLog(logEvent(options.server.id, params as LoggingMessageNotification['params']));
    } catch (error) {
      warn(`onLog threw: ${String(error)}`);
    }
  });
}
