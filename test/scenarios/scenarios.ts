import { createTranslator } from '@mcp-consent/i18n';
import { DAY_MS, isDecisionEvent } from '@mcp-consent/engine';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HostOptions, RendererDriver, ScenarioHost } from './driver.js';
import {
  call,
  forbiddenOnScreen,
  hostile,
  hostileCall,
  longArgs,
  secretArgs,
  server,
  tools,
} from './fixtures.js';
import { GUARD_MS } from './host-runtime.js';
import { until } from './poll.js';
import { dryRunScenarios } from './dry-run-scenarios.js';
import { editScenarios } from './edit-scenarios.js';
import { elicitationScenarios } from './elicitation-scenarios.js';
import { resultReviewScenarios } from './result-review-scenarios.js';
import { rootsScenarios } from './roots-scenarios.js';
import { roundTripScenarios } from './round-trip-scenarios.js';
import { grainScenarios } from './grain-scenarios.js';
import { samplingScenarios } from './sampling-scenarios.js';
import { sheetScenarios } from './sheet-scenarios.js';

const en = createTranslator('en-US');
const pt = createTranslator('pt-BR');

/** Whitespace-insensitive, because terminals wrap and browsers collapse. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The one list of user-visible scenarios (spec 003 T1–T8, N1–N3, keyboard,
 * focus, queue, input guard, hostile text, locales) that every renderer must
 * pass unmodified. Each renderer's test file calls this with its driver.
 */
