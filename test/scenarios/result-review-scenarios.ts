import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import { MODEL_TEXT } from '../../packages/mcp/src/model-text.js';
import type { ResultReviewAsk, ScenarioHost } from './driver.js';
import type { SuiteContext } from './dry-run-scenarios.js';
import { server } from './fixtures.js';
import { hostileEverything } from './hostile-corpus.js';

const en = createTranslator('en-US');
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

const SECRET = 'Quarterly numbers: 4,2 M€';
/** A high-risk tool's result: text, an image (never shown) and structured data. */
export const reviewed: ResultReviewAsk = {
  tool: 'notes_export',
  tier: 'high',
  result: {
    content: [
      { type: 'text', text: SECRET },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo'.repeat(200) },
    ],
    structuredContent: { rows: 3 },
  },
};

/**
 * Result review (issue 18) on every renderer, through `@mcp-consent/mcp`'s review: who answered,
 * the tool, its tier and the content, cleaned; Send hands the model the result unchanged,
 * Withhold (and Escape) hands it only the kit's text; hostile text is text; no renderer withholds.
 */
export function resultReviewScenarios({ start, openPrompt }: SuiteContext): void {
  const sees = async (h: ScenarioHost, text: string) =>
    expect(norm(await h.screen())).toContain(norm(text));

  it('result review: who, the tool, its tier and the content; Send gives the model the result unchanged', async () => {
    const h = await start();
    const handle = await h.reviewResult(reviewed);
    await openPrompt(h);
    await sees(h, en.t('mcp.result.title'));
    await sees(h, en.t('mcp.result.intro', { server: server.name, tool: 'notes_export' }));
    await sees(h, en.t('mcp.result.tool', { tool: 'notes_export' }));
    await sees(h, en.t('mcp.permission.risk.high_plain'));
    await sees(h, SECRET);
    await sees(h, en.t('mcp.result.block.image', { mime: 'image/png', size: '2 KB' }));
    expect(await h.screen()).not.toContain('iVBORw0KGgo');
    await h.clickReview('send');
    const { model, events } = await h.reviewed(handle);
    expect(model).toEqual(reviewed.result);
    expect(events).toEqual([
      {
        type: 'result_review',
        serverId: server.id,
        tool: 'notes_export',
        tier: 'high',
        outcome: 'sent',
        via: 'user',
      },
    ]);
    await h.waitForClosed();
  });

  it('result review: Withhold gives the model only the kit’s text', async () => {
    const h = await start();
    const handle = await h.reviewResult(reviewed);
    await openPrompt(h);
    await h.clickReview('withhold');
    const { model, events } = await h.reviewed(handle);
    expect(model.content).toEqual([
      { type: 'text', text: MODEL_TEXT.resultWithheld('notes_export') },
    ]);
    expect(model.isError).toBe(true);
    expect(JSON.stringify(model)).not.toContain(SECRET);
    expect(model).not.toHaveProperty('structuredContent');
    expect(events[0]).toMatchObject({ outcome: 'withheld', via: 'user' });
  });

  it('result review: Escape withholds', async () => {
    const h = await start();
    const handle = await h.reviewResult(reviewed);
    await openPrompt(h);
    await h.press('Escape');
    expect(JSON.stringify((await h.reviewed(handle)).model)).not.toContain(SECRET);
    await h.waitForClosed();
  });

  it('result review: hostile text in the result is shown as text, and nothing escapes', async () => {
    const h = await start();
    const handle = await h.reviewResult({
      ...reviewed,
      result: { content: [{ type: 'text', text: hostileEverything }], isError: true },
    });
    await openPrompt(h);
    await sees(h, '<script>window.__pwned="script2"</script>');
    await sees(h, en.t('mcp.result.is_error'));
    const screen = await h.screen();
    expect(screen).not.toContain('\u202E');
    expect(screen).not.toContain('\u001b');
    expect(await h.compromised()).toEqual([]);
    await h.press('Escape');
    expect((await h.reviewed(handle)).events[0]).toMatchObject({ outcome: 'withheld' });
  });

  it('result review: without a renderer the result is withheld, and nothing is shown', async () => {
    const h = await start();
    const handle = await h.reviewResult({ ...reviewed, noRenderer: true });
    const { model, events } = await h.reviewed(handle);
    expect(JSON.stringify(model)).not.toContain(SECRET);
    expect(events[0]).toMatchObject({ outcome: 'withheld', via: 'no_renderer' });
    expect(await h.isOpen()).toBe(false);
  });
}
