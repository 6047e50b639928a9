/**
 * Issue 16 in a terminal: at 80×24, for every tool the demo server lists (its real
 * `tools/list`), the prompt shows the kit's title, the summary line, the first argument and
 * all four answers on the screen at once, in that order.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCall } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { demoToolCalls } from '../../../test/scenarios/demo-tools.js';
import { modelView } from '../../../test/scenarios/sheet-scenarios.js';
import { harness } from './harness.js';

const en = createTranslator('en-US', { isolateValues: false });
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
const DENY_ALWAYS = `4. ${en.t('mcp.permission.action.deny_always')}`;

let calls: { name: string; call: ToolCall }[] = [];
beforeAll(async () => {
  calls = await demoToolCalls();
});
let active: ReturnType<typeof harness> | undefined;
afterEach(() => {
  active?.dispose();
  active = undefined;
});

describe('above the fold at 80×24: every demo tool, Ink prompt', () => {
  it('shows the title, the summary, the first argument and the four answers on one screen, in order', async () => {
    const failures: string[] = [];
    for (const { name, call } of calls) {
      const view = await modelView(call);
      const h = (active = harness({ columns: 80, rows: 24 }));
      void h.ask(call);
      await h.sees(DENY_ALWAYS);
      await h.quiet();
      const screen = norm(h.text());
      const firstKey = Object.keys(call.args as object)[0];
      const wanted = [
        view.header.title,
        view.summary,
        firstKey === undefined ? view.args.text : `"${firstKey}":`,
        ...view.actions.map((action) => `${action.shortcut}. ${action.label}`),
      ];
      let from = 0;
      for (const text of wanted) {
        const at = screen.indexOf(norm(text), from);
        if (at < 0) failures.push(`${name}: "${text}" missing after ${from} in ${screen}`);
        else from = at + norm(text).length;
      }
      h.dispose();
      active = undefined;
    }
    expect(failures).toEqual([]);
  });
});
