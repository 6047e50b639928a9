/**
 * The rules editor, the mode switch and the decision log, in real Chromium against the
 * running playground (the `npm start` entry, the demo server, the guarded SDK client): what
 * the user types decides what the engine does, an invalid file fails closed (asks), and the
 * log names the rule or the mode that decided each call.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answer, call, open, openSheets, permissionSheet, result, WAIT } from './driver.js';
import { usePlayground } from './harness.js';

const playground = usePlayground();

const policyStatus = (page: Page) => page.locator('#policy-status');
/** The newest entry of the decision log. */
const latest = (page: Page) => page.locator('#decisions .decision').first();

async function typePolicy(page: Page, text: string): Promise<void> {
  await page.locator('#policy-text').fill(text);
}

describe('the rules editor', () => {
  it('applies the example, and an invalid file shows where it is wrong and asks instead of allowing', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');

    // The example is in force: its allow rule runs demo_state without a prompt.
    await page.locator('#policy-status[data-status="ok"]').waitFor(WAIT);
    expect(await policyStatus(page).innerText()).toContain(
      'Applied: 3 rules in force from policy.json (User).',
    );
    let n = await call(page, 'demo_state', {});
    await result(page, n, 'ok');
    expect(await openSheets(page).count()).toBe(0);
    await page.locator('#decisions .decision[data-origin="policy"]').waitFor(WAIT);
    expect(await latest(page).innerText()).toContain('Rule 3 in policy.json (User)');

    // A typo in a field name: the whole file is refused, with its line, column and field.
    await typePolicy(
      page,
      '{\n  "version": 1,\n  "rules": [{ "effect": "allow", "tool": "demo_state", "toool": "x" }]\n}',
    );
    await page.locator('#policy-status[data-status="invalid"]').waitFor(WAIT);
    const said = await policyStatus(page).innerText();
    expect(said).toContain('Not applied: 1 problem.');
    expect(said).toContain('the kit asks you before any call runs');
    expect(said).toContain('line 3, column 56, field rules[0].toool: unknown field "toool"');
    expect(await page.locator('#policy-text').getAttribute('aria-invalid')).toBe('true');
    // The location takes the user there: the caret lands on the bad field's name.
    await page.locator('#policy-status li[data-field="rules[0].toool"] button').click();
    const atCaret = await page.evaluate(() => {
      const editor = document.activeElement as HTMLTextAreaElement;
      return editor.id === 'policy-text' ? editor.value.slice(editor.selectionStart) : null;
    });
    expect(atCaret).toMatch(/^"toool": "x"/);
    expect(await policyStatus(page).getAttribute('aria-live')).toBe('polite');

    // The call the allow rule covered is now asked about, not allowed.
    n = await call(page, 'demo_state', {});
    await permissionSheet(page).waitFor(WAIT);
    await answer(page, 'deny_once');
    await result(page, n, 'denied', '[data-settled-by="answer"]');
    await page
      .locator('#decisions .decision[data-origin="user_prompt"][data-for-tool="demo_state"]')
      .waitFor(WAIT);
    expect(await latest(page).innerText()).toContain('Your choice');

    // Malformed JSON is located too; fixing the text applies it again.
    await typePolicy(page, '{ "version": 1, "rules": [');
    await page.locator('#policy-status li[data-line="1"][data-column="27"]').waitFor(WAIT);
    expect(await policyStatus(page).innerText()).toContain('line 1, column 27: malformed JSON');
    await typePolicy(page, '{ "version": 1, "rules": [] }');
    await page.locator('#policy-status[data-status="ok"]').waitFor(WAIT);
    expect(await policyStatus(page).innerText()).toContain('Applied: no rules in force.');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a deny rule denies the call without a prompt, and the log names the rule and its reason', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'react');
    await typePolicy(
      page,
      JSON.stringify(
        {
          version: 1,
          rules: [
            { effect: 'ask', tool: 'notes_*' },
            {
              id: 'keep-notes',
              effect: 'deny',
              tool: 'notes_put',
              args: [{ pointer: '/id', glob: 'shared-*' }],
              reason: 'Shared notes are read-only here.',
            },
          ],
        },
        null,
        2,
      ),
    );
    await page.locator('#policy-layer').selectOption('managed');
    await page.locator('#policy-status[data-status="ok"]').waitFor(WAIT);
    expect(await policyStatus(page).innerText()).toContain('(Managed by an admin)');

    const n = await call(page, 'notes_put', { id: 'shared-plan', text: 'x' });
    const denied = await result(page, n, 'denied', '[data-settled-by="rule"]');
    expect(await denied.locator('.result-headline').innerText()).toContain('notes_put');
    expect(await openSheets(page).count()).toBe(0);
    const entry = page.locator('#decisions .decision[data-origin="policy"][data-rule="2"]');
    await entry.waitFor(WAIT);
    const text = await entry.innerText();
    expect(text).toContain('notes_put');
    expect(text).toContain('Denied once');
    expect(text).toContain('A policy rule');
    expect(text).toContain('Rule 2 in policy.json (Managed by an admin)');
    expect(text).toContain('keep-notes');
    expect(text).toContain('Shared notes are read-only here.');

    // Other arguments are not covered by the deny: the ask rule asks, and the log says why.
    const m = await call(page, 'notes_put', { id: 'mine', text: 'x' });
    await answer(page, 'deny_once');
    await result(page, m, 'denied', '[data-settled-by="answer"]');
    const asked = page.locator('#decisions .decision[data-origin="user_prompt"][data-rule="1"]');
    await asked.waitFor(WAIT);
    expect(await asked.innerText()).toContain(
      'Asked because of rule 1 in policy.json (Managed by an admin)',
    );

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the mode switch', () => {
  it('plan mode denies a call that is not read-only without a prompt, and still asks about a read-only one', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');
    await page.locator('#mode').selectOption('plan');
    await page.locator('#mode-help[data-mode="plan"]').waitFor(WAIT);
    expect(await page.locator('#mode-help').innerText()).toContain(
      'Every call that is not read-only is denied without asking.',
    );

    let n = await call(page, 'notes_put', { id: 'plan', text: 'x' });
    await result(page, n, 'denied');
    expect(await openSheets(page).count()).toBe(0);
    const entry = page.locator(
      '#decisions .decision[data-origin="mode"][data-for-tool="notes_put"]',
    );
    await entry.waitFor(WAIT);
    expect(await entry.innerText()).toContain('The permission mode · Plan');

    // A read-only tool is not the mode's to deny: the user is asked as usual.
    n = await call(page, 'notes_list', {});
    await answer(page, 'allow_once');
    await result(page, n, 'ok');

    // Back in ask mode, the same call is asked about again.
    await page.locator('#mode').selectOption('ask');
    n = await call(page, 'notes_put', { id: 'plan', text: 'x' });
    await answer(page, 'deny_once');
    await result(page, n, 'denied', '[data-settled-by="answer"]');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('an answer for this session holds until End session, then the call is asked about again', async () => {
    const { context, page, errors } = await open(playground.browser, playground.url, 'lit');
    const args = { id: 'session-note', text: 'x' };

    // Allow for this session, picked in the sheet's "How long" panel.
    let n = await call(page, 'notes_put', args);
    const sheet = permissionSheet(page);
    await sheet.waitFor(WAIT);
    await sheet.locator('[data-part="grains-toggle"]').click();
    await sheet
      .locator('[data-part="grain-select"][data-decision="allow"]')
      .selectOption('session');
    await answer(page, 'allow_always');
    await result(page, n, 'ok');
    expect(await latest(page).innerText()).toContain('Allowed for this session');

    // The same call again: allowed by the session's answer, without a prompt.
    n = await call(page, 'notes_put', args);
    await result(page, n, 'ok');
    expect(await openSheets(page).count()).toBe(0);
    const kept = page.locator('#decisions .decision[data-n="2"][data-origin="cache_hit"]');
    await kept.waitFor(WAIT);
    // Kept for this session only, not saved: the log says so.
    expect(await kept.locator('.decision-origin').innerText()).toBe('Answer kept for this session');

    // End session: said on screen, and the next call is asked about.
    await page.locator('#end-session').click();
    await expect(page.locator('#session-status').innerText()).resolves.toContain(
      'Session ended: answers given for this session no longer apply.',
    );
    n = await call(page, 'notes_put', args);
    await answer(page, 'deny_once');
    await result(page, n, 'denied', '[data-settled-by="answer"]');
    expect(await page.locator('#session-status').innerText()).toBe('');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("the user's expiry setting (R5) survives a reload (Never expires, Off)", async () => {
    const { context, page } = await open(playground.browser, playground.url, 'lit');
    const low = page.locator('[data-part="expiry-select"][data-tier="low"]');
    await low.waitFor(WAIT);
    await low.selectOption({ label: 'Never expires' });
    const high = page.locator('[data-part="expiry-select"][data-tier="high"]');
    await high.selectOption({ label: 'Off: no Allow always' });
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', ...WAIT });
    await low.waitFor(WAIT);
    expect(await low.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe(
      'Never expires',
    );
    expect(await high.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe(
      'Off: no Allow always',
    );
    await context.close();
  });
});
