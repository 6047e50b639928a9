import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { until } from '../../../test/scenarios/poll.js';
import { modelView } from '../../../test/scenarios/sheet-scenarios.js';
import { call, hostileCall, longArgs, tools } from '../../../test/scenarios/fixtures.js';
import { colorFromEnv } from '../src/index.js';
import { harness } from './harness.js';
import { escapeSequences, foreignOutput } from './virtual-terminal.js';

const en = createTranslator('en-US');
const BOX = /[─│╭╮╰╯]/;
/** SGR sequences that set a colour (foreground, background, 256/true colour). */
const isColour = (sequence: string) =>
  sequence.startsWith('\u001B[') &&
  sequence.endsWith('m') &&
  sequence
    .slice(2, -1)
    .split(';')
    .some((p) => /^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$/.test(p));

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

describe('narrow terminals', () => {
  it('at 40 columns every line fits, nothing is boxed, and all four actions and the reason show', async () => {
    const h = start({ columns: 40, rows: 30 });
    const result = h.ask(call(tools.notesDelete, { args: longArgs }));
    await h.sees(en.t('mcp.permission.action.deny_always'));
    await h.quiet();
    const screen = h.screen();
    for (const row of screen.split('\n')) expect(stringWidth(row)).toBeLessThanOrEqual(40);
    expect(screen).not.toMatch(BOX);
    for (const [n, choice] of [
      [1, 'allow_once'],
      [2, 'allow_always'],
      [3, 'deny_once'],
      [4, 'deny_always'],
    ] as const) {
      expect(screen).toContain(`${n}. ${en.t(`mcp.permission.action.${choice}`)}`);
    }
    // The disabled reason wraps instead of being cut off.
    const reason = en.t('mcp.permission.allow_always.disabled_destructive');
    expect(screen.replace(/\s+/g, ' ')).toContain(reason);
    // The frame fits the terminal, so Ink never clears the screen (and the scrollback) to redraw.
    expect(screen.split('\n').length).toBeLessThan(30);
    expect(h.terminal.raw).not.toContain('\u001B[2J');
    await h.passGuard();
    await h.press('3');
    expect(await result).toMatchObject({ choice: 'deny_once' });
  });

  it('in a short terminal the arguments scroll with PageDown and expand with +, keeping the actions on screen', async () => {
    const h = start({ columns: 80, rows: 24 });
    void h.ask(call(tools.notesPut, { args: longArgs }));
    await h.sees(en.t('mcp.permission.action.deny_always'));
    await h.passGuard();
    await h.quiet();
    expect(h.screen()).toContain('"line 0:');
    expect(h.screen()).toContain(`4. ${en.t('mcp.permission.action.deny_always')}`);
    expect(h.screen().split('\n').length).toBeLessThan(24);
    await h.press('+');
    await h.press('\u001B[6~');
    await h.press('\u001B[6~');
    await h.quiet();
    expect(h.screen()).not.toContain('"line 0:');
    expect(h.screen()).toContain(`4. ${en.t('mcp.permission.action.deny_always')}`);
    // Expanded arguments that do not fit scroll with the rest of the prompt: PageDown until
    // the last argument shows (it then goes on to what follows them).
    for (let i = 0; i < 30 && !h.text().includes(longArgs.tail); i++) {
      await h.press('\u001B[6~');
      await h.quiet();
    }
    expect(h.text()).toContain(longArgs.tail);
    expect(h.screen().split('\n').length).toBeLessThan(24);
    expect(h.terminal.raw).not.toContain('\u001B[2J');
  });
});

