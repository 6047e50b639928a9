/**
 * Approval from another device, in real Chromium against the playground server on PGlite: two
 * browser contexts signed in as the same user; A calls a destructive tool, B answers it on
 * `/approvals`, A's sheet closes and the call runs once. A second answer of the same id is
 * refused, on the API and on a page whose list was stale. Another user sees nothing of it.
 * Every wait is on visible UI state.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, connected, openSheets, permissionSheet, result, WAIT } from './driver.js';
import { usePlaygroundOnPglite } from './harness.js';

const playground = usePlaygroundOnPglite();

const PHONE = { width: 390, height: 844 };

/** A browser profile of its own; signed in as `user` through the API when given. */
async function profile(user?: string, viewport = { width: 1280, height: 900 }) {
  const context = await playground.context({ viewport });
  if (user) {
    const signedIn = await context.request.post(
      new URL('/api/session', playground.server.url).href,
      {
        data: { user },
        headers: { origin: playground.server.url.origin },
      },
    );
    expect(signedIn.status()).toBe(200);
  }
  return context;
}

async function page(context: BrowserContext, path: string, errors: string[]): Promise<Page> {
  const opened = await context.newPage();
  opened.on('pageerror', (error) => errors.push(String(error)));
  await opened.goto(new URL(path, playground.server.url).href);
  return opened;
}

async function approvalsPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const opened = await page(context, '/approvals', errors);
  await opened.locator('html[data-ready="true"]').waitFor({ state: 'attached', ...WAIT });
  return opened;
}

const items = (on: Page) => on.locator('#approvals li[data-approval]');

