/** The pure parts: command line, config paths, server ids, JSON for scripts, tables. */
import { describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import stringWidth from 'string-width';
import { parseCli, UsageError } from '../src/args.js';
import { configDir, serverIdFor, storePaths } from '../src/config.js';
import { parseArguments, toolLines } from '../src/interactive.js';
import { outcomeOf } from '../src/result.js';
import { safeJson, table } from '../src/text.js';

const en = createAppTranslator('en-US', { isolateValues: false });

describe('parseCli', () => {
  it('takes everything after the first -- verbatim as the server command', () => {
    const options = parseCli(
      ['--trusted', '--env', 'A=1', '--', 'npx', '-y', 'server', '--', '--x'],
      en,
    );
    expect(options.command).toBe('interactive');
    expect(options.trusted).toBe(true);
    expect(options.target).toEqual({
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'server', '--', '--x'],
      env: { A: '1' },
    });
  });

  it('reads call with its tool and JSON arguments (default {})', () => {
    const options = parseCli(
      ['call', 'notes_put', '{"id":"a"}', '--json', '--url', 'http://127.0.0.1:3333/mcp'],
      en,
    );
    expect(options).toMatchObject({
      command: 'call',
      tool: 'notes_put',
      toolArgs: { id: 'a' },
      json: true,
    });
    expect(parseCli(['call', 'notes_list', '--', 'srv'], en).toolArgs).toEqual({});
    expect(() => parseCli(['call'], en)).toThrow(UsageError);
    expect(() => parseCli(['call', 't', '"text"'], en)).toThrow(
      en.t('mcp.cli.error.call_args', { value: '"text"' }),
    );
  });

  it('checks --limit and --env', () => {
    expect(parseCli(['audit', '--limit', '5'], en).limit).toBe(5);
    expect(() => parseCli(['audit', '--limit', '0'], en)).toThrow(UsageError);
    expect(() => parseCli(['--env', 'NOEQUALS', '--', 'x'], en)).toThrow(
      en.t('mcp.cli.error.bad_env', { value: 'NOEQUALS' }),
    );
  });
});

describe('config', () => {
  it('puts the store under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe('/x/mcp-consent');
    expect(configDir({}, 'linux', '/home/a')).toBe('/home/a/.config/mcp-consent');
    expect(storePaths('/s', {})).toEqual({
      dir: '/s',
      grants: '/s/grants.json',
      audit: '/s/audit.jsonl',
    });
  });

  it('derives the server id from the host configuration only', () => {
    expect(
      serverIdFor({ kind: 'stdio', command: 'node', args: ['server.js', 'a b'], env: {} }),
    ).toBe('stdio:node server.js "a b"');
    expect(
      serverIdFor({ kind: 'http', url: new URL('https://h.example:8443/mcp?token=secret#x') }),
    ).toBe('https://h.example:8443/mcp');
  });
});

