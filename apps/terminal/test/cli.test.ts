/**
 * The command line around the calls: `--help` and where the store lives, clear failures
 * when the server does not start or answer, usage errors, `--reset`, Ctrl+C.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { cursorVisible, demoCommand, inPty, literal, piped, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const home = tempDir();
afterAll(() => home.cleanup());

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('--help', () => {
  it('shows the store path under the config directory, and the defaults of user and workspace', async () => {
    const run = await piped(['--help'], home.dir);
    expect(run.code).toBe(0);
    const dir = join(home.dir, 'mcp-consent');
    expect(run.stdout).toContain(
      en.t('mcp.cli.help.file.grants', { path: join(dir, 'grants.json') }),
    );
    expect(run.stdout).toContain(
      en.t('mcp.cli.help.file.audit', { path: join(dir, 'audit.jsonl') }),
    );
    // The user's policy file lives beside them, under XDG_CONFIG_HOME.
    expect(run.stdout).toContain(
      en.t('mcp.cli.help.file.policy', { path: join(dir, 'policy.json') }),
    );
    // The workspace is a fixed name until one is set (never the current directory).
    expect(run.stdout).toMatch(
      new RegExp(
        `--workspace <id> +${literal(en.t('mcp.cli.help.opt.workspace', { workspace: 'default', source: 'default', path: join(dir, 'config.json') }))}$`,
        'm',
      ),
    );
    expect(run.stdout).toContain(
      en.t('mcp.cli.help.file.config', { path: join(dir, 'config.json') }),
    );
    for (const flag of [
      '--url',
      '--store',
      '--user',
      '--server-id',
      '--trusted',
      '--reset',
      '--yes',
      '--json',
      '--policy',
      '--managed-policy',
      '--mode',
      'grants revoke',
      'rules',
    ])
      expect(run.stdout).toContain(flag);
  });

  it('shows the path --store chose', async () => {
    const run = await piped(['--help', '--store', join(home.dir, 'elsewhere')], home.dir);
    expect(run.stdout).toContain(join(home.dir, 'elsewhere', 'grants.json'));
  });
});

describe('a server that does not start or answer: one clear line on stderr, exit 2', () => {
  it('a command that does not exist', async () => {
    const run = await piped(['--', '/nonexistent/mcp-server', '--flag'], home.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `${en.t('mcp.cli.error.not_found', { command: '/nonexistent/mcp-server --flag' })}\n`,
    );
    expect(run.stdout).toBe('');
  });

  it('a command that exits at once, quoting its last line of stderr', async () => {
    const script = "console.error('config file missing'); process.exit(3)";
    const run = await piped(['call', 'x', '--', process.execPath, '-e', script], home.dir);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(
      en.t('mcp.cli.error.exited_output', {
        command: `${process.execPath} -e ${script}`,
        output: 'config file missing',
      }),
    );
  });

  it('a URL that does not answer', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    const run = await piped(['--url', url], home.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `${en.t('mcp.cli.error.no_answer', { url, reason: 'ECONNREFUSED' })}\n`,
    );
  });
});

describe('usage errors (exit 2)', () => {
  it.each([
    [[], en.t('mcp.cli.error.no_server')],
    [['--bogus'], en.t('mcp.cli.error.unknown_option', { option: '--bogus' })],
    [['--store'], en.t('mcp.cli.error.option_value', { option: '--store' })],
    [['frobnicate'], en.t('mcp.cli.error.unknown_command', { command: 'frobnicate' })],
    [['--url', 'ftp://example.com'], en.t('mcp.cli.error.bad_url', { url: 'ftp://example.com' })],
    [['--url', 'http://x', '--', 'node'], en.t('mcp.cli.error.two_servers')],
  ])('%j', async (args, message) => {
    const run = await piped(args, home.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${message} ${en.t('mcp.cli.error.see_help')}\n`);
  });
});

describe('--reset and the grants listing', () => {
  const store = tempDir();
  afterAll(() => store.cleanup());
  const opts = ['--store', store.dir, '--name', 'Demo'];

  it('clears the saved permissions after a confirmation, or with --yes', async () => {
    // Two saved answers first (Deny always needs no server work).
    for (const tool of ['notes_delete', 'legacy_tool']) {
      const run = await inPty(
        ['call', tool, '{}', ...opts, '--', ...demoCommand()],
        [{ expect: literal(en.t('mcp.permission.keys.hint')) }, { send: '4' }],
        { configHome: store.dir },
      );
      expect(run.exitCode).toBe(1);
    }
    expect((await piped(['grants', '--json', ...opts], store.dir)).stdout).toContain('legacy_tool');

    // Without a terminal nothing is cleared unless --yes says so.
    const refused = await piped(['--reset', ...opts], store.dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(en.t('mcp.cli.error.reset_needs_yes'));

    // On a terminal it asks; "n" keeps them.
    const question = literal(en.t('mcp.grants.confirm.revoke_all', { count: 2 }));
    const kept = await inPty(['--reset', ...opts], [{ expect: question }, { send: 'n\r' }], {
      configHome: store.dir,
    });
    expect(kept.exitCode).toBe(0);
    expect(kept.text).toContain(en.t('mcp.cli.reset.kept'));
    const cleared = await inPty(['--reset', ...opts], [{ expect: question }, { send: 'y\r' }], {
      configHome: store.dir,
    });
    expect(cleared.text).toContain(en.t('mcp.grants.revoked_all', { count: 2 }));

    const listed = await piped(['grants', ...opts], store.dir);
    expect(listed.stdout).toContain(en.t('mcp.grants.empty'));
    const again = await piped(['--reset', '--yes', ...opts], store.dir);
    expect(again.stdout.trim()).toBe(en.t('mcp.grants.count', { count: 0 }));
  }, 400_000);
});

describe('Ctrl+C', () => {
  it('on a prompt: the terminal is given back and the CLI exits 130', async () => {
    const store = tempDir();
    const run = await inPty(
      ['call', 'notes_put', '{"id":"x","text":"y"}', '--store', store.dir, '--', ...demoCommand()],
      [{ expect: literal(en.t('mcp.permission.keys.hint')) }, { send: '\u0003' }],
      { configHome: store.dir },
    );
    // The history says the user cancelled it, not that nobody could be asked.
    const audit = await piped(['audit', '--json', '--limit', '1', '--store', store.dir], store.dir);
    expect(JSON.parse(audit.stdout)).toMatchObject([
      { tool_name: 'notes_put', decision: 'DENY_ONCE', origin: 'cancelled' },
    ]);
    store.cleanup();
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(130);
    expect(run.canonical && run.echo).toBe(true);
    expect(cursorVisible(run.raw)).toBe(true);
  });

  it('at the tool question: exits 130 with the terminal as it was', async () => {
    const store = tempDir();
    const run = await inPty(
      ['--store', store.dir, '--', ...demoCommand()],
      [{ expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) }, { send: '\u0003' }],
      { configHome: store.dir },
    );
    store.cleanup();
    expect(run.exitCode).toBe(130);
    expect(run.canonical && run.echo).toBe(true);
  });
});
