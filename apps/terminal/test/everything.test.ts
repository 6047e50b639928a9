/**
 * The terminal host against the real `@modelcontextprotocol/server-everything` (stdio), with
 * pipes: `--timeout`, progress on stderr (never in stdout's result), the server's log lines on
 * stderr, sanitized, and the -32042 URL-required path.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { startEverythingHttp } from '../../../packages/mcp/test/everything.js';
import { inPty, literal, piped, tempDir, type Step, everythingServer } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const everything = everythingServer;
const home = tempDir();
// Nobody is at a terminal here: a user policy file allows the tools these tests call.
const policy = join(home.dir, 'allow.json');
writeFileSync(
  policy,
  JSON.stringify({
    version: 1,
    rules: [
      'echo',
      'trigger-long-running-operation',
      'toggle-simulated-logging',
      'trigger-url-elicitation',
    ].map((tool) => ({ effect: 'allow', tool })),
  }),
);
const opts = ['--store', home.dir, '--policy', policy];
afterAll(() => home.cleanup());

const LONG = 'trigger-long-running-operation';

describe('server-everything through mcp-consent call', () => {
  it('--timeout 1 lets a 1.5 s call with progress finish; progress goes to stderr only', async () => {
    // A report every 250 ms: one may come 750 ms late on a loaded machine and the call still lives.
    const run = await piped(
      ['call', LONG, '{"duration":1.5,"steps":6}', '--timeout', '1', ...opts, ...everything],
      home.dir,
    );
    expect(run.stderr).not.toContain('timed out');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Long running operation completed. Duration: 1.5 seconds, Steps: 6.\n');
    // Redirected: one line per report (the last one may be dropped by SDK 1.x, see the mcp tests).
    for (const progress of ['1', '2', '3', '4', '5'])
      expect(run.stderr).toContain(
        `${en.t('mcp.cli.progress.total', { tool: LONG, progress, total: '6' })}\n`,
      );
  });

  it('--timeout is a budget: a call with no progress for longer is stopped, and says how to wait longer', async () => {
    const run = await piped(
      ['call', LONG, '{"duration":1.5,"steps":1}', '--timeout', '0.5', ...opts, ...everything],
      home.dir,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    // Not the SDK's "MCP error -32001: Request timed out": what happened and what to do.
    expect(run.stderr).toContain(
      `${en.t('mcp.cli.error.call_timeout', { tool: LONG, seconds: 0.5 })}\n`,
    );
    expect(run.stderr).toContain('0.5 seconds without news from the server');
    expect(run.stderr).not.toContain('-32001');
  });

  it('prints the server’s log lines on stderr, sanitized', async () => {
    const run = await piped(
      ['call', 'toggle-simulated-logging', '{}', ...opts, ...everything],
      home.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^Server log \((debug|info|notice|warning|error|critical|alert|emergency)\): /m,
    );
    expect(run.stdout).not.toContain('Server log');
  });

  it('-32042 without anyone to consent: the URL is not opened, the call says why, the prefix once', async () => {
    const run = await piped(
      [
        'call',
        'trigger-url-elicitation',
        '{"url":"https://example.com/x","errorPath":true}',
        ...opts,
        ...everything,
      ],
      home.dir,
    );
    expect(run.code).toBe(1);
    const all = run.stdout + run.stderr;
    expect(all).not.toContain(
      en.t('mcp.cli.open_url', { url: 'https://modelcontextprotocol.io/' }),
    );
    expect(all).toContain('did not complete');
    expect(all).not.toMatch(/MCP error -32042: MCP error -32042/);
  });

  it('over Streamable HTTP, ends its session on the server when it quits (DELETE)', async () => {
    const http = await startEverythingHttp();
    try {
      const run = await piped(
        ['call', 'echo', '{"message":"hi"}', ...opts, '--url', http.url.href],
        home.dir,
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('Echo: hi\n');
      expect(http.log()).toMatch(/Received session termination request for session [0-9a-f-]{36}/);
    } finally {
      http.child.kill('SIGTERM');
    }
  });

  it('-32042 in a terminal: the link is offered, shown only after Open link, and the call is retried once the user presses Enter', async () => {
    // Decline has the pointer; Open link is the last action.
    const openLink: Step[] = [
      { expect: literal(en.t('mcp.elicitation.keys.hint')) },
      { send: '\u001B[B' },
      { expect: `› 3\\. (?:\\x1b\\[[0-9;]*m)*${literal(en.t('mcp.elicitation.action.open'))}` },
      { send: '\r' },
    ];
    const run = await inPty(
      [
        'call',
        'trigger-url-elicitation',
        '{"url":"https://example.com/x","errorPath":true}',
        ...opts,
        ...everything,
      ],
      [
        { expect: literal('modelcontextprotocol.io') },
        ...openLink,
        { expect: literal(en.t('mcp.cli.open_url', { url: 'https://modelcontextprotocol.io/' })) },
        { expect: literal(en.t('mcp.cli.url_done').trim()) },
        { send: '\r' },
        // The retry, not asked about again: the tool's own URL elicitation (request path).
        { expect: literal('example.com') },
        ...openLink,
      ],
      { configHome: home.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).toContain('User completed the URL elicitation flow.');
    expect(run.text).not.toContain('did not complete');
  });
});
