/**
 * Issue 19: the demo server's biggest form (`survey`, eight fields) in an 80×24 terminal.
 * The form scrolls inside the terminal's height: after every Tab the title and the focused
 * field are on the screen, and the output printed before the prompt is still in the
 * scrollback after it closes (Ink clears the screen and the scrollback when a frame is
 * taller than the terminal).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { SURVEY_SCHEMA } from '@mcp-consent/demo-server';
import { VirtualTerminal } from '../../../packages/ink/test/virtual-terminal.js';
import { demoCommand, inPty, literal, tempDir, type Step } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const ROWS = 24;
const COLS = 80;
const PROMPT = literal(`4. ${en.t('mcp.permission.action.deny_always')}`);
const READY = literal(en.t('mcp.permission.keys.hint'));
const FORM_HINT = literal(en.t('mcp.elicitation.keys.form'));
const TITLE = en.t('mcp.elicitation.title.form', { server: 'Demo' });
/** Ink wipes the screen (2J) and the scrollback (3J) when its frame is taller than the terminal. */
// eslint-disable-next-line no-control-regex -- the sequences are what is looked for
const CLEARS = /\u001B\[[23]J/;
/** Colour and weight sequences Ink may put between the pointer and the label. */
const STYLES = '(?:\u001B\\[[0-9;]*m)*';
const labels = Object.values(SURVEY_SCHEMA.properties).map((field) => field.title);

const store = tempDir();
afterAll(() => store.cleanup());

/** The rows a person sees at the end of `raw`: the last `ROWS` lines, scrollback excluded. */
function visible(raw: string): string[] {
  const terminal = new VirtualTerminal(COLS, ROWS);
  terminal.replay(raw);
  return terminal.screen().split('\n').slice(-ROWS);
}

describe('a form taller than the terminal, at 80×24 in a real pseudo-terminal', () => {
  it('keeps the title and the focused field on screen after each Tab and leaves the scrollback alone', async () => {
    const tabs: Step[] = labels
      .slice(1)
      .flatMap((label) => [
        { send: '\t' },
        { expect: `›${STYLES} ${STYLES}${literal(label)}` },
        { sleep: 0.3 },
        { mark: true as const },
      ]);
    const run = await inPty(
      ['call', 'survey', '{}', '--store', store.dir, '--name', 'Demo', '--', ...demoCommand()],
      [
        { expect: PROMPT },
        { expect: READY },
        { send: '1' },
        { expect: FORM_HINT },
        { sleep: 0.9 },
        { mark: true },
        ...tabs,
        { send: '\u001B' },
      ],
      {
        configHome: store.dir,
        cols: COLS,
        rows: ROWS,
        timeoutSeconds: 60,
        shell: 'seq 1 100; "$@"',
      },
    );
    expect(run.error).toBeNull();
    expect(run.marks).toHaveLength(labels.length);
    run.marks.forEach((raw, index) => {
      const screen = visible(raw);
      expect(screen.length, `frame ${index}`).toBeLessThanOrEqual(ROWS);
      expect(screen.join('\n'), `after ${index} Tabs`).toContain(TITLE);
      expect(screen.join('\n'), `after ${index} Tabs`).toContain(`› ${labels[index]}`);
    });
    // Nothing wiped: the 100 lines printed before the command are all still there.
    expect(run.raw).not.toMatch(CLEARS);
    const all = new VirtualTerminal(COLS, ROWS);
    all.replay(run.raw);
    expect(all.screen()).toContain(Array.from({ length: 100 }, (_, i) => String(i + 1)).join('\n'));
  });
});
