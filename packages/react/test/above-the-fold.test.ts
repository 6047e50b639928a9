import type { ToolCall } from '@mcp-consent/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoToolCalls, fold } from '../../../test/scenarios/demo-tools.js';
import { useFixturePages } from './fixture-pages.js';
import { GUARD_MS } from '../../../test/scenarios/host-runtime.js';
import { ROOT } from './react-driver.js';

const pages = useFixturePages();
const compact = { width: 390, height: 844 };
const expanded = { width: 1280, height: 800 };
let calls: { name: string; call: ToolCall }[] = [];
beforeAll(async () => {
  calls = await demoToolCalls();
});

/**
 * Issue 16: the user decides with what will happen in view. For every tool the demo server
 * lists (from its real `tools/list`), the summary line and the first argument are on screen
 * without scrolling, and all four answers too, on a desktop and on a phone.
 */
describe('above the fold: every demo tool, React sheet', () => {
  for (const [layout, viewport] of Object.entries({ expanded, compact })) {
    it(`${layout} ${viewport.width}×${viewport.height}`, async () => {
      expect(calls.length).toBeGreaterThan(8);
      const failures: string[] = [];
      const { page, host } = await pages.start({ viewport, reducedMotion: 'reduce' });
      for (const { name, call } of calls) {
        await host.request(call);
        await host.waitForPrompt();
        const report = await page.evaluate(fold, ROOT);
        for (const [what, box] of Object.entries(report.boxes)) {
          if (!box?.visible) failures.push(`${name}: ${what} ${JSON.stringify(box)}`);
        }
        // Deny once stores nothing: the next tool is a first call too.
        await host.advance(GUARD_MS);
        await host.press('Escape');
        await host.waitForClosed();
      }
      expect(failures).toEqual([]);
    });
  }
});
