/**
 * What may answer a prompt: keys typed before it appeared (still buffered in stdin) never
 * do, with or without the time guard; a disabled action cannot be chosen with the arrows
 * either; and the key hint replaces the guard notice even when the guard's timer fires
 * a moment early.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, type Clock } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { GUARD_MS, harness } from './harness.js';

const en = createTranslator('en-US');
const UP = '\u001B[A';
const ESC = '\u001B';

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

/** A request and whether it has been answered yet. */
function asked(h: ReturnType<typeof harness>, ...args: Parameters<typeof call>) {
  const state = { settled: false };
  const result = h.ask(call(...args));
  void result.then(() => (state.settled = true));
  return { result, state };
}

describe('input typed before the prompt appeared', () => {
  // One key at a time: keys buffered together reach Ink as one chunk, which is a paste,
  // and a paste never answers anyway.
  it.each([
    ['1', '1'],
    ['Enter', '\r'],
  ])(
    'a buffered %s does not answer it, even with no time guard; a key pressed once it shows does',
    async (_name, key) => {
      const h = start({ guardMs: 0 });
      // Typed while the host was busy: "1" and Enter would both mean Allow once here.
      h.terminal.type(key);
      const { result, state } = asked(h, tools.notesPut);
      await h.sees(`4. ${en.t('mcp.permission.action.deny_always')}`);
      await h.quiet();
      expect(h.text()).toContain(en.t('mcp.permission.keys.hint')); // no guard notice: 0 ms
      expect(state.settled).toBe(false);
      expect(h.prompter.getSnapshot().current?.kind).toBe('permission');
      expect(h.text()).toContain(`› 1. ${en.t('mcp.permission.action.allow_once')}`);
      await h.press('3');
      expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
    },
  );
});

describe('a disabled Allow always', () => {
  it('arrowing onto it and pressing Enter does not answer; its reason stays on screen', async () => {
    const h = start();
    const { result, state } = asked(h, tools.notesDelete);
    await h.sees(`› 3. ${en.t('mcp.permission.action.deny_once')}`);
    await h.passGuard();
    await h.press(UP);
    await h.sees(`› 2. ${en.t('mcp.permission.action.allow_always')}`);
    await h.press('\r');
    await h.quiet();
    expect(state.settled).toBe(false);
    expect(h.prompter.getSnapshot().current?.kind).toBe('permission');
    expect(h.text()).toContain(en.t('mcp.permission.allow_always.disabled_destructive'));
    await h.press(ESC);
    expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
  });
});

describe('the guard notice', () => {
  it('gives way to the key hint even when the guard timer fires a millisecond early', async () => {
    // Node's setTimeout runs on a monotonic clock and Date.now() on the wall clock, so a
    // 500 ms timer can fire when Date.now() says 499 ms have passed.
    const time = createManualClock(Date.UTC(2026, 10, 21, 9));
    const early: Clock = {
      now: () => time.now(),
      setTimer: (callback, ms) => time.setTimer(callback, ms > 1 ? ms - 1 : ms),
    };
    const h = start({ clock: early });
    const { result } = asked(h, tools.notesPut);
    await h.sees(en.t('mcp.permission.guard'));
    time.advance(GUARD_MS - 1);
    await h.quiet();
    expect(h.text()).toContain(en.t('mcp.permission.guard'));
    time.advance(1);
    await h.sees(en.t('mcp.permission.keys.hint'));
    expect(h.text()).not.toContain(en.t('mcp.permission.guard'));
    await h.press('1');
    expect(await result).toMatchObject({ allowed: true, choice: 'allow_once' });
  });
});

/**
 * Keys that arrive together: a terminal hands a paste, or keys typed faster than the app
 * reads, over in one chunk. Each test writes the chunk to stdin in one write.
 */
describe('keys that arrive together', () => {
  const DOWN = '\u001B[B';

  it.each([
    ['"1" and Enter', '1\r'],
    ['two Enters', '\r\r'],
    ['an arrow and Enter', `${UP}\r`],
    ['Enter and an arrow', `\r${DOWN}`],
    ['a digit after an arrow', `${DOWN}1`],
  ])(
    '%s in one chunk never answer a permission prompt; one key at a time still does',
    async (_name, chunk) => {
      const h = start();
      const { result, state } = asked(h, tools.notesPut);
      await h.sees(`4. ${en.t('mcp.permission.action.deny_always')}`);
      await h.passGuard();
      await h.press(chunk);
      await h.quiet();
      expect(state.settled).toBe(false);
      expect(h.prompter.getSnapshot().current?.kind).toBe('permission');
      await h.press('3');
      expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
    },
  );

  it('arrows in one chunk still move the focus, one answer per arrow', async () => {
    const h = start();
    const { result, state } = asked(h, tools.notesPut);
    await h.sees(`› 1. ${en.t('mcp.permission.action.allow_once')}`);
    await h.passGuard();
    await h.press(`${DOWN}${DOWN}`);
    await h.sees(`› 3. ${en.t('mcp.permission.action.deny_once')}`);
    expect(state.settled).toBe(false);
    await h.press('\r');
    expect(await result).toMatchObject({ allowed: false, choice: 'deny_once' });
  });
});
