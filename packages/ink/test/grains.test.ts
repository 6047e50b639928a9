/**
 * Issue 17 in the terminal: `r` opens a numbered step for how long Allow always (or Deny always)
 * holds, `n` the deny note. A number in the step picks, never answers; the four answers stay
 * one key away once the step is closed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { MORE } from '../src/scroll.js';
import { harness } from './harness.js';

const en = createTranslator('en-US');
const ESC = '\u001B';
const DOWN = '\u001B[B';

let active: ReturnType<typeof harness> | undefined;
const start = () => (active = harness({ columns: 100, rows: 60 }));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

describe('grains in the terminal prompt', () => {
  it('r then a number picks a grain without answering; 2 then answers with it', async () => {
    const h = start();
    let settled = false;
    const result = h.ask(call(tools.notesPut));
    void result.then(() => (settled = true));
    await h.sees(`1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.press('r');
    await h.sees(`${en.t('mcp.permission.grain.allow_label')}:`);
    await h.press('3'); // 1 this session, 2 15 minutes, 3 1 hour
    await h.sees(`2. ${en.t('mcp.permission.grain.allow_timed', { duration: '1 hour' })}`);
    expect(settled).toBe(false);
    await h.press('2');
    expect(await result).toMatchObject({ allowed: true, grain: 'timed' });
  });

  it('the last number narrows to these arguments; Tab reaches the deny grains; Esc goes back', async () => {
    const h = start();
    let settled = false;
    const result = h.ask(call(tools.notesPut));
    void result.then(() => (settled = true));
    await h.sees(`1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.press('r');
    await h.press('\t');
    await h.sees(`${en.t('mcp.permission.grain.deny_label')}:`);
    await h.press('1'); // this session
    await h.press('r');
    await h.press('\t');
    await h.press('6'); // after session, 3 lifetimes and always: only these arguments
    await h.sees(`[x] ${en.t('mcp.permission.grain.args_only')}`);
    await h.press(ESC);
    expect(settled).toBe(false);
    await h.press('4');
    expect(await result).toMatchObject({ allowed: false, choice: 'deny_always', grain: 'session' });
    expect(h.engine.grants()[0]).toMatchObject({ decision: 'deny' });
    expect(h.engine.grants()[0]?.argsHash).toBeTruthy();
  });

  it('n takes a note (digits are text there), Backspace edits it, Enter closes; Esc denies with it', async () => {
    const h = start();
    const result = h.ask(call(tools.notesPut));
    await h.sees(`1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.press('n');
    await h.sees(en.t('mcp.permission.note.label'));
    for (const char of 'Try 2x') await h.press(char);
    await h.press('\u007F');
    await h.press('\r');
    await h.sees(`${en.t('mcp.permission.note.label')}: “Try 2”`);
    await h.press(DOWN);
    await h.press(ESC);
    expect(await result).toMatchObject({ allowed: false, choice: 'deny_once', reason: 'Try 2' });
  });

  it('the line left after the prompt names the grain picked: "Allowed for this session"', async () => {
    const h = start();
    const result = h.ask(call(tools.notesPut));
    await h.sees(`1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.press('r');
    await h.press('1'); // this session
    await h.press('2');
    expect(await result).toMatchObject({ allowed: true, grain: 'session' });
    await h.sees(en.t('mcp.audit.decision.allow_session'));
    expect(h.text()).not.toContain(en.t('mcp.audit.decision.allow_always'));
  });

  it('at 80 × 24 the open step keeps the title, the risk and the four answers on screen', async () => {
    const h = (active = harness({ columns: 80, rows: 24 }));
    void h.ask(call(tools.notesPut, { args: { id: 'a', text: 'one\ntwo\nthree\nfour' } }));
    await h.sees(`1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.press('r');
    await h.sees(`${en.t('mcp.permission.grain.allow_label')}:`);
    await h.quiet();
    // What a 24-row terminal still shows: the last 24 rows drawn.
    const screen = h.screen().trimEnd().split('\n').slice(-24).join(' ');
    expect(screen).toContain(en.t('mcp.permission.title'));
    expect(screen).toContain(en.t('mcp.permission.risk.medium'));
    for (const choice of ['allow_once', 'deny_once'] as const) {
      expect(screen).toContain(en.t(`mcp.permission.action.${choice}`));
    }
    expect(screen).toContain(en.t('mcp.permission.grain.allow_label'));
  });
});

describe('the line under the answers while a step or the editor has the keys', () => {
  const PROMPT_KEYS = en.t('mcp.permission.keys.hint');
  const editable = call(
    {
      ...tools.notesPut,
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', title: 'Note', minLength: 1 },
          text: { type: 'string', title: 'Text' },
        },
      },
    },
    { args: { id: 'a', text: 'one\ntwo\nthree\nfour\nfive\nsix' } },
  );

  it('says the step’s keys, not "Press 1–4 … Esc to deny once", and comes back when it closes', async () => {
    const h = (active = harness({ columns: 80, rows: 24 }));
    void h.ask(call(tools.notesPut));
    await h.sees(`1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.sees(PROMPT_KEYS);
    await h.press('r');
    await h.sees(en.t('mcp.permission.grain.step_hint'));
    await h.quiet();
    expect(h.text()).not.toContain(PROMPT_KEYS);
    await h.press(ESC);
    await h.sees(PROMPT_KEYS);
    await h.press('n');
    await h.sees(en.t('mcp.permission.note.step_hint'));
    await h.quiet();
    expect(h.text()).not.toContain(PROMPT_KEYS);
    await h.press('\r');
    await h.sees(PROMPT_KEYS);
  });

  it('at 80 × 24 the editor’s keys stay in view while it has them, and the prompt’s do not show', async () => {
    const h = (active = harness({ columns: 80, rows: 24 }));
    void h.ask(editable);
    await h.sees(`[e] ${en.t('mcp.args_edit.open')}`);
    await h.passGuard();
    await h.press('e');
    await h.sees(en.t('mcp.args_edit.hint'));
    await h.quiet();
    // What a 24-row terminal still shows: the last 24 rows drawn.
    const screen = h.screen().trimEnd().split('\n').slice(-24).join(' ');
    const seen = (text: string) => screen.replace(/[\s│]+/g, ' ').includes(text);
    expect(seen(en.t('mcp.args_edit.keys.hint'))).toBe(true);
    expect(seen(PROMPT_KEYS)).toBe(false);
    // `r` and `n` type into the field: "[r] How long, and a note" is not offered meanwhile.
    expect(seen(`[r] ${en.t('mcp.permission.grain.more')}`)).toBe(false);
    // The fields scroll with the focus (Tab), not with PageUp/PageDown, which the editor does
    // not take: the "more lines" row gives the count and names no page key.
    // "↓ 14 more lines" and nothing after it on its row.
    const moreLines = en.t('mcp.permission.args.more_lines', { count: 2 }).replace('2', '\\d+');
    expect(screen).toMatch(new RegExp(`${MORE.below} ${moreLines} +│`));
    expect(seen(`[${en.t('mcp.permission.args.key.page_down')}]`)).toBe(false);
    expect(seen(en.t('mcp.permission.args.key.page_up'))).toBe(false);
    await h.press('\r');
    await h.sees(PROMPT_KEYS);
    await h.sees(`[r] ${en.t('mcp.permission.grain.more')}`);
  });
});
