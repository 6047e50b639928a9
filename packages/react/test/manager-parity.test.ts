import { axeBuilder } from '../../../test/support/axe.js';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { useFixturePages } from './fixture-pages.js';
import type { ShowOptions } from './fixture/manager-parity-page.js';

/**
 * Parity of the two managers: the React `<PermissionManager>` and the Lit
 * `<mcp-permission-manager>` over one engine and one history (fixture/manager-parity-page.tsx)
 * must show the same text row by row, the same decision badges, one empty state, the same
 * toolbar layout and no line under the last row.
 */
const pages = useFixturePages();
const LOCALES = ['en-US', 'pt-BR', 'de-DE', 'es-ES', 'ja-JP', 'ar', 'en-XA'];

async function open(options: ShowOptions = {}, viewport = { width: 1280, height: 800 }) {
  const page = await pages.open('manager-parity.html', { viewport }, '__managers');
  await show(page, options);
  return page;
}

const show = (page: Page, options: ShowOptions) =>
  page.evaluate((o) => window.__managers.show(o), options);

/** What a user sees of one manager: its text, each row's cells, its badges and its lines. */
interface Seen {
  text: string;
  rows: Record<'grant-row' | 'audit-row', string[][]>;
  badges: [string | null, string][];
  lastRowLines: string[];
  layout: Record<string, [number, number, number, number] | null>;
}

/** Reads both managers: `react` from the page, `lit` from the element's shadow root. */
const seen = (page: Page): Promise<Record<'react' | 'lit', Seen>> =>
  page.evaluate(() => {
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    const visible = (el: Element) => el.getClientRects().length > 0;
    const read = (root: HTMLElement): Seen => {
      const cells = (row: Element) =>
        [...row.querySelectorAll('[data-part="cell"], [data-column="actions"]')].map((c) =>
          norm((c as HTMLElement).innerText),
        );
      const rows = (part: string) => [...root.querySelectorAll(`[data-part="${part}"]`)].map(cells);
      const layout: Seen['layout'] = {};
      for (const part of [
        'grants-filter-label',
        'grants-filter',
        'revoke-all',
        'audit-filter-label',
        'audit-filter',
        'audit-decision-label',
        'audit-decision',
      ]) {
        const el = root.querySelector(`[data-part="${part}"]`);
        // Where each control sits in its own section (the tables above may differ by a pixel).
        const at = el?.closest('section')?.getBoundingClientRect();
        const r = el && visible(el) ? el.getBoundingClientRect() : null;
        layout[part] =
          r && at
            ? ([r.x - at.x, r.y - at.y, r.width, r.height].map(Math.round) as [
                number,
                number,
                number,
                number,
              ])
            : null;
      }
      return {
        text: norm(root.innerText),
        rows: { 'grant-row': rows('grant-row'), 'audit-row': rows('audit-row') },
        badges: [...root.querySelectorAll('[data-part="decision"]')].map((b) => [
          b.getAttribute('data-tone'),
          norm((b as HTMLElement).innerText),
        ]),
        lastRowLines: [...root.querySelectorAll('tbody tr:last-child td')].map(
          (td) => getComputedStyle(td).borderBottomWidth,
        ),
        layout,
      };
    };
    const react = document.querySelector<HTMLElement>('#react [data-part="root"]')!;
    const lit = document
      .querySelector('mcp-permission-manager')!
      .shadowRoot!.querySelector<HTMLElement>('[data-part="root"]')!;
    return { react: read(react), lit: read(lit) };
  });

