/**
 * `mcp-consent call <tool> '<json>' -- <server>`: one call for scripts. Exit 0 when the
 * tool ran without `isError`, 1 with the reason on stderr when it was denied or failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type DemoHttpServer } from '@mcp-consent/demo-server';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { demoCommand, inPty, literal, piped, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const PROMPT = literal(`4. ${en.t('mcp.permission.action.deny_always')}`);
const READY = literal(en.t('mcp.permission.keys.hint'));
const answered = (key: string) => [{ expect: PROMPT }, { expect: READY }, { send: key }];

const store = tempDir();
const opts = ['--store', store.dir, '--name', 'Demo'];
const demo = () => ['--', ...demoCommand()];
let http: DemoHttpServer;
beforeAll(async () => {
  http = await startHttpServer({ port: 0 });
});
afterAll(async () => {
  await http.close();
  store.cleanup();
});

describe('call mode in a pseudo-terminal', () => {
  it('asks, runs the tool on Allow once, prints its result and exits 0', async () => {
    const run = await inPty(
      ['call', 'notes_put', '{"id":"c1","text":"from a script"}', ...opts, ...demo()],
      answered('1'),
      { configHome: store.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).toContain('Saved note "c1".');
    expect(run.canonical && run.echo).toBe(true);
  });

  it('still draws the prompt when CI is set but a person is at the terminal', async () => {
    // Ink draws only its last frame when CI is set; the command clears it for a terminal.
    const run = await inPty(
      ['call', 'notes_put', '{"id":"c1ci","text":"from CI"}', ...opts, ...demo()],
      answered('1'),
      { configHome: store.dir, env: { CI: 'true' } },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).toContain('Saved note "c1ci".');
  });

  it('exits 1 with the reason when the user denies', async () => {
    const run = await inPty(
      ['call', 'notes_put', '{"id":"c2","text":"x"}', ...opts, ...demo()],
      answered('3'),
      {
        configHome: store.dir,
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.text).toContain(
      en.t('mcp.cli.denied.answer', {
        tool: 'notes_put',
        choice: en.t('mcp.permission.action.deny_once'),
      }),
    );
    expect(run.text).not.toContain('Saved note');
  });

  it('exits 1 with the tool’s own error when the call ran but failed', async () => {
    const run = await inPty(
      ['call', 'notes_delete', '{"id":"missing"}', ...opts, ...demo()],
      answered('1'),
      {
        configHome: store.dir,
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.text).toContain(en.t('mcp.cli.result.error', { tool: 'notes_delete' }));
    expect(run.text).toContain('No note "missing".');
  });

  it('answers the server’s elicitation on the same terminal (form confirmation, then the tool runs)', async () => {
    const run = await inPty(
      ['call', 'notes_delete', '{"id":"groceries"}', ...opts, ...demo()],
      [
        ...answered('1'),
        { expect: 'Proceed with deletion\\?' },
        { expect: literal(en.t('mcp.elicitation.keys.hint')) },
        { send: '\u001B[B' }, // from Say no (where the pointer starts) down to Confirm, the last
        {
          expect: `› 3\\. (?:\\x1b\\[[0-9;]*m)*${literal(en.t('mcp.elicitation.action.confirm'))}`,
        }, // styles between
        { send: '\r' },
      ],
      { configHome: store.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).toContain('✅ Deleted note "groceries".');
  });

  it('works the same over Streamable HTTP (--url), and Allow always lets scripts run unattended', async () => {
    const url = http.url.href;
    const run = await inPty(['call', 'demo_state', '{}', ...opts, '--url', url], answered('2'), {
      configHome: store.dir,
    });
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);

    // No terminal at all now: the saved grant answers, stdout is exactly the tool's JSON.
    const unattended = await piped(['call', 'demo_state', ...opts, '--url', url], store.dir);
    expect(unattended.code).toBe(0);
    const state = JSON.parse(unattended.stdout) as { calls: Record<string, number> };
    expect(state.calls).toEqual({});
    expect(unattended.stderr).toBe('');

    const json = await piped(
      ['call', 'demo_state', '{}', '--json', ...opts, '--url', url],
      store.dir,
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ content: [{ type: 'text' }] });
  }, 300_000);
});

describe('call mode without a terminal', () => {
  it('denies a call that needs an answer (nobody can give one): exit 1, reason on stderr, nothing on stdout', async () => {
    const run = await piped(
      ['call', 'notes_put', '{"id":"p","text":"x"}', ...opts, ...demo()],
      store.dir,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(en.t('mcp.error.no_prompt'));
  });

  it('--json prints the denial result for scripts', async () => {
    const run = await piped(
      ['call', 'notes_put', '{"id":"p"}', '--json', ...opts, ...demo()],
      store.dir,
    );
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { isError: boolean; _meta: Record<string, unknown> };
    expect(result.isError).toBe(true);
    expect(result._meta['mcp-consent/denial']).toMatchObject({ reason: 'not_approved' });
  });

  it('refuses arguments that are not a JSON object (usage error, exit 2)', async () => {
    const run = await piped(['call', 'notes_put', '[1]', ...opts, ...demo()], store.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(en.t('mcp.cli.error.call_args', { value: '[1]' }));
  });
});