export function runScenarioSuite(driverName: string, makeDriver: () => RendererDriver): void {
  describe(`scenario suite: ${driverName}`, () => {
    const driver = makeDriver();
    let host: ScenarioHost | undefined;
    const start = async (options?: HostOptions) => (host = await driver.start(options));

    /** Waits for the prompt and lets the input guard pass, as a person would. */
    const openPrompt = async (h: ScenarioHost) => {
      await h.waitForPrompt();
      await h.advance(GUARD_MS);
    };
    const sees = async (h: ScenarioHost, text: string) =>
      expect(norm(await h.screen())).toContain(norm(text));

    afterEach(async () => {
      await host?.dispose();
      host = undefined;
    });
    afterAll(() => driver.close());

    it('T1: a call without a grant shows the prompt with title, tool, server and risk', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesPut));
      await h.waitForPrompt();
      await sees(h, en.t('mcp.permission.title'));
      await sees(h, 'notes_put');
      await sees(h, en.t('mcp.permission.from', { server: server.name }));
      await sees(h, en.t('mcp.permission.risk.medium'));
      expect(await h.isSettled(handle)).toBe(false);
    });

    it('T2: Allow once (key 1) runs the call; the next call asks again', async () => {
      const h = await start();
      const first = await h.request(call(tools.notesPut));
      await openPrompt(h);
      await h.press('1');
      expect(await h.result(first)).toMatchObject({ allowed: true, choice: 'allow_once' });
      await h.waitForClosed();
      await h.request(call(tools.notesPut));
      await h.waitForPrompt();
    });

    it('T3: Allow always (click) runs the call; the next call is a cache hit with no prompt', async () => {
      const h = await start();
      const first = await h.request(call(tools.notesPut));
      await openPrompt(h);
      await h.click('allow_always');
      expect(await h.result(first)).toMatchObject({ allowed: true, choice: 'allow_always' });
      await h.waitForClosed();
      const second = await h.request(call(tools.notesPut, { args: { id: 'other' } }));
      expect(await h.result(second)).toMatchObject({ allowed: true, origin: 'cache_hit' });
      expect(await h.isOpen()).toBe(false);
      expect((await h.audit()).at(-1)).toMatchObject({
        origin: 'cache_hit',
        decision: 'ALLOW_ALWAYS',
      });
    });

    it('T4: Deny once (key 3) does not allow the call, and the next call asks again', async () => {
      const h = await start();
      const first = await h.request(call(tools.notesPut));
      await openPrompt(h);
      await h.press('3');
      expect(await h.result(first)).toMatchObject({ allowed: false, choice: 'deny_once' });
      await h.waitForClosed();
      await h.request(call(tools.notesPut));
      await h.waitForPrompt();
    });

    it('T5: Deny always (key 4) is remembered across a restart: denied without a prompt', async () => {
      const h = await start();
      const first = await h.request(call(tools.notesDelete));
      await openPrompt(h);
      await h.press('4');
      expect(await h.result(first)).toMatchObject({ allowed: false, choice: 'deny_always' });
      await h.restart();
      const again = await h.request(call(tools.notesDelete));
      expect(await h.result(again)).toMatchObject({ allowed: false, origin: 'cache_hit' });
      expect(await h.isOpen()).toBe(false);
    });

    it('T6: a tool the catalog has not described yet prompts at once, as high risk', async () => {
      const h = await start();
      await h.request(call({ name: 'notes_put' }));
      await h.waitForPrompt();
      // High, and the badge says why without claiming an effect nobody declared (issue 16).
      await sees(h, en.t('mcp.permission.risk.high_undescribed'));
    });

    it('T7: an expired allow-always grant asks again, saying it expired', async () => {
      const h = await start();
      const first = await h.request(call(tools.notesList));
      await openPrompt(h);
      await h.click('allow_always');
      await h.result(first);
      await h.waitForClosed();
      await h.advance(91 * DAY_MS);
      const renewal = await h.request(call(tools.notesList));
      await openPrompt(h);
      await sees(h, en.t('mcp.permission.notice.expired'));
      await h.press('1');
      expect(await h.result(renewal)).toMatchObject({
        allowed: true,
        origin: 'auto_revoke_renewal',
      });
    });

    it("T8: user A's grant in workspace 1 does not answer for user B in workspace 2", async () => {
      const h = await start();
      const first = await h.request(call(tools.notesPut));
      await openPrompt(h);
      await h.click('allow_always');
      await h.result(first);
      await h.waitForClosed();
      const other = await h.request(call(tools.notesPut, { userId: 'bob', workspaceId: 'ws-2' }));
      await h.waitForPrompt();
      expect(await h.isSettled(other)).toBe(false);
    });

    it('N1: before the store has synced, the prompt appears (never a silent decision)', async () => {
      const h = await start({ store: 'hang' });
      const handle = await h.request(call(tools.notesPut));
      await h.idle();
      expect(await h.isOpen()).toBe(false);
      await h.advance(250);
      await openPrompt(h);
      await sees(h, en.t('mcp.permission.notice.not_ready'));
      await h.press('3');
      expect(await h.result(handle)).toMatchObject({ allowed: false });
    });

    it('N2: every decision made through the UI is audited once, without the arguments', async () => {
      const h = await start();
      const a = await h.request(call(tools.notesPut, { args: secretArgs }));
      await openPrompt(h);
      await h.press('1');
      await h.result(a);
      await h.waitForClosed();
      const b = await h.request(call(tools.notesPut, { args: secretArgs }));
      await openPrompt(h);
      await h.press('Escape');
      await h.result(b);
      const audit = await h.audit();
      expect(audit.map((event) => isDecisionEvent(event) && event.decision)).toEqual([
        'ALLOW_ONCE',
        'DENY_ONCE',
      ]);
      expect(JSON.stringify(audit)).not.toContain(secretArgs.apiKey);
    });

    it('N3: for a destructive tool Allow always is disabled with its reason and cannot be chosen', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesDelete));
      await openPrompt(h);
      expect(await h.action('allow_always')).toEqual({
        label: en.t('mcp.permission.action.allow_always'),
        enabled: false,
        reason: en.t('mcp.permission.allow_always.disabled_destructive'),
      });
      await h.press('2');
      await h.click('allow_always');
      expect(await h.isOpen()).toBe(true);
      expect(await h.isSettled(handle)).toBe(false);
      expect(await h.focusedAction()).toBe('deny_once');
    });

    it('default focus is Allow once, and Enter answers the focused action', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesPut));
      await openPrompt(h);
      expect(await h.focusedAction()).toBe('allow_once');
      await h.press('Enter');
      expect(await h.result(handle)).toMatchObject({ allowed: true, choice: 'allow_once' });
    });

    it('destructive tools focus Deny once, so Enter denies', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesDelete));
      await openPrompt(h);
      await h.press('Enter');
      expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
    });

    it('Escape answers Deny once, never Deny always', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesPut));
      await openPrompt(h);
      await h.press('Escape');
      expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
      expect(await h.grants()).toEqual([]);
      await h.waitForClosed();
    });

    it('keyboard only: arrows move between actions and Enter answers the one reached', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesPut));
      await openPrompt(h);
      await h.press('ArrowDown');
      expect(await h.focusedAction()).toBe('allow_always');
      await h.press('Enter');
      expect(await h.result(handle)).toMatchObject({ allowed: true, choice: 'allow_always' });
    });

    it('the four actions carry the R9 labels', async () => {
      const h = await start();
      await h.request(call(tools.notesPut));
      await openPrompt(h);
      for (const choice of ['allow_once', 'allow_always', 'deny_once', 'deny_always'] as const) {
        expect(await h.action(choice)).toMatchObject({
          label: en.t(`mcp.permission.action.${choice}`),
          enabled: true,
        });
      }
    });

    it('queue: prompts wait their turn and show their position', async () => {
      const h = await start();
      const first = await h.request(call(tools.notesPut));
      const second = await h.request(call(tools.notesList));
      await openPrompt(h);
      // The second call joins the queue once its arguments are hashed, as the user then sees.
      const position = norm(en.t('mcp.permission.queue.position', { position: 1, total: 2 }));
      await until(async () => norm(await h.screen()).includes(position), 'the queue position');
      await sees(h, 'notes_put');
      await h.press('1');
      expect(await h.result(first)).toMatchObject({ allowed: true });
      await openPrompt(h);
      await sees(h, 'notes_list');
      await h.press('3');
      expect(await h.result(second)).toMatchObject({ allowed: false });
    });

    it('input guard: keys pressed right after the prompt appears do not answer it', async () => {
      const h = await start();
      const handle = await h.request(call(tools.notesPut));
      await h.waitForPrompt();
      await h.press('1');
      await h.press('Enter');
      expect(await h.isSettled(handle)).toBe(false);
      expect(await h.isOpen()).toBe(true);
      await h.advance(GUARD_MS);
      await h.press('1');
      expect(await h.result(handle)).toMatchObject({ allowed: true, choice: 'allow_once' });
    });

    it('input guard: keys typed before the prompt appeared do not answer it', async () => {
      const h = await start();
      await h.typeAhead('1111\n');
      const handle = await h.request(call(tools.notesPut));
      await h.waitForPrompt();
      await h.typeAhead('2\n');
      expect(await h.isSettled(handle)).toBe(false);
      expect(await h.isOpen()).toBe(true);
    });

    it('hostile server text is shown inert, inside the prompt, and the user can still deny', async () => {
      const h = await start();
      const handle = await h.request(hostileCall);
      await openPrompt(h);
      const screen = await h.screen();
      for (const char of forbiddenOnScreen) expect(screen).not.toContain(char);
      expect(screen).toContain('<img src=x');
      expect(screen).toContain('Safe tool');
      expect(screen.length).toBeLessThan(20_000);
      expect(await h.compromised()).toEqual([]);
      await h.press('Escape');
      expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
      expect(await h.compromised()).toEqual([]);
      expect(hostile.description.length).toBeGreaterThan(50_000);
    });

    it('long arguments are truncated with show more that reveals the whole value', async () => {
      const h = await start();
      await h.request(call(tools.notesPut, { args: longArgs }));
      await openPrompt(h);
      expect(await h.screen()).not.toContain(longArgs.tail);
      await h.expandArguments();
      await sees(h, longArgs.tail);
    });

    it('secret-looking arguments are redacted in the preview', async () => {
      const h = await start();
      await h.request(call(tools.notesPut, { args: secretArgs }));
      await openPrompt(h);
      await sees(h, secretArgs.query);
      expect(await h.screen()).not.toContain(secretArgs.apiKey);
    });

    sheetScenarios({ start, openPrompt });
    dryRunScenarios({ start, openPrompt });
    elicitationScenarios({ start, openPrompt });
    grainScenarios({ start, openPrompt });
    editScenarios({ start, openPrompt });
    rootsScenarios({ start, openPrompt });
    resultReviewScenarios({ start, openPrompt });
    samplingScenarios({ start, openPrompt });
    roundTripScenarios({ start, openPrompt });

    it('pt-BR shows the R9 copy word for word', async () => {
      const h = await start({ locale: 'pt-BR' });
      await h.request(call(tools.notesDelete));
      await openPrompt(h);
      await sees(h, 'Permitir execução desta ferramenta?');
      await sees(h, pt.t('mcp.permission.from', { server: server.name }));
      await sees(h, 'Risco alto · pode modificar dados');
      expect((await h.action('deny_always')).label).toBe('Negar sempre');
      expect((await h.action('allow_once')).label).toBe('Permitir uma vez');
    });
  });
}
