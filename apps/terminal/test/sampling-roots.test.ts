/**
 * `--sampling-command` and `--root` (issue 18) in a real pseudo-terminal against the real
 * `@modelcontextprotocol/server-everything` (stdio): the user answers the sampling steps and
 * picks the roots, and the tool's own output shows what the server got.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { inPty, literal, markerModel, tempDir, everythingServer } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const everything = everythingServer;
const home = tempDir();
afterAll(() => home.cleanup());
// The tool calls themselves are allowed by policy: these tests are about what the server asks.
const policy = join(home.dir, 'allow.json');
writeFileSync(
  policy,
  JSON.stringify({
    version: 1,
    rules: ['trigger-sampling-request', 'get-roots-list'].map((tool) => ({
      effect: 'allow',
      tool,
    })),
  }),
);

const samplingCommand = (marker: string) => markerModel(home.dir, marker);

const REQUEST_KEYS = literal(en.t('mcp.sampling.keys.request'));
const RESPONSE_KEYS = literal(en.t('mcp.sampling.keys.response'));

describe('--sampling-command with server-everything’s trigger-sampling-request', () => {
  const call = (marker: string) => [
    'call',
    'trigger-sampling-request',
    '{"prompt":"hello there","maxTokens":20}',
    '--store',
    home.dir,
    '--policy',
    policy,
    '--sampling-command',
    samplingCommand(marker),
    ...everything,
  ];

  it('approve, then send: the command ran on the approved request and the tool got its reply', async () => {
    const marker = join(home.dir, 'approved.json');
    const run = await inPty(
      call(marker),
      [
        { expect: literal(en.t('mcp.sampling.title.request')) },
        { expect: REQUEST_KEYS },
        { send: '1' },
        { expect: literal(en.t('mcp.sampling.title.response')) },
        { expect: literal('Model says: RESOURCE TRIGGER-SAMPLING-REQUEST CONTEXT: HELLO THERE') },
        { expect: RESPONSE_KEYS },
        { send: '1' },
      ],
      { configHome: home.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).toContain('LLM sampling result:');
    expect(run.text).toMatch(/"model": "marker-model"/);
    expect(run.text).toMatch(
      /"text": "Model says: RESOURCE TRIGGER-SAMPLING-REQUEST CONTEXT: HELLO THERE"/,
    );
    // The command got exactly the server's request (the user did not edit it).
    const seen = JSON.parse(readFileSync(marker, 'utf8')) as { systemPrompt: string };
    expect(seen.systemPrompt).toBe('You are a helpful test server.');
  });

  it('deny: the tool shows the rejection and the command never ran', async () => {
    const marker = join(home.dir, 'denied.json');
    const run = await inPty(
      call(marker),
      [
        { expect: literal(en.t('mcp.sampling.title.request')) },
        { expect: REQUEST_KEYS },
        { send: '3' },
      ],
      { configHome: home.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(1);
    expect(run.text).toContain('User rejected sampling request');
    expect(run.text).not.toContain(en.t('mcp.sampling.title.response'));
    expect(existsSync(marker)).toBe(false);
  });
});

describe('--root with server-everything’s get-roots-list', () => {
  const alpha = join(home.dir, 'roots', 'alpha');
  const beta = join(home.dir, 'roots', 'beta');
  mkdirSync(alpha, { recursive: true });
  mkdirSync(beta, { recursive: true });
  const call = [
    'call',
    'get-roots-list',
    '{}',
    '--store',
    home.dir,
    '--policy',
    policy,
    '--root',
    alpha,
    '--root',
    beta,
    ...everything,
  ];
  const DOWN = '\u001B[B';

  it('two roots offered, one picked: the tool lists only that one; a restart reuses the choice without asking', async () => {
    const first = await inPty(
      call,
      [
        { expect: literal(en.t('mcp.roots.title')) },
        { expect: literal(en.t('mcp.roots.keys.hint')) },
        // Tick beta (the last root), then down through the two grains to Share selected.
        { send: '2' },
        { expect: literal(en.t('mcp.roots.count', { count: 1, total: 2 })) },
        { send: DOWN },
        { send: DOWN },
        { send: DOWN },
        { expect: `› (?:\\x1b\\[[0-9;]*m)*${literal(en.t('mcp.roots.action.share'))}` },
        { send: '\r' },
      ],
      { configHome: home.dir },
    );
    expect(first.error).toBeNull();
    expect(first.exitCode).toBe(0);
    expect(first.text).toMatch(/2 \[x\] beta/);
    expect(first.text).toContain('Current MCP Roots (1 total)');
    expect(first.text).toContain(`URI: ${pathToFileURL(beta).href}`);
    expect(first.text).not.toContain(`URI: ${pathToFileURL(alpha).href}`);
    // The choice is in the store, keyed by this user, workspace and server.
    expect(readFileSync(join(home.dir, 'roots.json'), 'utf8')).toContain(pathToFileURL(beta).href);

    const second = await inPty(call, [], { configHome: home.dir });
    expect(second.error).toBeNull();
    expect(second.exitCode).toBe(0);
    expect(second.text).not.toContain(en.t('mcp.roots.title'));
    expect(second.text).toContain('Current MCP Roots (1 total)');
    expect(second.text).toContain(`URI: ${pathToFileURL(beta).href}`);
    expect(second.text).not.toContain(`URI: ${pathToFileURL(alpha).href}`);
  });
});
