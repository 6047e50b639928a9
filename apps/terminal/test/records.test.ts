/**
 * `grants` and `audit` as a user reads them (issue 19), the real CLI against real servers:
 * the Server column shows the `--name` given (or a short id) with a legend of full ids, the
 * tables fit 80 columns in every locale, grants are filed under a named workspace (the same
 * from any directory), `config workspace` moves it, and a broken config.json stops with exit
 * 2 before anything is asked or written.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { defaultUser, serverIdFor } from '../src/config.js';
import { shortServerId } from '../src/servers.js';
import { DEFAULT_WORKSPACE } from '../src/settings.js';
import {
  demoCommand,
  everythingServer,
  inPty,
  literal,
  piped,
  tempDir,
  type PtyRun,
} from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const READY = literal(en.t('mcp.permission.keys.hint'));
const answer = (key: string) => [{ expect: READY }, { send: key }];
const widest = (text: string) => Math.max(...text.split('\n').map((line) => stringWidth(line)));

const demo = demoCommand();
const DEMO_ID = serverIdFor({ kind: 'stdio', command: demo[0]!, args: demo.slice(1), env: {} });
const EVERYTHING_ID = serverIdFor({
  kind: 'stdio',
  command: everythingServer[1]!,
  args: everythingServer.slice(2),
  env: {},
});

describe('grants and audit name their servers and fit 80 columns', () => {
  const home = tempDir();
  const store = ['--store', home.dir];
  // Two working directories: grants must not depend on where the command runs.
  const here = join(home.dir, 'project-a');
  const there = join(home.dir, 'project-b');
  afterAll(() => home.cleanup());

  beforeAll(async () => {
    mkdirSync(here);
    mkdirSync(there);
    // Allow always for the demo server, named; Deny always for server-everything, unnamed.
    const named = await inPty(
      ['call', 'demo_state', '{}', ...store, '--name', 'Demo notes', '--', ...demo],
      answer('2'),
      { configHome: home.dir, cwd: here },
    );
    expect(named.error).toBeNull();
    expect(named.exitCode).toBe(0);
    const unnamed = await inPty(
      ['call', 'get-structured-content', '{}', ...store, ...everythingServer],
      answer('4'),
      { configHome: home.dir, cwd: here },
    );
    expect(unnamed.error).toBeNull();
    expect(unnamed.exitCode).toBe(1);
  }, 240_000);

  it('a run from another directory, without --workspace, uses the same grant (no prompt)', async () => {
    // No terminal at all: only the saved Allow always can let this call run.
    const run = await piped(['call', 'demo_state', '{}', ...store, '--', ...demo], home.dir, {
      cwd: there,
    });
    expect(run.stderr).not.toContain(en.t('mcp.error.no_prompt'));
    expect(run.code).toBe(0);
    const listed = await piped(['grants', ...store], home.dir, { cwd: there });
    expect(listed.stdout).toContain(
      en.t('mcp.cli.scope', { user: defaultUser(), workspace: DEFAULT_WORKSPACE }),
    );
    expect(listed.stdout).toContain(en.t('mcp.grants.count', { count: 2 }));
  });

  it('the Server column has the --name or a short id; the legend maps them to full ids', async () => {
    // Redirected: one line per row and per legend entry, for grep.
    const listed = await piped(['grants', ...store], home.dir);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split('\n');
    const row = (tool: string) => lines.find((line) => line.includes(` ${tool} `))!;
    expect(row('demo_state')).toMatch(/^[0-9a-f]{8} +demo_state +Demo notes +Allowed always/);
    const shortId = shortServerId(EVERYTHING_ID);
    expect(row('get-structured-content')).toMatch(
      new RegExp(`^[0-9a-f]{8} +get-structured-content +${shortId} +Denied always`),
    );
    // The full ids are not in the table, only in the legend below it.
    const legend = lines.slice(lines.indexOf(en.t('mcp.cli.servers.legend')) + 1);
    expect(legend).toContain(`  ${'Demo notes'.padEnd(shortId.length)}  ${DEMO_ID}`);
    expect(legend).toContain(`  ${shortId}  ${EVERYTHING_ID}`);
    expect(lines.filter((line) => line.includes(DEMO_ID))).toHaveLength(1);

    const audit = await piped(['audit', ...store], home.dir);
    expect(audit.stdout).toMatch(/demo_state +Demo notes +Allowed always/);
    expect(audit.stdout).toMatch(new RegExp(`get-structured-content +${shortId} +Denied always`));
    expect(audit.stdout).toContain(`  ${shortId}  ${EVERYTHING_ID}`);
  });

  it('--server-id takes the name or the short id; --json keeps the full ids and adds the name', async () => {
    const byName = await piped(['grants', ...store, '--server-id', 'Demo notes'], home.dir);
    expect(byName.stdout).toContain('demo_state');
    expect(byName.stdout).not.toContain('get-structured-content');
    const byShortId = await piped(
      ['audit', ...store, '--server-id', shortServerId(EVERYTHING_ID)],
      home.dir,
    );
    expect(byShortId.stdout).toContain('get-structured-content');
    expect(byShortId.stdout).not.toContain('demo_state');
    const json = JSON.parse((await piped(['grants', '--json', ...store], home.dir)).stdout) as {
      toolName: string;
      serverId: string;
      serverName?: string;
    }[];
    const named = json.find((grant) => grant.toolName === 'demo_state')!;
    expect(named).toMatchObject({ serverId: DEMO_ID, serverName: 'Demo notes' });
    const unnamed = json.find((grant) => grant.toolName === 'get-structured-content')!;
    expect(unnamed.serverId).toBe(EVERYTHING_ID);
    expect(unnamed.serverName).toBeUndefined();
  });

  it('a terminal too narrow for the tables (40 columns): each row stacked, still within the width', async () => {
    const options = { configHome: home.dir, cols: 40, rows: 24 };
    for (const command of ['grants', 'audit']) {
      const run = await inPty([command, ...store], [], options);
      expect(run.exitCode, command).toBe(0);
      expect(widest(run.text), `${command}:\n${run.text}`).toBeLessThanOrEqual(40);
      expect(run.text).toContain('demo_state');
      expect(run.text).toContain('Demo notes');
      expect(run.text).toContain(`  ${shortServerId(EVERYTHING_ID)}  `);
    }
  });

  const locales: [string, string][] = [
    ['en-US', 'en_US.UTF-8'],
    ['pt-BR', 'pt_BR.UTF-8'],
    ['de-DE', 'de_DE.UTF-8'],
    ['es-ES', 'es_ES.UTF-8'],
    ['ja-JP', 'ja_JP.UTF-8'],
    ['ar', 'ar.UTF-8'],
  ];
  for (const [locale, lang] of locales) {
    it(`${locale}: on an 80-column terminal no line of grants or audit is wider, names and legend shown`, async () => {
      const t = createAppTranslator(locale, { isolateValues: false });
      const options = { configHome: home.dir, cols: 80, rows: 24, env: { LANG: lang } };
      const runs: [string, PtyRun][] = [
        ['grants', await inPty(['grants', ...store], [], options)],
        ['audit', await inPty(['audit', ...store], [], options)],
      ];
      for (const [command, run] of runs) {
        expect(run.error, command).toBeNull();
        expect(run.exitCode, command).toBe(0);
        expect(widest(run.text), `${command}:\n${run.text}`).toBeLessThanOrEqual(80);
        expect(run.text).toContain('Demo notes');
        expect(run.text).toContain(shortServerId(EVERYTHING_ID));
        expect(run.text).toContain(t.t('mcp.cli.servers.legend'));
        if (['en-US', 'pt-BR', 'de-DE'].includes(locale)) {
          // A table (its header row has the Tool and Server columns), not the stacked fallback.
          const column = (key: 'tool' | 'server') =>
            t.t(`mcp.${command === 'grants' ? 'grants' : 'audit'}.column.${key}`);
          expect(
            run.text
              .split('\n')
              .some((line) => line.includes(column('tool')) && line.includes(column('server'))),
            run.text,
          ).toBe(true);
        }
      }
    });
  }
});

describe('the workspace is a named setting, not the current directory', () => {
  const home = tempDir();
  const store = ['--store', home.dir];
  const settings = join(home.dir, 'mcp-consent', 'config.json');
  const grantsFile = join(home.dir, 'grants.json');
  afterAll(() => home.cleanup());

  it('config workspace X files the next grant under X; --workspace still picks another', async () => {
    const set = await piped(['config', 'workspace', 'personal'], home.dir);
    expect(set.code).toBe(0);
    expect(set.stdout.trim()).toBe(
      en.t('mcp.cli.config.saved', { workspace: 'personal', path: settings }),
    );
    const shown = await piped(['config', 'workspace'], home.dir);
    expect(shown.stdout.trim()).toBe(
      en.t('mcp.cli.workspace.now', { workspace: 'personal', source: 'config', path: settings }),
    );
    const help = await piped(['--help'], home.dir);
    expect(help.stdout).toContain(
      en.t('mcp.cli.help.opt.workspace', {
        workspace: 'personal',
        source: 'config',
        path: settings,
      }),
    );

    const run = await inPty(
      ['call', 'notes_delete', '{"id":"a"}', ...store, '--name', 'Demo', '--', ...demo],
      answer('4'),
      { configHome: home.dir },
    );
    expect(run.exitCode).toBe(1);
    const all = JSON.parse((await piped(['grants', '--all', '--json', ...store], home.dir)).stdout);
    expect(all).toMatchObject([{ toolName: 'notes_delete', workspaceId: 'personal' }]);
    const listed = await piped(['grants', ...store], home.dir);
    expect(listed.stdout).toContain('personal');
    expect(listed.stdout).toContain('notes_delete');
    // The default workspace has none, and says where they are.
    const other = await piped(['grants', ...store, '--workspace', 'default'], home.dir);
    expect(other.stdout).toContain(en.t('mcp.grants.empty'));
    expect(other.stdout).toContain(en.t('mcp.cli.grants.elsewhere', { count: 1 }));
  }, 120_000);

  it('a broken config.json: exit 2 with what is wrong, nothing asked, the grant file untouched', async () => {
    const broken = '{ "workspace": "personal", }';
    writeFileSync(settings, broken);
    const before = readFileSync(grantsFile, 'utf8');
    const modified = statSync(grantsFile).mtimeMs;
    const message = en.t('mcp.cli.error.config', {
      path: settings,
      problem: en.t('mcp.cli.config.problem.json'),
    });

    // On a terminal, where a prompt could have been answered: no prompt, exit 2.
    const call = await inPty(['call', 'notes_delete', '{"id":"b"}', ...store, '--', ...demo], [], {
      configHome: home.dir,
    });
    expect(call.exitCode).toBe(2);
    // Wrapped to the terminal's width: compared without the line breaks and indents.
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    expect(squeeze(call.text)).toContain(squeeze(message));
    expect(call.text).not.toContain(en.t('mcp.permission.keys.hint'));
    for (const args of [['grants'], ['audit'], ['--reset', '--yes']]) {
      const run = await piped([...args, ...store], home.dir);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toBe(`${message}\n`);
      expect(run.stdout).toBe('');
    }
    // Setting the workspace does not overwrite the file either.
    const set = await piped(['config', 'workspace', 'other'], home.dir);
    expect(set.code).toBe(2);
    expect(readFileSync(settings, 'utf8')).toBe(broken);
    expect(readFileSync(grantsFile, 'utf8')).toBe(before);
    expect(statSync(grantsFile).mtimeMs).toBe(modified);

    // --workspace needs no setting; --help still helps, and says the file cannot be used.
    const named = await piped(['grants', ...store, '--workspace', 'personal'], home.dir);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('notes_delete');
    const help = await piped(['--help'], home.dir);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      en.t('mcp.cli.help.opt.workspace', { workspace: '', source: 'broken', path: settings }),
    );
  }, 120_000);
});

describe('a grants file the store moved aside as corrupt', () => {
  it('grants names the moved file on the run that moves it and on every later run, and still lists', async () => {
    const home = tempDir();
    try {
      const grants = join(home.dir, 'grants.json');
      writeFileSync(grants, '{ "version": 1, "grants": [ not json');
      const store = ['--store', home.dir];
      const first = await piped(['grants', ...store], home.dir);
      const moved = readdirSync(home.dir).filter((name) => name.startsWith('grants.json.corrupt-'));
      expect(moved).toHaveLength(1);
      const line = en.t('mcp.cli.grants.corrupt_moved', {
        path: join(home.dir, moved[0]!),
        file: grants,
      });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`${line}\n${en.t('mcp.grants.empty')}`);
      // The corrupt data is still there, under the name the line gives.
      expect(readFileSync(join(home.dir, moved[0]!), 'utf8')).toBe(
        '{ "version": 1, "grants": [ not json',
      );

      const later = await piped(['grants', ...store], home.dir);
      expect(later.code).toBe(0);
      expect(later.stdout).toContain(line);
      // --json: stdout stays JSON, the line goes to stderr.
      const json = await piped(['grants', '--json', ...store], home.dir);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toEqual([]);
      expect(json.stderr).toBe(`${line}\n`);
    } finally {
      home.cleanup();
    }
  }, 120_000);
});