describe('colour', () => {
  it('maps the risk colour roles to terminal colours, always with the text label', async () => {
    const h = start();
    const seen: string[] = [];
    for (const [tool, tier, sgr] of [
      [tools.notesList, 'low', '\u001B[32m'],
      [tools.notesPut, 'medium', '\u001B[33m'],
      [tools.notesDelete, 'high', '\u001B[31m'],
    ] as const) {
      const before = h.terminal.raw.length;
      const result = h.ask(call(tool));
      const label = en.t(`mcp.permission.risk.${tier}`);
      await h.sees(label);
      await h.quiet();
      const frame = h.terminal.raw.slice(before);
      expect(frame).toMatch(new RegExp(`${sgr.replace('[', '\\[')}(\\u001B\\[1m)?${label}`));
      seen.push(tier);
      await h.passGuard();
      await h.press('\u001B');
      await result;
    }
    expect(seen).toEqual(['low', 'medium', 'high']);
  });

  it('NO_COLOR: no colour codes at all; the label, pointer and numbers carry the meaning', async () => {
    expect(colorFromEnv({ NO_COLOR: '1' })).toBe(false);
    expect(colorFromEnv({ NO_COLOR: '' })).toBe(true);
    expect(colorFromEnv({ FORCE_COLOR: '0' })).toBe(false);
    expect(colorFromEnv({})).toBe(true);
    const h = start({ color: colorFromEnv({ NO_COLOR: '1' }) });
    void h.ask(call(tools.notesDelete));
    await h.sees(en.t('mcp.permission.risk.high'));
    await h.quiet();
    expect(escapeSequences(h.terminal.raw).filter(isColour)).toEqual([]);
    expect(h.screen()).toContain(`› 3. ${en.t('mcp.permission.action.deny_once')}`);
  });
});

describe('plain mode (screen readers)', () => {
  it('announces first, draws no boxes, and puts every item on its own line', async () => {
    const h = start({ plain: true });
    const result = h.ask(call(tools.notesDelete));
    await h.sees(en.t('mcp.permission.action.deny_always'));
    await h.quiet();
    const screen = h.screen();
    expect(h.terminal.raw).not.toMatch(BOX);
    const lines = screen.split('\n');
    // The model's announcement (issue 16: it leads with the summary line).
    const view = await modelView(call(tools.notesDelete));
    expect(lines[0]).toContain(view.announcement.split('.')[0]!);
    for (const choice of ['allow_once', 'allow_always', 'deny_once', 'deny_always'] as const) {
      expect(
        lines.some((line) => line.trim().endsWith(en.t(`mcp.permission.action.${choice}`))),
      ).toBe(true);
    }
    expect(lines).toContain(`> 3. ${en.t('mcp.permission.action.deny_once')}`);
    await h.passGuard();
    await h.press('\u001B[A');
    await h.sees(`> 2. ${en.t('mcp.permission.action.allow_always')}`);
    await h.press('1');
    expect(await result).toMatchObject({ choice: 'allow_once' });
  });
});

