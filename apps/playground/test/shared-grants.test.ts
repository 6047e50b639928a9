/**
 * Grants of a signed-in user live in the server's database, in real Chromium against the
 * playground server on PGlite: what the user answers "always" in one browser decides in their
 * other browser without a prompt, never for another user, and a revoke in one makes the other
 * ask again. Every wait is on visible UI state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answer, call, connected, openSheets, result, WAIT } from './driver.js';
import { usePlaygroundOnPglite } from './harness.js';

const playground = usePlaygroundOnPglite();

/** The playground in a browser profile of its own, signed in as `user` through the API. */
async function browserOf(user: string, errors: string[]): Promise<Page> {
  const context = await playground.context({ viewport: { width: 1280, height: 900 } });
  const signedIn = await context.request.post(new URL('/api/session', playground.server.url).href, {
    data: { user },
    headers: { origin: playground.server.url.origin },
  });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(new URL('/?renderer=lit', playground.server.url).href);
  await connected(page);
  await page.locator(`.sign-in[data-signed-in="${user}"]`).waitFor(WAIT);
  return page;
}

const manager = (page: Page) => page.locator('#manager');
const grantRows = (page: Page) => manager(page).locator('[data-part="grant-row"]');

describe("a signed-in user's grants, shared by their browsers", () => {
  it('Deny always in one browser decides in the other without a prompt, never for another user; a revoke asks again', async () => {
    const errors: string[] = [];
    const [a, b, bruno] = [
      await browserOf('ana', errors),
      await browserOf('ana', errors),
      await browserOf('bruno', errors),
    ];

    // The manager says where the grants are: the server's database, not this browser.
    const where = (page: Page) =>
      page.locator('section[aria-labelledby="manager-heading"] .note').textContent();
    await expect(where(a)).resolves.toContain('Kept in the server’s database');
    const anonymous = await (await playground.context()).newPage();
    await anonymous.goto(new URL('/?renderer=lit', playground.server.url).href);
    await connected(anonymous);
    await expect(where(anonymous)).resolves.toContain('Kept in this browser (IndexedDB)');

    let n = await call(a, 'notes_delete', { id: 'groceries' });
    await answer(a, 'deny_always');
    await result(a, n, 'denied', '[data-settled-by="answer"]');

    // B (ana's other browser) hears the grant from the server and lists it.
    await grantRows(b).first().waitFor(WAIT);
    await expect(grantRows(b).first().textContent()).resolves.toContain('notes_delete');
    n = await call(b, 'notes_delete', { id: 'groceries' });
    const byGrant = await result(b, n, 'denied', '[data-settled-by="grant"]');
    expect(await byGrant.getAttribute('data-choice')).toBe('deny_always');
    expect(await openSheets(b).count()).toBe(0);

    // Bruno holds nothing of ana's: his call asks.
    expect(await grantRows(bruno).count()).toBe(0);
    n = await call(bruno, 'notes_delete', { id: 'groceries' });
    await answer(bruno, 'deny_once');
    await result(bruno, n, 'denied', '[data-settled-by="answer"]');

    // A revokes in its manager: B's list empties and its next call asks.
    await grantRows(a).first().locator('[data-part="revoke"]').click();
    await grantRows(b)
      .first()
      .waitFor({ state: 'detached', ...WAIT });
    n = await call(b, 'notes_delete', { id: 'groceries' });
    await answer(b, 'deny_once');
    await result(b, n, 'denied', '[data-settled-by="answer"]');

    // After a reload, B loads ana's grants from the server again (none left).
    await b.reload();
    await connected(b);
    expect(await grantRows(b).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
