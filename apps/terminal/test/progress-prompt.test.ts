/**
 * A progress line on screen when a prompt opens, in an 80×24 pseudo-terminal against the real
 * `@modelcontextprotocol/server-everything`: `simulate-research-query` with an ambiguous topic
 * reports progress ("…: 4 so far · server: Found multiple interpretations…") and then asks a
 * form question in the same call. The progress line is erased before the form is drawn, so
 * the form's top border starts its own row and no progress text is left above the form.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { VirtualTerminal } from '../../../packages/ink/test/virtual-terminal.js';
import { allowPolicy, everythingServer, inPty, literal, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const COLS = 80;
const ROWS = 24;
const TOOL = 'simulate-research-query';
const FORM = en.t('mcp.elicitation.title.form', { server: 'Every' });
/** Any progress line of the call: "simulate-research-query: 4 so far" and what follows. */
const PROGRESS = en.t('mcp.cli.progress.count', { tool: TOOL, progress: '@' }).split('@')[0]!;

const home = tempDir();
// The call is allowed by a policy, so the only prompt is the server's form.
const policy = allowPolicy(home.dir, 'allow.json', [TOOL]);
afterAll(() => home.cleanup());

/** The screen (scrollback included) as a person sees it after `raw`. */
function screen(raw: string): string[] {
  const terminal = new VirtualTerminal(COLS, ROWS);
  terminal.replay(raw);
  return terminal.screen().split('\n');
}

describe('a progress line when a prompt opens in the same call', () => {
  it('is erased before the prompt is drawn: nothing of it is left above the form', async () => {
    const run = await inPty(
      [
        'call',
        TOOL,
        JSON.stringify({ topic: 'coffee', ambiguous: true }),
        '--store',
        home.dir,
        '--policy',
        policy,
        '--name',
        'Every',
        ...everythingServer,
      ],
      [
        { expect: literal(FORM) },
        { sleep: 0.5 },
        { mark: true },
        { send: '\u001B' }, // Esc cancels the form; the call goes on and ends
        { sleep: 3 },
      ],
      { configHome: home.dir, cols: COLS, rows: ROWS, timeoutSeconds: 120 },
    );
    expect(run.error).toBeNull();
    // The call did report progress before its form (else this test shows nothing).
    expect(run.text).toContain(PROGRESS);
    const rows = screen(run.marks[0]!);
    const top = rows.findIndex((row) => row.includes(FORM));
    expect(top).toBeGreaterThan(0);
    // The form's top border is a row of its own, at the start of the row.
    const border = rows[top - 1]!;
    expect(border.startsWith('╭')).toBe(true);
    // No progress text left on the screen while the form is open, and no border glued to it.
    expect(rows.filter((row) => row.includes(PROGRESS))).toEqual([]);
    expect(rows.filter((row) => row.includes('╭') && !row.startsWith('╭'))).toEqual([]);
  }, 180_000);
});
