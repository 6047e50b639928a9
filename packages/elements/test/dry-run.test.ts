import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { dryRunAnatomy } from '@mcp-consent/prompt';
import { longArgs } from '../../../test/scenarios/fixtures.js';
import { findCompromise } from './compromise.js';
import { show, useGalleryBrowser } from './gallery.js';

/**
 * The dry-run mode of `<mcp-permission-sheet>` (seed 001) beyond the shared scenarios:
 * its anatomy as shadow parts, the dialog's name and description, the default action,
 * the events, Show more on a long preview, the close button, and a locale.
 */
const SHEET = 'mcp-permission-sheet';
const en = createTranslator('en-US');
const gallery = useGalleryBrowser();
let page: Page;

const focusedAnswer = (p: Page) =>
  p.evaluate(
    (tag) =>
      (document.querySelector(tag)?.shadowRoot?.activeElement as HTMLElement | null)?.dataset
        .answer ?? null,
    SHEET,
  );
const decisions = (p: Page) =>
  p.evaluate(() => window.__events.filter((e) => e.type === 'mcp-decision').map((e) => e.detail));

describe('dry-run preview in <mcp-permission-sheet>', () => {
  it('names every anatomy part as a shadow part, and is a labelled, described modal dialog', async () => {
    page = await gallery.open();
    await show(page, 'dry-run');
    const parts = await page.evaluate((tag) => {
      const root = document.querySelector(tag)!.shadowRoot!;
      return [...root.querySelectorAll('[data-scope="dry-run"][part]')].flatMap((el) =>
        el.getAttribute('part')!.split(' '),
      );
    }, SHEET);
    // The backdrop is the dialog's own ::backdrop; a notice appears only when there is one.
    const expected = dryRunAnatomy.filter((part) => part !== 'backdrop' && part !== 'notice');
    expect(new Set(parts)).toEqual(new Set([...expected, 'action-approve', 'action-deny']));
    const dialog = page.getByRole('dialog', { name: en.t('mcp.dry_run.title') });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const described = await page.evaluate((tag) => {
      const root = document.querySelector(tag)!.shadowRoot!;
      const ids = root.querySelector('dialog')!.getAttribute('aria-describedby')!.split(' ');
      return ids.map((id) => root.getElementById(id)?.textContent?.trim() ?? null);
    }, SHEET);
    expect(described[0]).toBe(
      en.t('mcp.dry_run.intro', { server: 'Notes server', tool: 'Send a message' }),
    );
    expect(described[1]).toContain('"channel": "general"');
    expect(await findCompromise(page, SHEET)).toEqual([]);
  });

  it("names itself step 2 of 2, and quotes the server's note only inside the From the server box", async () => {
    page = await gallery.open();
    await show(page, 'dry-run');
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
    expect(await box.locator('blockquote code').innerText()).toBe('__confirm:true');
    const outside = await page.evaluate((tag) => {
      const dialog = document.querySelector(tag)!.shadowRoot!.querySelector('dialog')!;
      const copy = dialog.cloneNode(true) as HTMLElement;
      copy.querySelector('[data-part="from-server"]')!.remove();
      return copy.textContent ?? '';
    }, SHEET);
    expect(outside).not.toContain('MCP_DRY_RUN');
    expect(outside).toContain(step);
  });

  it("Don't send has the focus; arrows reach Send for real, whose click reports Allow once and the dry-run answer", async () => {
    page = await gallery.open();
    await show(page, 'dry-run');
    expect(await focusedAnswer(page)).toBe('deny');
    await page.keyboard.press('ArrowRight');
    expect(await focusedAnswer(page)).toBe('approve');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedAnswer(page)).toBe('deny');
    await page.locator(`${SHEET} [data-answer='approve']`).click();
    expect(await decisions(page)).toEqual([
      expect.objectContaining({ choice: 'allow_once', dryRun: 'approve' }),
    ]);
  });

  it("the close button is Don't send", async () => {
    page = await gallery.open();
    await show(page, 'dry-run');
    const close = page.locator(`${SHEET} [data-part='close']`);
    expect(await close.getAttribute('aria-label')).toBe(en.t('mcp.dry_run.action.deny'));
    await close.click();
    expect(await decisions(page)).toEqual([
      expect.objectContaining({ choice: 'deny_once', dryRun: 'deny' }),
    ]);
  });

  it('a long preview is cut, and Show more reveals all of it', async () => {
    page = await gallery.open();
    await show(page, 'dry-run-long');
    const preview = page.locator(`${SHEET} [data-part='preview']`);
    expect(await preview.innerText()).not.toContain(longArgs.tail);
    const toggle = page.locator(`${SHEET} [data-part='args-toggle']`);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await preview.innerText()).toContain(longArgs.tail);
    expect(await preview.getAttribute('data-expanded')).toBe('true');
    expect(await decisions(page)).toEqual([]);
  });

  it('speaks the locale: pt-BR copy, right-to-left Arabic', async () => {
    const pt = createTranslator('pt-BR');
    page = await gallery.open();
    await show(page, 'dry-run', { locale: 'pt-BR' });
    const text = await page.locator(`${SHEET} dialog`).innerText();
    expect(text).toContain(pt.t('mcp.dry_run.title'));
    expect(text).toContain(pt.t('mcp.dry_run.action.approve'));
    expect(text).toContain(pt.t('mcp.dry_run.operator_notice'));
    await show(page, 'dry-run', { locale: 'ar' });
    expect(await page.locator(`${SHEET} dialog`).getAttribute('dir')).toBe('rtl');
    expect(await page.locator(`${SHEET} [data-part='preview']`).getAttribute('dir')).toBe('ltr');
  });
});