describe('terminal state and history', () => {
  it('leaves one summary line per answer in the scrollback, and the cursor visible', async () => {
    const h = start();
    const first = h.ask(call(tools.notesPut));
    // The engine queues a request once its arguments are hashed, so two requests made
    // in the same tick can swap places; this test is about the scrollback, not the order.
    await h.sees('notes_put');
    const second = h.ask(call(tools.notesList));
    await h.sees(en.t('mcp.permission.queue.label', { position: 1, total: 2 }));
    await h.passGuard();
    await h.press('1');
    await h.sees('notes_list');
    await h.passGuard();
    await h.press('4');
    await first;
    await second;
    await h.quiet();
    const screen = h.screen();
    expect(screen).toContain(`notes_put · Notes server · ${en.t('mcp.audit.decision.allow_once')}`);
    expect(screen).toContain(
      `List notes · Notes server · ${en.t('mcp.audit.decision.deny_always')}`,
    );
    expect(screen).not.toContain(en.t('mcp.permission.title'));
    expect(h.terminal.modes.get('25')).toBe(true);
    expect(h.terminal.stdin.isRaw).toBe(false);
    expect(foreignOutput(h.terminal.raw)).toEqual([]);
  });

  it('a prompt settled elsewhere closes and says so', async () => {
    const h = start();
    const result = h.engine.request(call(tools.notesPut), {
      prompt: h.prompter.prompt,
      timeoutMs: 1000,
    });
    await h.sees('notes_put');
    h.clock.advance(1000);
    expect(await result).toMatchObject({ allowed: false, settledBy: 'timeout' });
    await h.sees(en.t('mcp.permission.notice.settled_elsewhere'));
    expect(h.prompter.getSnapshot().current).toBeNull();
  });

  it('says "Checking permissions…" once the engine has waited 100 ms for its store, then asks (spec R4.1, N1)', async () => {
    const h = start({ store: { ...memoryStore(), load: () => new Promise(() => {}) } });
    const result = h.ask(call(tools.notesPut));
    // The presenter's 100 ms delay and the engine's 250 ms ready wait, both on the clock.
    await until(() => h.clock.pendingTimers() >= 2, 'the ready wait');
    h.clock.advance(99);
    await h.quiet();
    expect(h.text()).toBe(''); // quick decisions never flash it
    h.clock.advance(1);
    await h.sees(en.t('mcp.permission.checking'));
    h.clock.advance(150);
    await h.sees(en.t('mcp.permission.notice.not_ready'));
    expect(h.text()).not.toContain(en.t('mcp.permission.checking'));
    await h.passGuard();
    await h.press('3');
    expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it('unmount denies what is waiting and gives the terminal back', async () => {
    const h = start();
    const result = h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    h.prompter.unmount();
    expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(h.terminal.stdin.isRaw).toBe(false);
  });

  it('Ctrl+C calls onInterrupt, even inside the guard window', async () => {
    let interrupted = 0;
    const h = start({ onInterrupt: () => interrupted++ });
    void h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    await h.press('\u0003');
    expect(interrupted).toBe(1);
  });

  it('200 kB of arguments expand and scroll without freezing the terminal', async () => {
    const h = start({ columns: 80, rows: 30 });
    void h.ask(hostileCall);
    await h.sees(en.t('mcp.permission.action.deny_always'));
    await h.passGuard();
    const started = Date.now();
    await h.press('+');
    await h.sees(en.t('mcp.permission.args.show_less'));
    for (let i = 0; i < 10; i++) await h.press('\u001B[6~');
    await h.sees('yyyyyyyyyy');
    expect(Date.now() - started).toBeLessThan(5000); // Ink's own wrapper took minutes
    expect(h.screen().split('\n').length).toBeLessThan(30);
    expect(h.text()).toContain(`4. ${en.t('mcp.permission.action.deny_always')}`);
  });

  it('hostile text reaches the terminal only as visible codes', async () => {
    const h = start({ columns: 60, rows: 30 });
    const result = h.ask(hostileCall);
    await h.sees('rm_rf');
    await h.quiet();
    expect(foreignOutput(h.terminal.raw)).toEqual([]);
    expect(h.screen()).toContain('rm_rf[34 hidden characters]click');
    await h.passGuard();
    await h.press('\u001B');
    expect(await result).toMatchObject({ choice: 'deny_once' });
  });
});

describe('foreignOutput (the check itself)', () => {
  it('flags what Ink never writes and accepts what it does', () => {
    expect(foreignOutput('\u001B[31mred\u001B[39m \u001B[2K\u001B[1A\u001B[G\u001B[?25l')).toEqual(
      [],
    );
    for (const bad of [
      '\u001B]52;c;ZWNobw==\u0007',
      '\u001B]8;;https://evil.example\u001B\\',
      '\u001B[2J',
      '\u001B[1;1H',
      '\u001B]0;title\u0007',
      '\u001B[?1049h',
      '\u009B2J',
      'a\u202Eb',
      'tag\u{E0041}',
    ]) {
      expect(foreignOutput(`ok ${bad} ok`), JSON.stringify(bad)).not.toEqual([]);
    }
  });
});
