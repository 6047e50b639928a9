/**
 * The prompt's header as a person reads it: the server with its trust label, the effect
 * lines of the tool's annotations (declared or assumed), and the show-more key of a long
 * arguments preview.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { call, longArgs, tools } from '../../../test/scenarios/fixtures.js';
import { modelView } from '../../../test/scenarios/sheet-scenarios.js';
import { harness } from './harness.js';

const en = createTranslator('en-US', { isolateValues: false });
const DENY_ALWAYS = `4. ${en.t('mcp.permission.action.deny_always')}`;
type Effect = 'writes' | 'destructive' | 'additive' | 'idempotent' | 'not_idempotent';
const effect = (key: Effect | 'open_world' | 'closed_world') =>
  en.t(`mcp.permission.effect.${key}`);
const DECLARED = en.t('mcp.permission.effect.declared');
const ASSUMED = en.t('mcp.permission.effect.assumed');

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

/** Asks about `tool` and returns the screen's lines once the prompt is drawn. */
async function shown(h: ReturnType<typeof harness>, ...args: Parameters<typeof call>) {
  void h.ask(call(...args));
  await h.sees(DENY_ALWAYS);
  await h.quiet();
  return h.text();
}

describe('the header', () => {
  it('names the server with its trust label: trusted, then untrusted', async () => {
    const h = start();
    const trusted = await shown(h, tools.notesPut);
    const from = en.t('mcp.permission.from', { server: 'Notes server' });
    expect(trusted).toContain(`${from} · ${en.t('mcp.permission.server.trusted')}`);
    expect(trusted).not.toContain(en.t('mcp.permission.server.untrusted'));
    h.dispose();

    const other = start();
    const server = { id: 'web', name: 'Web tools', trusted: false };
    const untrusted = await shown(other, tools.notesPut, { server });
    expect(untrusted).toContain(
      `${en.t('mcp.permission.from', { server: 'Web tools' })} · ${en.t('mcp.permission.server.untrusted')}`,
    );
    expect(untrusted).not.toContain(en.t('mcp.permission.server.trusted'));
  });

  it('draws one effect line per annotation, each saying the server declared it', async () => {
    const h = start();
    const text = await shown(h, tools.notesPut);
    expect(text).toContain(en.t('mcp.permission.effects.heading'));
    // Writes is a caution line (!), the others neutral (•).
    expect(text).toContain(`! ${effect('writes')} · ${DECLARED}`);
    for (const key of ['additive', 'idempotent', 'closed_world'] as const) {
      expect(text).toContain(`• ${effect(key)} · ${DECLARED}`);
    }
    expect(text).not.toContain(ASSUMED);
  });

  it('for a tool without annotations says so and draws the assumed effects', async () => {
    const h = start();
    const bare: ToolDefinition = { name: 'mystery', inputSchema: { type: 'object' } };
    const view = await modelView(call(bare));
    const text = await shown(h, bare);
    expect(text).toContain(en.t('mcp.permission.effects.unannotated'));
    expect(view.effects.lines).toHaveLength(4);
    for (const line of view.effects.lines) {
      expect(line.source).toBe('assumed');
      expect(text).toContain(`! ${line.text} · ${ASSUMED}`);
    }
  });

  it('a long arguments preview says how much is hidden and which key shows more', async () => {
    const h = start({ columns: 80, rows: 40 });
    const text = await shown(h, tools.notesPut, { args: longArgs });
    const hidden = en.t('mcp.permission.args.more_lines', { count: 99 }).replace('99', '\\d+');
    // The rows cut by the room (PgDn scrolls them), then the key that shows the rest.
    const pgDn = en.t('mcp.permission.args.key.page_down');
    expect(text).toMatch(
      new RegExp(`${hidden} · \\[${pgDn}\\] · \\[\\+\\] ${en.t('mcp.permission.args.show_more')}`),
    );
    expect(text).not.toContain(longArgs.tail);
    await h.passGuard();
    await h.press('+');
    await h.sees(`[-] ${en.t('mcp.permission.args.show_less')}`);
    expect(h.text()).not.toContain(en.t('mcp.permission.args.show_more'));
  });
});