it.each(LOCALES)('in %s, both managers show the same rows, badges and text', async (locale) => {
  const page = await open({ locale });
  const { react, lit } = await seen(page);
  expect(react.rows['grant-row']).toHaveLength(4);
  expect(react.rows['audit-row']).toHaveLength(7);
  expect(react.rows).toEqual(lit.rows);
  expect(react.badges).toEqual(lit.badges);
  expect(react.badges).toHaveLength(11);
  expect(new Set(react.badges.map(([tone]) => tone))).toEqual(new Set(['allow', 'deny']));
  expect(react.text).toBe(lit.text);
  // Each history row shows its real tier, never "Unknown risk" (Arabic did, on every row).
  const t = createTranslator(locale);
  const tiers = ['low', 'medium', 'high'].map((tier) => t.t('mcp.audit.risk', { tier }));
  const risk = lit.rows['audit-row'].map((cells) => cells[4]);
  expect(new Set(risk)).toEqual(new Set(tiers));
  // A saved "always" reads as the history's "always" (one wording: "Denied always").
  const decisions = new Set(lit.rows['grant-row'].map((cells) => cells[2]));
  expect(decisions).toEqual(
    new Set([t.t('mcp.audit.decision.allow_always'), t.t('mcp.audit.decision.deny_always')]),
  );
});

it('with session and timed grants and rules in two layers, both show the same text and rows', async () => {
  const page = await open({ grains: true });
  const { react, lit } = await seen(page);
  expect(react.rows['grant-row']).toHaveLength(2);
  expect(react.rows).toEqual(lit.rows);
  expect(react.text).toBe(lit.text);
  const t = createTranslator('en-US');
  for (const shown of [
    t.t('mcp.audit.decision.allow_session'),
    t.t('mcp.audit.decision.allow_timed'),
    t.t('mcp.rules.source', { n: 1, file: '/etc/mcp/managed.json' }),
    t.t('mcp.expiry.setting.title'),
  ])
    expect(react.text).toContain(shown);
  // The rules table, the expiry selects and an invalid policy's alert pass axe in both.
  const clean = async (what: string) => {
    const result = await axeBuilder(page).disableRules(['landmark-unique']).analyze();
    expect(
      result.violations.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target.join(' ')}`),
    ).toEqual([]);
  };
  await clean('rules');
  await page.evaluate(() =>
    window.__managers.engine!.setPolicy([
      {
        layer: 'host',
        file: 'bad.json',
        policy: { version: 1, rules: [{ effect: 'maybe' }] } as never,
      },
    ]),
  );
  await page.locator('#react [data-part="rules-invalid"]').waitFor();
  const after = await seen(page);
  expect(after.react.text).toBe(after.lit.text);
  await clean('invalid policy');
});

it('both lay out the toolbars alike and draw no line under the last row', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await open({}, viewport);
    const { react, lit } = await seen(page);
    expect(react.layout, `${viewport.width}`).toEqual(lit.layout);
    // Labels sit above their fields.
    const [, labelY, , labelH] = react.layout['audit-filter-label']!;
    expect(react.layout['audit-filter']![1]).toBeGreaterThanOrEqual(labelY + labelH);
    for (const lines of [react.lastRowLines, lit.lastRowLines]) {
      expect(lines.length).toBeGreaterThan(0);
      expect(new Set(lines)).toEqual(new Set(['0px']));
    }
  }
});

it('with nothing saved, each says "No saved permissions" once, and the same', async () => {
  const page = await open({ empty: true });
  const { react, lit } = await seen(page);
  const t = createTranslator('en-US');
  expect(react.text).toBe(lit.text);
  expect(react.text.split('No saved permissions')).toHaveLength(2);
  expect(react.text).toContain(t.t('mcp.grants.empty'));
  expect(react.text).toContain(t.t('mcp.audit.empty'));
  expect(react.rows).toEqual({ 'grant-row': [], 'audit-row': [] });
});

it('both pass axe-core with the confirmation open, light and dark, left to right and right to left', async () => {
  for (const [locale, theme] of [
    ['en-US', 'light'],
    ['ar', 'dark'],
  ] as const) {
    const page = await open({ locale, theme });
    await page.locator('#react [data-part="revoke-all"]').click();
    await page.locator('mcp-permission-manager [data-part="revoke-all"]').click();
    await page.locator('#react [data-part="confirm"]').waitFor();
    // The page shows the same manager twice on purpose: its two "Saved permissions" regions
    // share a name there, never in a host's page.
    const result = await axeBuilder(page).disableRules(['landmark-unique']).analyze();
    expect(result.passes.length).toBeGreaterThan(0);
    expect(
      result.violations.map((v) => `${locale} ${theme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`),
    ).toEqual([]);
  }
});
