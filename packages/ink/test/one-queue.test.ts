/**
 * One queue for everything the terminal asks (issue 15): engine prompts, `show()` calls and
 * server questions wait in the consent presenter's FIFO and reach the screen one at a time,
 * in the order they came, each leaving one line in the scrollback.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManualClock, createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import type { ElicitRequest } from '@mcp-consent/prompt';
import { until } from '../../../test/scenarios/poll.js';
import { call, server, tools } from '../../../test/scenarios/fixtures.js';
import { inkPrompter } from '../src/index.js';
import { harness } from './harness.js';
import { VirtualTerminal } from './virtual-terminal.js';

const en = createTranslator('en-US');
const question = (message: string): ElicitRequest => ({
  message,
  requestedSchema: { type: 'object', properties: {} },
});
const decided = (name: string, choice: 'allow_once' | 'deny_once') =>
  `${name} · Notes server · ${en.t(`mcp.audit.decision.${choice}`)}`;
const declined = `${en.t('mcp.elicitation.title.confirm', { server: server.name })} · ${en.t('mcp.elicitation.action.decline_confirm')}`;

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

describe('one queue in the terminal', () => {
  it('a permission prompt, an elicitation and a permission prompt behind them show one at a time, in order', async () => {
    const h = start();
    const first = h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    const asked = { settled: false };
    const answer = h.prompter.elicit({ params: question('Rename the note?'), server });
    void answer.then(() => (asked.settled = true));
    const last = h.ask(call(tools.notesList));
    // The engine hands over its prompts one at a time: the second joins the presenter's
    // queue once the first is answered, behind the question that came before it.
    await until(() => h.engine.pending().length === 2, 'the second request queued');
    expect(h.prompter.getSnapshot().waiting).toBe(2);

    // The permission prompt holds the screen; the keys it gets are its own.
    await h.passGuard();
    await h.quiet();
    expect(h.text()).not.toContain('Rename the note?');
    expect(h.text()).not.toContain('List notes');
    await h.press('1');
    expect(await first).toMatchObject({ allowed: true, choice: 'allow_once' });

    // The question comes next, with an input guard of its own: Enter pressed now is dropped.
    await h.sees('Rename the note?');
    expect(h.prompter.getSnapshot()).toMatchObject({
      waiting: 2,
      current: { kind: 'elicitation' },
    });
    expect(h.text()).not.toContain('List notes');
    await h.press('\r');
    await h.quiet();
    expect(asked.settled).toBe(false);
    await h.passGuard();
    await h.press('\r'); // Decline is focused in a bare confirmation
    expect(await answer).toEqual({ action: 'decline' });

    await h.sees('List notes');
    expect(h.text()).not.toContain('Rename the note?');
    await h.passGuard();
    await h.press('3');
    expect(await last).toMatchObject({ allowed: false, choice: 'deny_once' });

    // The scrollback keeps one line per request, in the order they were answered.
    await h.quiet();
    const screen = h.screen();
    const lines = [
      decided('notes_put', 'allow_once'),
      declined,
      decided('List notes', 'deny_once'),
    ];
    const at = lines.map((line) => screen.indexOf(line));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(h.prompter.getSnapshot()).toMatchObject({ current: null, waiting: 0 });
    expect(h.terminal.stdin.isRaw).toBe(false);
  });

  it('a question given up while it waits leaves quietly; the prompt before it is unaffected', async () => {
    const h = start();
    const first = h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    const server_ = new AbortController();
    const answer = h.prompter.elicit({
      params: question('Rename the note?'),
      server,
      signal: server_.signal,
    });
    server_.abort();
    expect(await answer).toEqual({ action: 'cancel' });
    await h.passGuard();
    await h.press('1');
    expect(await first).toMatchObject({ choice: 'allow_once' });
    await h.quiet();
    expect(h.text()).not.toContain('Rename the note?');
    expect(h.text()).not.toContain(en.t('mcp.permission.notice.settled_elsewhere'));
    expect(h.screen()).toContain(decided('notes_put', 'allow_once'));
  });

  it('Ink mounted again for a later prompt does not print the earlier lines twice', async () => {
    const h = start();
    const first = h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    await h.passGuard();
    await h.press('1');
    await first;
    await until(() => h.terminal.stdin.isRaw === false, 'the terminal given back');
    const second = h.ask(call(tools.notesList));
    await h.sees('List notes');
    await h.passGuard();
    await h.press('4');
    await second;
    await h.quiet();
    const screen = h.screen();
    expect(screen.split(decided('notes_put', 'allow_once')).length).toBe(2);
    expect(screen).toContain(
      `List notes · Notes server · ${en.t('mcp.audit.decision.deny_always')}`,
    );
  });
});

describe('show(toolCall, onDecision) in the terminal (spec R7)', () => {
  it("asks with the engine's assessment, calls onDecision and resolves; nothing stored or audited", async () => {
    const h = start();
    const onDecision = vi.fn();
    const shown = h.prompter.show(call(tools.notesDelete), onDecision);
    // Destructive: Deny once under the pointer, Allow always disabled with its reason.
    await h.sees(`› 3. ${en.t('mcp.permission.action.deny_once')}`);
    expect(h.text()).toContain(en.t('mcp.permission.allow_always.disabled_destructive'));
    expect(h.prompter.getSnapshot().current?.kind).toBe('permission');
    await h.passGuard();
    await h.press('1');
    expect(await shown).toBe('allow_once');
    expect(onDecision).toHaveBeenCalledTimes(1);
    expect(onDecision).toHaveBeenCalledWith('allow_once');
    await h.sees(decided('notes_delete', 'allow_once'));
    expect(h.engine.grants()).toEqual([]);
    expect(h.audit.events()).toEqual([]);
  });

  it('waits its turn behind an engine prompt, and its signal takes it down', async () => {
    const h = start();
    const first = h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    const onDecision = vi.fn();
    const controller = new AbortController();
    const shown = h.prompter.show(call(tools.notesList), onDecision, {
      signal: controller.signal,
    });
    await h.passGuard();
    await h.quiet();
    expect(h.text()).not.toContain('List notes');
    await h.press('3');
    expect(await first).toMatchObject({ choice: 'deny_once' });
    await h.sees('List notes');
    controller.abort();
    expect(await shown).toBe('deny_once');
    expect(onDecision).toHaveBeenCalledWith('deny_once');
    await h.sees(`List notes · Notes server · ${en.t('mcp.permission.notice.settled_elsewhere')}`);
  });
});

describe('without a terminal to answer from', () => {
  it('prompt and elicit reject (the engine denies), show answers Deny once; nothing is drawn', async () => {
    const terminal = new VirtualTerminal();
    Object.assign(terminal.stdin, { isTTY: false });
    const clock = createManualClock();
    const engine = createPermissionEngine({ store: memoryStore(), clock });
    const prompter = inkPrompter({
      engine,
      clock,
      stdin: terminal.stdin,
      stdout: terminal.stdout,
      stderr: terminal.stderr,
    });
    try {
      await expect(
        prompter.elicit({ params: question('Rename the note?'), server }),
      ).rejects.toThrow(/not a terminal/);
      expect(await engine.request(call(tools.notesPut), { prompt: prompter.prompt })).toMatchObject(
        { allowed: false },
      );
      const onDecision = vi.fn();
      expect(await prompter.show(call(tools.notesPut), onDecision)).toBe('deny_once');
      expect(onDecision).toHaveBeenCalledWith('deny_once');
      expect(terminal.writes).toEqual([]);
    } finally {
      prompter.unmount();
      engine.dispose();
    }
  });
});
