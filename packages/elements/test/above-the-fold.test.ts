import type { ToolCall } from '@mcp-consent/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoToolCalls, fold } from '../../../test/scenarios/demo-tools.js';
import { compact, expanded, useGalleryBrowser } from './gallery.js';

const gallery = useGalleryBrowser();
let calls: { name: string; call: ToolCall }[] = [];
beforeAll(async () => {
  calls = await demoToolCalls();
});

/**
 * Issue 16: the user decides with what will happen in view. For every tool the demo server
 * lists (from its real `tools/list`), the summary line and the first argument are on screen
 * without scrolling, and all four answers too, on a desktop and on a phone.
 */
describe('above the fold: every demo tool, Lit sheet', () => {
  it('lists the demo server’s tools', () => {
    expect(calls.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['notes_delete', 'notes_put', 'web_fetch', 'messages_send']),
    );
  });

  for (const [layout, viewport] of Object.entries({ expanded, compact })) {
    it(`${layout} ${viewport.width}×${viewport.height}`, async () => {
      const page = await gallery.open({ viewport, reducedMotion: 'reduce' });
      const failures: string[] = [];
      for (const { name, call } of calls) {
        await page.evaluate((c) => {
          document.querySelector('mcp-permission-sheet')?.remove();
          const clock = window.__kit.createManualClock(Date.UTC(2026, 10, 21, 9));
          const sheet = document.createElement('mcp-permission-sheet');
          sheet.clock = clock;
          sheet.locale = 'en-US';
          document.querySelector('main')!.append(sheet);
          void sheet.show(c).catch(() => {});
        }, call);
        await page.waitForFunction(
          () =>
            !!document
              .querySelector('mcp-permission-sheet')
              ?.shadowRoot?.querySelector('dialog[open][data-state="open"]'),
        );
        const report = await page.evaluate(fold, 'mcp-permission-sheet');
        for (const [what, box] of Object.entries(report.boxes)) {
          if (!box?.visible) failures.push(`${name}: ${what} ${JSON.stringify(box)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