describe('helpers', () => {
  it('parseArguments: empty is {}, otherwise a JSON object', () => {
    expect(parseArguments('  ')).toEqual({ ok: true, value: {} });
    expect(parseArguments('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseArguments('{a:1}')).toEqual({ ok: false, error: 'mcp.cli.error.invalid_json' });
    expect(parseArguments('[1]')).toEqual({ ok: false, error: 'mcp.cli.error.not_object' });
  });

  it('safeJson escapes what a terminal would act on and stays valid JSON', () => {
    const value = { text: '\u001B]52;c;x\u0007 \u009B2J \u202Eabc \u200B \u{E0041}' };
    const json = safeJson(value);
    // eslint-disable-next-line no-control-regex -- the characters under test
    expect(json).not.toMatch(/[\u001B\u0007\u009B\u202E\u200B]|\u{E0041}/u);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('table aligns wide characters by display width', () => {
    expect(
      table(
        ['A', 'B'],
        [
          ['日本', 'x'],
          ['abc', 'y'],
        ],
      ),
    ).toBe('A     B\n日本  x\nabc   y');
  });
});

describe('outcomeOf after Send for real (seed 001)', () => {
  const server = { id: 'demo', name: 'Demo notes' };
  const withOutcome = (outcome: Record<string, unknown>, text: string) => ({
    isError: true,
    content: [{ type: 'text' as const, text }],
    _meta: { 'mcp-consent/dry-run': outcome },
  });

  it("says the server previewed again in a sentence, not the server's JSON", () => {
    const body = '{"code":"DRY_RUN_PREVIEW","recovery_hint":"Set MCP_DRY_RUN=false"}';
    const outcome = outcomeOf(
      withOutcome({ outcome: 'still_preview', tool: 'messages_send', message: null }, body),
      'messages_send',
      en,
      true,
      server,
    );
    expect(outcome).toEqual({
      kind: 'denied',
      message:
        'You chose to send messages_send for real, but Demo notes answered with a preview again: its operator has not allowed real changes. Nothing was changed.',
    });
  });

  it("quotes the server's message after an error, and never its JSON", () => {
    const body = '{"error":{"message":"Channel is locked"}}';
    const outcome = outcomeOf(
      withOutcome(
        { outcome: 'server_error', tool: 'messages_send', message: 'Channel is locked' },
        body,
      ),
      'messages_send',
      en,
      true,
      server,
    );
    expect(outcome.kind).toBe('denied');
    const message = outcome.kind === 'denied' ? outcome.message : '';
    expect(message).toBe(
      'messages_send was sent for real, but Demo notes answered with an error.\nThe server said: “Channel is locked”',
    );
    expect(message).not.toContain('{');
  });
});

describe('toolLines at 80 columns', () => {
  it('wraps a long tool line at a space, under its name, instead of cutting a word at the edge', async () => {
    const engine = createPermissionEngine({ store: memoryStore() });
    await engine.ready;
    const tools = Array.from({ length: 12 }, (_, i) => ({
      name: i === 8 ? 'gzip-file-as-resource' : `tool-${i}`,
      title: i === 8 ? 'GZip File as Resource Tool' : undefined,
      description: 'Compresses a single file using gzip compression, then says where it is.',
      inputSchema: { type: 'object' as const },
      annotations: i === 8 ? { destructiveHint: true, readOnlyHint: false } : undefined,
    }));
    const t = createAppTranslator('en-US', { isolateValues: false });
    const lines = toolLines(tools, { id: 'everything' }, t, 80, (input) => engine.assess(input));
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    const at = lines.findIndex((line) => line.startsWith('   9. gzip-file-as-resource'));
    const [first, second] = [lines[at]!, lines[at + 1]!];
    // Every word whole on one of the two lines, the second starting under the name.
    const words = `${first.slice(6)} ${second.trim()}`.split(' ');
    expect(words.join(' ')).toBe(
      `gzip-file-as-resource · GZip File as Resource Tool · ${t.t('mcp.permission.risk.high')}`,
    );
    expect(second).toMatch(/^ {6}\S/);
    engine.dispose();
  });

  it('never splits a part of the risk badge ("High risk") across two lines, in any locale', async () => {
    const engine = createPermissionEngine({ store: memoryStore() });
    await engine.ready;
    for (const locale of ['en-US', 'pt-BR']) {
      const t = createAppTranslator(locale, { isolateValues: false });
      // Names of every length around the edge: some lines end inside the badge.
      const tools = Array.from({ length: 24 }, (_, i) => ({
        name: 'n'.repeat(50 + i),
        inputSchema: { type: 'object' as const },
        annotations: { destructiveHint: true, readOnlyHint: false },
      }));
      const lines = toolLines(tools, { id: 's' }, t, 80, (input) => engine.assess(input));
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
      const text = lines.join('\n');
      expect(text).not.toContain('\u00a0');
      for (const part of t.t('mcp.permission.risk.high').split(' · ')) {
        expect(text.split(part).length - 1, `${part} in\n${text}`).toBe(24);
      }
    }
    engine.dispose();
  });
});