describe('approval from another device', () => {
  it('B allows once on /approvals: A’s sheet closes, the call runs once, a second answer is refused', async () => {
    const errors: string[] = [];
    const origin = playground.server.url.origin;

    // A: the playground, signed in as ana. Its prompts go into ana's queue too.
    const a = await page(await profile('ana'), '/?renderer=lit', errors);
    await connected(a);
    await a.locator('.sign-in[data-signed-in="ana"]').waitFor(WAIT);
    const n = await call(a, 'notes_delete', { id: 'groceries' });
    await permissionSheet(a).waitFor(WAIT);

    // Bruno sees nothing of ana's call.
    const bruno = await approvalsPage(await profile('bruno'), errors);
    await bruno.locator('#empty').waitFor(WAIT);
    expect(await items(bruno).count()).toBe(0);

    // B: a phone-sized browser that signs in as ana on /approvals itself, with the picker.
    const bContext = await profile(undefined, PHONE);
    const b = await approvalsPage(bContext, errors);
    await b.locator('#sign-in-user').selectOption('ana');
    await b.locator('#sign-in').click();
    await b.locator('.sign-in[data-signed-in="ana"]').waitFor(WAIT);
    const item = items(b).first();
    await item.waitFor(WAIT);
    const id = (await item.getAttribute('data-approval'))!;
    expect(await item.locator('[data-part="server"]').textContent()).toBe('demo-server');
    expect(await item.locator('[data-part="tool"]').textContent()).toBe('notes_delete');
    // The tier alone: the summary carries no annotations to say more from.
    expect(await item.locator('[data-part="risk"]').textContent()).toBe('High risk');
    expect(await item.locator('[data-part="args"]').textContent()).toBe('{"id":"groceries"}');
    // Only the answers the prompt offers: no Allow always for a destructive tool.
    expect(await item.locator('button[data-choice]').allInnerTexts()).toEqual([
      'Allow once',
      'Deny once',
      'Deny always',
    ]);

    // A second page of B whose list stops refreshing: it still shows the call after it is answered.
    const stale = await approvalsPage(bContext, errors);
    await items(stale).first().waitFor(WAIT);
    const staleList = await (
      await bContext.request.get(new URL('/api/approvals', playground.server.url).href)
    ).json();
    await stale.route(new URL('/api/approvals', playground.server.url).href, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: staleList }) : route.continue(),
    );

    // Usable on a phone: no horizontal scroll, answers at least 44 px high.
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    for (const button of await item.locator('button[data-choice]').all())
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await item.locator('button[data-choice="allow_once"]').click();
    await b.locator('#notice[data-notice="sent"]').waitFor(WAIT);
    await b.locator(`li[data-approval="${id}"]`).waitFor({ state: 'detached', ...WAIT });

    // A: the permission sheet closed by itself; the server's own confirmation comes next.
    const elicitation = a.locator(
      '[data-scope="elicitation"][data-part="root"][data-state="open"][data-guard="idle"]',
    );
    await elicitation.waitFor(WAIT);
    expect(await openSheets(a).count()).toBe(0);
    await elicitation.locator('[data-action="accept"]').click();
    const ran = await result(a, n, 'ok');
    expect(await ran.textContent()).toContain('Deleted note "groceries"');
    expect(playground.server.demo.state.callCount('notes_delete')).toBe(1);

    // A second answer of the same id: refused on the API…
    const again = await bContext.request.post(
      new URL(`/api/approvals/${id}`, playground.server.url).href,
      {
        data: { answer: 'allow_once' },
        headers: { origin },
      },
    );
    expect(again.status()).toBe(409);
    expect((await again.json()).reason).toBe('not_pending');
    // …and on the stale page, which says so.
    await items(stale).first().locator('button[data-choice="allow_once"]').click();
    const notice = stale.locator('#notice[data-notice="already_answered"]');
    await notice.waitFor(WAIT);
    expect(await notice.textContent()).toContain('already answered on another device');
    expect(playground.server.demo.state.callCount('notes_delete')).toBe(1);

    // Without the page's Origin, or with a forged cookie, nothing is answered.
    const crossSite = await bContext.request.post(
      new URL(`/api/approvals/${id}`, playground.server.url).href,
      {
        data: { answer: 'deny_once' },
        headers: { origin: 'http://evil.example' },
      },
    );
    expect(crossSite.status()).toBe(403);
    const forged = await (
      await profile()
    ).request.get(new URL('/api/approvals', playground.server.url).href, {
      headers: { cookie: 'mcp_playground_session=ana.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(forged.status()).toBe(401);
    expect(errors).toEqual([]);
  });

  it('A answers on its own sheet first: the row is settled with that answer and leaves B’s list', async () => {
    const errors: string[] = [];
    const runs = playground.server.demo.state.callCount('notes_delete');
    const a = await page(await profile('chen'), '/?renderer=react', errors);
    await connected(a);
    const b = await approvalsPage(await profile('chen', PHONE), errors);
    const n = await call(a, 'notes_delete', { id: 'welcome' });
    await items(b).first().waitFor(WAIT);
    const id = await items(b).first().getAttribute('data-approval');
    await permissionSheet(a).locator('[data-part="action"][data-choice="deny_once"]').click();
    const denied = await result(a, n, 'denied', '[data-settled-by="answer"]');
    expect(await denied.getAttribute('data-choice')).toBe('deny_once');
    await b.locator('#empty').waitFor(WAIT);
    expect(playground.server.demo.state.callCount('notes_delete')).toBe(runs);
    const row = await playground.db.query('SELECT state FROM mcp_consent_approvals WHERE id = $1', [
      id,
    ]);
    expect(row.rows).toEqual([{ state: 'deny_once' }]);
    expect(errors).toEqual([]);
  });

  it('with the queue failing (5xx, then no answer endpoint), the local sheet alone decides', async () => {
    const errors: string[] = [];
    const a = await page(await profile('chen'), '/?renderer=lit', errors);
    await connected(a);
    const api = new URL('/api/approvals', playground.server.url).href;
    await a.route(api, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503 }) : route.continue(),
    );
    let n = await call(a, 'notes_delete', { id: 'nothing-here' });
    await permissionSheet(a).locator('[data-part="action"][data-choice="deny_once"]').click();
    let denied = await result(a, n, 'denied', '[data-settled-by="answer"]');
    expect(await denied.getAttribute('data-choice')).toBe('deny_once');

    // Queued, but the long poll fails: the sheet stays, and its answer settles the row.
    await a.unroute(api);
    await a.route(`${api}/*/answer`, (route) => route.abort());
    n = await call(a, 'notes_delete', { id: 'nothing-here' });
    await permissionSheet(a).locator('[data-part="action"][data-choice="deny_always"]').click();
    denied = await result(a, n, 'denied', '[data-settled-by="answer"]');
    expect(await denied.getAttribute('data-choice')).toBe('deny_always');
    const rows = await playground.db.query(
      "SELECT state FROM mcp_consent_approvals WHERE user_id = 'chen' ORDER BY created_at DESC LIMIT 1",
    );
    expect(rows.rows).toEqual([{ state: 'deny_always' }]);
    expect(errors).toEqual([]);
  });

  it('shows server text as text on /approvals: markup stays characters, hidden ones are named', async () => {
    const errors: string[] = [];
    const context = await profile('ana', PHONE);
    const queued = await context.request.post(
      new URL('/api/approvals', playground.server.url).href,
      {
        headers: { origin: playground.server.url.origin },
        data: {
          kind: 'permission',
          id: 'p-markup',
          workspaceId: 'acme',
          server: { id: 'x', name: '<b>bold</b> server' },
          tool: { name: '<img src=x onerror=alert(1)>\u202Eevil' },
          args: { html: '<script>alert(1)</script>' },
          riskTier: 'medium',
          defaultChoice: 'allow_once',
          allowAlwaysEnabled: true,
        },
      },
    );
    expect(queued.status()).toBe(201);
    const { id } = (await queued.json()) as { id: string };
    const b = await approvalsPage(context, errors);
    const item = b.locator(`li[data-approval="${id}"]`);
    await item.waitFor(WAIT);
    expect(await item.locator('[data-part="server"]').textContent()).toBe('<b>bold</b> server');
    const tool = (await item.locator('[data-part="tool"]').textContent())!;
    expect(tool).toContain('<img src=x onerror=alert(1)>');
    expect(tool).not.toContain('\u202E');
    expect(await item.locator('img, b, script').count()).toBe(0);
    expect(await item.locator('button[data-choice]').count()).toBe(4);
    await item.locator('button[data-choice="deny_once"]').click();
    await item.waitFor({ state: 'detached', ...WAIT });
    expect(errors).toEqual([]);
  });
});
