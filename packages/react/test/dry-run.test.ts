import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { dryRunAnatomy, type DryRunRequest } from '@mcp-consent/prompt';
import {
  call,
  dryRunExtras,
  dryRunPreview,
  longArgs,
  server,
  tools,
} from '../../../test/scenarios/fixtures.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import type { Lab } from './fixture/lab-page.js';
import { useFixturePages } from './fixture-pages.js';

/**
 * The dry-run preview (seed 001) in `<PermissionSheet>` beyond the shared scenarios:
 * anatomy as `data-part`, the dialog's name and description, the default action,
 * `onDecision`, Show more, the close button, a locale, and `<DryRunSheet>` on its own.
 */
const ROOT = '[data-scope="dry-run"][data-part="root"]';
const en = createTranslator('en-US');
const pages = useFixturePages();

/** The provider fixture with a dry-run preview on screen, its guard lifted. */
async function preview(locale = 'en-US', args: unknown = dryRunPreview) {
  const { page, host } = await pages.start({ options: { locale } });
  const handle = await host.request(
    call(tools.messagesSend, { args: dryRunPreview }),
    dryRunExtras(undefined, args),
  );
  await host.waitForPrompt();
  await host.advance(GUARD_MS);
  return { page, host, handle };
}

const focusedAnswer = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.answer ?? null);

describe('dry-run preview in <PermissionSheet>', () => {
  it('marks every anatomy part, and is a labelled, described modal dialog', async () => {
    const { page } = await preview();
    const parts = await page.$$eval(`${ROOT}, ${ROOT} [data-part]`, (els) =>
      els.map((el) => (el as HTMLElement).dataset.part!),
    );
    const backdrop = await page.$$eval('[data-scope="dry-run"][data-part="backdrop"]', (e) => e);
    expect(backdrop.length).toBe(1);
    // A notice appears only when there is one.
    const expected = dryRunAnatomy.filter((part) => part !== 'backdrop' && part !== 'notice');
    expect(new Set(parts)).toEqual(new Set(expected));
    const dialog = page.getByRole('dialog', { name: en.t('mcp.dry_run.title') });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const described = await page.evaluate((selector) => {
      const ids = document.querySelector(selector)!.getAttribute('aria-describedby')!.split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? null);
    }, ROOT);
    expect(described[0]).toBe(
      en.t('mcp.dry_run.intro', { server: server.name, tool: 'Send a message' }),
    );
    expect(described[1]).toContain('"channel": "general"');
  });

  it("names itself step 2 of 2, and quotes the server's note only inside the From the server box", async () => {
    const { page } = await preview();
    const step = en.t('mcp.dry_run.step', {
      index: 2,
      total: 2,
      label: en.t('mcp.dry_run.step.send'),
    });
    const dialog = page.getByRole('dialog', { name: `${step} ${en.t('mcp.dry_run.title')}` });
    expect(await dialog.count()).toBe(1);
    const box = page.getByRole('group', { name: en.t('mcp.dry_run.hint.heading') });
    expect(await box.innerText()).toContain(en.t('mcp.dry_run.hint.label'));
    expect(await box.locator('blockquote').innerText()).toContain('MCP_DRY_RUN=false');
    // `__confirm:true` is a code span of the quoted note, not a kit instruction.
    expect(await box.locator('blockquote code').innerText()).toBe('__confirm:true');
    const outside = await page.evaluate((selector) => {
      const root = document.querySelector(selector)!.cloneNode(true) as HTMLElement;
      root.querySelector('[data-part="from-server"]')!.remove();
      return root.textContent ?? '';
    }, ROOT);
    expect(outside).not.toContain('MCP_DRY_RUN');
    expect(outside).toContain(step);
  });

  it("Don't send has the focus; arrows reach Send for real, whose click answers Allow once", async () => {
    const { page, host, handle } = await preview();
    expect(await focusedAnswer(page)).toBe('deny');
    await page.keyboard.press('ArrowRight');
    expect(await focusedAnswer(page)).toBe('approve');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedAnswer(page)).toBe('deny');
    await page.click(`${ROOT} [data-answer="approve"]`);
    expect(await host.result(handle)).toMatchObject({ allowed: true, choice: 'allow_once' });
    await host.waitForClosed();
  });

  it("the close button is Don't send", async () => {
    const { page, host, handle } = await preview();
    const close = page.locator(`${ROOT} [data-part="close"]`);
    expect(await close.getAttribute('aria-label')).toBe(en.t('mcp.dry_run.action.deny'));
    await close.click();
    expect(await host.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it('a long preview is cut, and Show more reveals all of it', async () => {
    const { page, host, handle } = await preview('en-US', longArgs);
    const body = page.locator(`${ROOT} [data-part="preview"]`);
    expect(await body.innerText()).not.toContain(longArgs.tail);
    await page.click(`${ROOT} [data-part="args-toggle"]`);
    expect(await body.innerText()).toContain(longArgs.tail);
    expect(await body.getAttribute('data-expanded')).toBe('true');
    expect(await host.isSettled(handle)).toBe(false);
  });

  it('speaks the locale: pt-BR copy, right-to-left Arabic', async () => {
    const pt = createTranslator('pt-BR');
    const { page } = await preview('pt-BR');
    const text = await page.locator(ROOT).innerText();
    expect(text).toContain(pt.t('mcp.dry_run.title'));
    expect(text).toContain(pt.t('mcp.dry_run.action.approve'));
    expect(text).toContain(pt.t('mcp.dry_run.operator_notice'));
    const ar = await preview('ar');
    expect(await ar.page.locator(ROOT).getAttribute('dir')).toBe('rtl');
    expect(await ar.page.locator(`${ROOT} [data-part="preview"]`).getAttribute('dir')).toBe('ltr');
  });
});

describe('<DryRunSheet> on its own (controlled, no provider)', () => {
  it('shows a preview the host parsed itself and reports the answer', async () => {
    const page = await pages.open('lab.html', {}, '__lab');
    const request: DryRunRequest = {
      id: 'dry-1',
      server,
      tool: tools.messagesSend,
      preview: dryRunPreview,
      hint: 'Set MCP_DRY_RUN=false AND pass __confirm',
    };
    await page.evaluate((r) => (window as unknown as { __lab: Lab }).__lab.mountDryRun(r), request);
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.answer === 'deny',
    );
    expect(await page.locator(ROOT).innerText()).toContain('Set MCP_DRY_RUN=false AND pass');
    await page.evaluate(() => (window as unknown as { __lab: Lab }).__lab.clock.advance(500));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction((selector) => !document.querySelector(selector), ROOT);
    expect(
      await page.evaluate(() => (window as unknown as { __lab: Lab }).__lab.dryRunAnswers),
    ).toEqual(['approve']);
  });
});
