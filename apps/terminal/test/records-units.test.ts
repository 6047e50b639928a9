/**
 * The pure parts of the listings and the workspace setting (issue 19): tables that fit a
 * width, server names and short ids with their legend, `servers.json`, `config.json`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { parseCli, UsageError } from '../src/args.js';
import { fitTable } from '../src/columns.js';
import {
  readServerNames,
  recordServerName,
  resolveServer,
  serverLabels,
  shortServerId,
} from '../src/servers.js';
import {
  chooseWorkspace,
  DEFAULT_WORKSPACE,
  saveWorkspace,
  SettingsError,
} from '../src/settings.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const dir = mkdtempSync(join(tmpdir(), 'mcp-consent-records-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = (name: string) => join(dir, `${++files}-${name}`);
const widest = (lines: readonly string[]) => Math.max(...lines.map((line) => stringWidth(line)));

describe('fitTable', () => {
  const headers = ['Id', 'Tool', 'Server', 'Decision', 'Applies to', 'Expires'];
  const row = [
    '1a2b3c4d',
    'get-resource-reference',
    'srv-0badf00d',
    'Allowed always',
    'These arguments only',
    'expires in 42 minutes',
  ];

  it('keeps one line per row when the table fits', () => {
    const lines = fitTable(headers, [row], Infinity)!;
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      '1a2b3c4d  get-resource-reference  srv-0badf00d  Allowed always  These arguments only  expires in 42 minutes',
    );
  });

  it('wraps the widest text columns at spaces to fit 80 columns, the short id whole', () => {
    const lines = fitTable(headers, [row, row], 80, [0])!;
    expect(widest(lines)).toBeLessThanOrEqual(80);
    expect(lines.length).toBeGreaterThan(3);
    // The header stays on one line; each row starts with its id, the tool and server whole.
    expect(lines[0]).toMatch(/^Id +Tool +Server +Decision +Applies to +Expires$/);
    const starts = '1a2b3c4d  get-resource-reference  srv-0badf00d  ';
    expect(lines.filter((line) => line.startsWith(starts))).toHaveLength(2);
    // Every word is still there, in order, once the cells' lines are read top to bottom.
    const cellText = lines.slice(1).join(' ');
    for (const word of ['These', 'arguments', 'only', 'expires', '42', 'minutes'])
      expect(cellText).toContain(word);
  });

  it('wide (CJK) text counts two columns per character', () => {
    const lines = fitTable(['ツール', '判断'], [['ツール名前がとても長いです', '常に許可']], 20)!;
    expect(widest(lines)).toBeLessThanOrEqual(20);
  });

  it('gives up (undefined) when even broken words cannot fit', () => {
    expect(fitTable(headers, [row], 40, [0])).toBeUndefined();
  });
});

describe('server labels', () => {
  const a = 'stdio:node /srv/a.js';
  const b = 'https://example.com/mcp';

  it('short ids start with srv- and 8 hex digits, stable for an id', () => {
    expect(shortServerId(a)).toMatch(/^srv-[0-9a-f]{8}$/);
    expect(shortServerId(a)).toBe(shortServerId(a));
    expect(shortServerId(a)).not.toBe(shortServerId(b));
  });

  it('shows the name given, else the short id; the legend maps each to the full id', () => {
    const labels = serverLabels([a, b, a], new Map([[a, 'Files']]));
    expect(labels.label(a)).toBe('Files');
    expect(labels.label(b)).toBe(shortServerId(b));
    expect(labels.legend(Infinity)).toEqual([
      `  Files         ${a}`,
      `  ${shortServerId(b)}  ${b}`,
    ]);
  });

  it('a name two servers share is no label (short ids instead); names are cleaned', () => {
    const labels = serverLabels(
      [a, b],
      new Map([
        [a, 'Same'],
        [b, 'Same'],
      ]),
    );
    expect(labels.label(a)).toBe(shortServerId(a));
    expect(serverLabels([a], new Map([[a, 'Ev\u001B[31mil']])).label(a)).not.toContain('\u001B');
  });

  it('the legend wraps a long id under its label within the width', () => {
    const long = `stdio:node ${'/very/long/path'.repeat(10)}/server.js --flag value`;
    const lines = serverLabels([long], new Map()).legend(80);
    expect(lines.length).toBeGreaterThan(1);
    expect(widest(lines)).toBeLessThanOrEqual(80);
  });

  it('--server-id finds a server by id, short id or unique name', () => {
    const names = new Map([
      [a, 'Files'],
      ['x', 'Twice'],
      ['y', 'Twice'],
    ]);
    expect(resolveServer(a, [a, b], names)).toEqual({ id: a });
    expect(resolveServer(shortServerId(b), [a, b], names)).toEqual({ id: b });
    expect(resolveServer('Files', [a, b], names)).toEqual({ id: a });
    expect(resolveServer('Twice', [a, b], names)).toEqual({ ambiguous: ['x', 'y'] });
    expect(resolveServer('nothing', [a, b], names)).toEqual({ id: 'nothing' });
  });
});

describe('servers.json', () => {
  it('records names (the latest wins) and reads them back', async () => {
    const file = fresh('servers.json');
    expect(readServerNames(file).size).toBe(0);
    await recordServerName(file, 'stdio:a', 'First');
    await recordServerName(file, 'stdio:b', 'Other');
    await recordServerName(file, 'stdio:a', 'Files');
    expect([...readServerNames(file)]).toEqual([
      ['stdio:a', 'Files'],
      ['stdio:b', 'Other'],
    ]);
  });

  it('a malformed file is no names, and is kept aside before a new name is written', async () => {
    const file = fresh('servers.json');
    writeFileSync(file, '{ not json');
    expect(readServerNames(file).size).toBe(0);
    await recordServerName(file, 'stdio:a', 'Files');
    expect(readFileSync(`${file}.corrupt`, 'utf8')).toBe('{ not json');
    expect(readServerNames(file).get('stdio:a')).toBe('Files');
  });
});

describe('config.json and the workspace', () => {
  it('--workspace wins, then the file, then the fixed default (never the current directory)', () => {
    const file = fresh('config.json');
    expect(chooseWorkspace(undefined, file, en)).toEqual({
      workspace: DEFAULT_WORKSPACE,
      source: 'default',
      path: file,
    });
    saveWorkspace(file, 'personal', en);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ workspace: 'personal' });
    expect(chooseWorkspace(undefined, file, en).workspace).toBe('personal');
    expect(chooseWorkspace('/a/dir', file, en)).toMatchObject({
      workspace: '/a/dir',
      source: 'option',
    });
  });

  it('a broken file is an error that says where and why, and is not overwritten', () => {
    const cases: [string, string][] = [
      ['{ "workspace": ', en.t('mcp.cli.config.problem.json')],
      ['["personal"]', en.t('mcp.cli.config.problem.object')],
      ['{ "workspce": "personal" }', en.t('mcp.cli.config.problem.unknown', { key: 'workspce' })],
      ['{ "workspace": "" }', en.t('mcp.cli.config.problem.workspace')],
      ['{ "workspace": 7 }', en.t('mcp.cli.config.problem.workspace')],
    ];
    for (const [text, problem] of cases) {
      const file = fresh('config.json');
      writeFileSync(file, text);
      const message = en.t('mcp.cli.error.config', { path: file, problem });
      expect(() => chooseWorkspace(undefined, file, en)).toThrow(message);
      expect(() => saveWorkspace(file, 'other', en)).toThrow(SettingsError);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('parses config workspace [<name>] and refuses a blank or control-character name', () => {
    expect(parseCli(['config', 'workspace', 'personal'], en)).toMatchObject({
      command: 'config',
      setWorkspace: 'personal',
    });
    expect(parseCli(['config', 'workspace'], en).setWorkspace).toBeUndefined();
    expect(() => parseCli(['config'], en)).toThrow(en.t('mcp.cli.error.config_usage'));
    expect(() => parseCli(['config', 'workspace', 'a', 'b'], en)).toThrow(UsageError);
    expect(() => parseCli(['config', 'workspace', ' '], en)).toThrow(UsageError);
    expect(() => parseCli(['config', 'workspace', 'a\u001Bb'], en)).toThrow(UsageError);
  });
});
