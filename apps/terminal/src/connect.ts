/**
 * Starting or reaching the server, with one clear sentence when that fails: a command
 * that does not exist, one that ends before it answers (quoting its last stderr line), a
 * URL that does not answer, or a server that never finishes the handshake.
 */
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { closeGuarded, type GuardedClient } from '@mcp-consent/mcp';
import { requestSignalFetch } from '@mcp-consent/mcp/node';
import type { GuardedClientV2 } from '@mcp-consent/mcp/v2';
import type { Protocol } from './args.js';
import type { ServerTarget } from './config.js';
import { launchEnv } from './person-at-terminal.js';
import { clean } from './text.js';

/** How long the `initialize` handshake may take. */
export const CONNECT_TIMEOUT_MS = 30_000;

/** The server did not start or does not answer; the message is localized. Exit code 2. */
export class ConnectError extends Error {
  override name = 'ConnectError';
}

/** The guarded client of either SDK: SDK 1.x (`--protocol 2025-11-25`) or v2 (`auto`). */
export type HostClient = GuardedClient | GuardedClientV2;

/** The part of either SDK's transports this module touches. */
interface AnyTransport {
  onclose?: (() => void) | undefined;
}

/** Keeps the last few KB of the server's stderr, which is otherwise not shown. */
function stderrTail(transport: {
  stderr: { on(event: 'data', listener: (chunk: Buffer) => void): unknown } | null;
}) {
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4096);
  });
  return () =>
    tail
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1);
}

/** The command as the user typed it, for messages (cleaned: it may contain anything). */
export function commandText(target: Extract<ServerTarget, { kind: 'stdio' }>): string {
  return clean([target.command, ...target.args].join(' '), 200);
}

/**
 * Connects the guarded client to the target, with the transports of the client's SDK
 * (`protocol`: `auto` is the v2 SDK). Throws {@link ConnectError}.
 */
export async function connectTarget(
  client: HostClient,
  target: ServerTarget,
  t: AppTranslator,
  protocol: Protocol = '2025-11-25',
  timeoutMs = CONNECT_TIMEOUT_MS,
): Promise<void> {
  const v2 = protocol === 'auto';
  let transport: AnyTransport;
  let lastLine: () => string | undefined = () => undefined;
  let closed = false;
  if (target.kind === 'stdio') {
    const params = {
      command: target.command,
      args: target.args,
      env: { ...launchEnv, ...target.env },
      stderr: 'pipe' as const,
    };
    const stdio = v2 ? new StdioClientTransportV2(params) : new StdioClientTransport(params);
    lastLine = stderrTail(stdio as Parameters<typeof stderrTail>[0]);
    transport = stdio;
  } else {
    // Each request gets its own abort signal: a long session would otherwise pile listeners on
    // the transport's one signal and Node would print warnings over the screen.
    const options = { fetch: requestSignalFetch() };
    transport = v2
      ? new StreamableHTTPClientTransportV2(target.url, options)
      : new StreamableHTTPClientTransport(target.url, options);
  }
  transport.onclose = () => {
    closed = true;
  };

  try {
    // Each SDK's client gets its own SDK's transport (chosen above from the same `protocol`).
    await (client.connect as (transport: unknown, options: { timeout: number }) => Promise<void>)(
      transport,
      { timeout: timeoutMs },
    );
  } catch (error) {
    await closeGuarded(client).catch(() => undefined); // a session that was opened is ended
    throw new ConnectError(describeFailure(error, target, t, closed, lastLine(), timeoutMs));
  }
}

function describeFailure(
  error: unknown,
  target: ServerTarget,
  t: AppTranslator,
  closed: boolean,
  lastLine: string | undefined,
  timeoutMs: number,
): string {
  const code = errorCode(error);
  const reason = clean(error instanceof Error ? error.message : String(error), 200);
  const seconds = Math.round(timeoutMs / 1000);
  if (target.kind === 'http') {
    const url = clean(target.url.href, 200);
    if (/timed out/i.test(reason) && !code)
      return t.t('mcp.cli.error.connect_timeout', { target: url, seconds });
    return t.t('mcp.cli.error.no_answer', { url, reason: code ?? clean(rootMessage(error), 200) });
  }
  const command = commandText(target);
  if (code === 'ENOENT') return t.t('mcp.cli.error.not_found', { command });
  if (code === 'EACCES' || code === 'ENOTDIR' || code === 'EISDIR')
    return t.t('mcp.cli.error.spawn_failed', { command, reason: code });
  if (closed) {
    const output = lastLine === undefined ? undefined : clean(lastLine, 300);
    return output
      ? t.t('mcp.cli.error.exited_output', { command, output })
      : t.t('mcp.cli.error.exited', { command });
  }
  if (/timed out/i.test(reason))
    return t.t('mcp.cli.error.connect_timeout', { target: command, seconds });
  return t.t('mcp.cli.error.spawn_failed', { command, reason });
}

/** The innermost cause's message ("fetch failed" says less than its cause, "bad port"). */
function rootMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (current instanceof Error && current.message) message = current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/** `ENOENT`, `ECONNREFUSED`, …: from the error or its cause (fetch wraps it). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
