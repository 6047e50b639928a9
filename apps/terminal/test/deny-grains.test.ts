/**
 * A deny remembered for a while, in a real pseudo-terminal against the demo server: the
 * sentence after the prompt names the deny the user picked under "How long" ("Deny for this
 * session", "Deny for 1 hour"), never "Deny always"; and a call a session deny answers does
 * not send the user to `mcp-consent grants`, which cannot list a grant kept in memory.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { demoCommand, inPty, literal, piped, plain, tempDir, type Step } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const ASK_TOOL = en.t('mcp.cli.ask.tool').trimEnd();
const PROMPT = `1\\. ${literal(en.t('mcp.permission.action.allow_once'))}[\\s\\S]*?4\\. `;
const READY = literal(en.t('mcp.permission.keys.hint'));
const askArgs = (tool: string) =>
  `(?:${literal(en.t('mcp.cli.ask.args', { tool, empty: '{}' }).trimEnd())}|${literal(
    en.t('mcp.cli.ask.args_edit', { empty: '{}' }),
  )}\\s*> )`;
const chose = (tool: string, choice: string) => en.t('mcp.cli.denied.answer', { tool, choice });
const SESSION = en.t('mcp.permission.grain.deny_session');
const HOUR = en.t('mcp.permission.grain.deny_timed', {
  duration: en.t('mcp.permission.duration.hours', { count: 1 }),
});

/** At the tool question, picks a tool and types its arguments (Ctrl+U clears the skeleton). */
const call = (tool: string, json: string): Step[] => [
  { send: `${tool}\r` },
  { expect: askArgs(tool) },
  { send: `\u0015${json}\r` },
];

/** `r` opens "How long" at the focused deny, a number picks a grain, `4` denies with it. */
const denyFor = (grain: string, label: string): Step[] => [
  { expect: PROMPT },
  { expect: READY },
  { send: 'r' },
  { expect: literal(`${en.t('mcp.permission.grain.deny_label')}:`) },
  { send: grain },
  { expect: literal(`4. ${label}`) },
  { send: '4' },
];

const store = tempDir();
afterAll(() => store.cleanup());

describe('a deny for a time or for this session, in the terminal host', () => {
  it('says which deny was picked, and a session deny is not called a saved permission', async () => {
    const run = await inPty(
      ['--store', store.dir, '--name', 'Demo notes', '--', ...demoCommand()],
      [
        // notes_delete may destroy data: Deny once has the focus, so `r` opens the deny grains.
        // Each call ends at the next tool question; what it said is checked after the run.
        { expect: literal(ASK_TOOL) },
        ...call('notes_delete', '{"id":"groceries"}'),
        ...denyFor('1', SESSION),
        { expect: literal(ASK_TOOL) },
        { mark: true },
        ...call('notes_delete', '{"id":"groceries"}'),
        { expect: literal(ASK_TOOL) },
        { mark: true },
        ...call('notes_put', '{"id":"t","text":"x"}'),
        { expect: PROMPT },
        { expect: READY },
        { send: '\u001B[B\u001B[B' }, // focus Deny once, so `r` opens the deny grains
        ...denyFor('3', HOUR), // 1 this session, 2 15 minutes, 3 1 hour
        { expect: literal(ASK_TOOL) },
        { send: 'q\r' },
      ],
      { configHome: store.dir, timeoutSeconds: 300 },
    );
    expect(run.error).toBeNull();
    const [first = '', second = ''] = run.marks.map(plain);
    const asked = first;
    const remembered = second.slice(first.length);
    const timed = run.text.slice(second.length);
    // The sentence of a call: the last line with text before the tool question it ends at.
    const said = (text: string) =>
      text
        .slice(0, text.lastIndexOf(ASK_TOOL))
        .split('\n')
        .filter((row) => row.trim() !== '')
        .at(-1);
    expect(asked).toContain(en.t('mcp.audit.decision.deny_session'));
    expect(said(asked)).toBe(chose('notes_delete', SESSION));
    // The second call was answered by the session deny, without a prompt, and `grants` could
    // not show it: the sentence names the deny, not "a saved permission".
    expect(remembered).not.toContain(en.t('mcp.permission.title'));
    expect(said(remembered)).toBe(chose('notes_delete', SESSION));
    expect(timed).toContain(chose('notes_put', HOUR));

    // The session deny is gone with the session; the one for an hour is in the grants file.
    const grants = await piped(['grants', '--store', store.dir, '--json'], store.dir);
    const saved = JSON.parse(grants.stdout) as { toolName: string; decision: string }[];
    expect(saved.map((grant) => [grant.toolName, grant.decision])).toEqual([['notes_put', 'deny']]);
  }, 360_000);
});
