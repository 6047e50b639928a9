/**
 * Against the real server-everything: the 2025-11-25 "URL elicitation required" error (-32042)
 * goes through the URL consent and is retried once; the server's log lines reach the host
 * sanitized; a Streamable HTTP session is terminated on close.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ElicitAnswer, ElicitationRequest, LogEvent, UrlDoneRequest } from '../src/index.js';
import { closeGuarded, logEvent, URL_REQUIRED_META_KEY } from '../src/index.js';
import { everything, type Everything, type EverythingTransport } from './everything.js';
import { textOf } from './harness.js';

let server: Everything | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The tool's error path: the first call fails with -32042 naming a prerequisite URL. */
const errorPath = (url: string) => ({
  name: 'trigger-url-elicitation',
  arguments: { url, errorPath: true, elicitationId: `id-${url}` },
});
const PREREQUISITE = 'https://modelcontextprotocol.io/';

describe.each<EverythingTransport>(['stdio', 'http'])('-32042 over %s', (kind) => {
  test('each URL goes through the URL consent, opened only after it; "done" retries once, not re-asked', async () => {
    const asked: ElicitationRequest[] = [];
    const opened: string[] = [];
    const done: UrlDoneRequest[] = [];
    server = await everything(kind, {
      elicit: (request): ElicitAnswer => {
        asked.push(request);
        expect(opened).toEqual(asked.slice(0, -1).map((r) => r.url?.href)); // not opened yet
        return { action: 'accept' };
      },
      openUrl: (url) => void opened.push(url),
      urlDone: (request) => {
        done.push(request);
        return true;
      },
    });
    server.human.script('allow_once');
    const call = errorPath('https://example.com/authorize');
    const result = await server.guarded.callTool(call);

    // The -32042 prerequisite, then (on the retry) the tool's own elicitation/create.
    expect(asked.map((r) => [r.mode, r.url?.host, r.params.mode])).toEqual([
      ['url', 'modelcontextprotocol.io', 'url'],
      ['url', 'example.com', 'url'],
    ]);
    expect(asked[0]!.url?.href).toBe(PREREQUISITE);
    expect(asked[0]!.message).toBe(
      'Open this link to satisfy the prerequisite, then retry the request.',
    );
    expect(asked[0]!.origin).toEqual({ tool: 'trigger-url-elicitation', destructive: false });
    expect(opened).toEqual([PREREQUISITE, 'https://example.com/authorize']);
    expect(done).toEqual([expect.objectContaining({ tool: call.name, urls: [PREREQUISITE] })]);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('User completed the URL elicitation flow.');
    expect(server.human.requests).toHaveLength(1); // the retry was not asked about
  });

  test('declined: nothing is opened, the call ends with an error result that says so', async () => {
    const opened: string[] = [];
    server = await everything(kind, {
      elicit: () => ({ action: 'decline' }),
      openUrl: (url) => void opened.push(url),
      urlDone: () => {
        throw new Error('never asked: the user declined');
      },
    });
    server.human.script('allow_once');
    const result = await server.guarded.callTool(errorPath('https://example.com/declined'));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'trigger-url-elicitation did not complete: the user declined opening the link the server asked for. Do not retry it unless the user asks you to.',
    );
    expect(result._meta?.[URL_REQUIRED_META_KEY]).toEqual({ outcome: 'declined' });
    expect(opened).toEqual([]);
    expect(server.events).toContainEqual(
      expect.objectContaining({ type: 'elicitation', mode: 'url', action: 'decline' }),
    );
  });

  test('not done: the URL was opened, but the call is not retried', async () => {
    server = await everything(kind, {
      elicit: () => ({ action: 'accept' }),
      openUrl: () => undefined,
      urlDone: () => false,
    });
    server.human.script('allow_once');
    const result = await server.guarded.callTool(errorPath('https://example.com/not-done'));
    expect(result._meta?.[URL_REQUIRED_META_KEY]).toEqual({ outcome: 'not_done' });
  });

  test('a denied call never reaches the error path: no URL is offered', async () => {
    const asked: ElicitationRequest[] = [];
    server = await everything(kind, {
      elicit: (request) => {
        asked.push(request);
        return { action: 'accept' };
      },
    });
    server.human.script('deny_once');
    const result = await server.guarded.callTool(errorPath('https://example.com/denied'));
    expect(result.isError).toBe(true);
    expect(asked).toEqual([]);
  });
});

describe.each<EverythingTransport>(['stdio', 'http'])('logging over %s', (kind) => {
  test('notifications/message reach onLog as sanitized text', async () => {
    let first: (event: LogEvent) => void = () => undefined;
    const logged = new Promise<LogEvent>((resolve) => (first = resolve));
    server = await everything(kind, { onLog: (event) => first(event) });
    server.human.script('allow_once');
    // The tool starts simulated logging and sends one line at once.
    await server.guarded.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    const event = await logged;
    expect(event.serverId).toBe('everything');
    // A random level; the server's own text ("Alert level-message" is its spelling).
    expect(event.message).toMatch(/^[A-Z][a-z]+[- ]level[- ]message/);
    expect(event.message.toLowerCase()).toContain(event.level);
  });
});

test('a log line is made safe to show: escapes, bidi and length; non-strings as JSON', () => {
  const hostile = logEvent('s', {
    level: 'error',
    logger: 'db\u001B[2J',
    data: `ok\u001B]8;;https://evil.example\u0007click\u202Edone${'x'.repeat(5000)}`,
  });
  expect(hostile.message).not.toMatch(/[\u001B\u0007\u202E]/); // eslint-disable-line no-control-regex
  expect(hostile.message.length).toBeLessThanOrEqual(2001);
  expect(hostile.logger).not.toContain('\u001B');
  expect(logEvent('s', { level: 'info', data: { rows: 3 } }).message).toBe('{"rows":3}');
  expect(logEvent('s', { level: 'bogus' as 'info', data: 'x' }).level).toBe('info');
});

test('closeGuarded terminates the Streamable HTTP session: the server forgets it', async () => {
  server = await everything('http');
  const transport = server.raw.transport as { sessionId?: string };
  const sessionId = transport.sessionId!;
  expect(sessionId).toBeTruthy();
  const ping = () =>
    fetch(server!.url!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'ping' }),
    });
  expect((await ping()).status).toBe(200); // the session is alive
  await closeGuarded(server.guarded);
  expect(server.serverLog()).toContain(
    `Received session termination request for session ${sessionId}`,
  );
  const after = await ping();
  expect(after.status).toBe(400); // "No valid session ID provided"
});

test('a plain close() leaves the session on the server (what closeGuarded fixes)', async () => {
  server = await everything('http');
  const sessionId = (server.raw.transport as { sessionId?: string }).sessionId!;
  await server.guarded.close();
  expect(server.serverLog()).not.toContain(`termination request for session ${sessionId}`);
  const response = await fetch(server.url!, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  expect(response.status).toBe(200);
});
