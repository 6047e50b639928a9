import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import type { HostOptions, ScenarioHost } from './driver.js';
import {
  call,
  DRY_RUN_HINT,
  dryRunExtras,
  dryRunPreview,
  forbiddenOnScreen,
  hostileHint,
  server,
  tools,
} from './fixtures.js';
import { GUARD_MS } from './host-runtime.js';

const en = createTranslator('en-US');
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface SuiteContext {
  start(options?: HostOptions): Promise<ScenarioHost>;
  /** Waits for the prompt and lets the input guard pass. */
  openPrompt(h: ScenarioHost): Promise<void>;
}

/**
 * Seed 001's two-key dry run as `@mcp-consent/mcp` asks it (a `dry_run` prompt, always asked,
 * never remembered), step 2 of 2 of one flow: every renderer shows the step, the title, what
 * the server says it would run the tool with, the server's own note quoted in a "From the
 * server" box under the kit's label, the operator notice and the two actions, in that order.
 * Don't send is the default and Escape; Send for real answers Allow once, on which the binding
 * re-issues the call with `__confirm`.
 */
export function dryRunScenarios({ start, openPrompt }: SuiteContext): void {
  const ask = (h: ScenarioHost, hint?: string) =>
    h.request(call(tools.messagesSend, { args: dryRunPreview }), dryRunExtras(hint));
  /** The hint as a reader sees it: its `code` spans are code, not backticks. */
  const quotedHint = DRY_RUN_HINT.replaceAll('`', '');

  it("dry run: step 2 of 2, the preview, then the server note quoted as the server's, in one order on every renderer; Enter on Don't send denies once", async () => {
    const h = await start();
    const handle = await ask(h);
    await openPrompt(h);
    const step = en.t('mcp.dry_run.step', {
      index: 2,
      total: 2,
      label: en.t('mcp.dry_run.step.send'),
    });
    const inOrder = [
      step,
      en.t('mcp.dry_run.title'),
      en.t('mcp.permission.risk.high'),
      en.t('mcp.dry_run.intro', { server: server.name, tool: 'Send a message' }),
      en.t('mcp.dry_run.preview.heading'),
      dryRunPreview.text,
      en.t('mcp.dry_run.hint.heading'),
      en.t('mcp.dry_run.hint.label'),
      quotedHint,
      en.t('mcp.dry_run.operator_notice'),
      en.t('mcp.dry_run.action.approve'),
    ];
    // Each text is found after the one before it: the same order on every renderer.
    const screen = norm(await h.screen());
    let from = 0;
    for (const text of inOrder) {
      const found = screen.indexOf(norm(text), from);
      expect(found, `${text} after position ${from} in: ${screen}`).toBeGreaterThanOrEqual(0);
      from = found + norm(text).length;
    }
    // The server's hint appears once, inside its box, after the kit's label: never as kit copy.
    expect(screen.split('MCP_DRY_RUN=false').length - 1).toBe(1);
    expect(await h.screen()).not.toContain(dryRunPreview.webhookToken);
    await h.press('Enter');
    expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
    await h.waitForClosed();
    expect(await h.grants()).toEqual([]);
    expect((await h.audit()).at(-1)).toMatchObject({ decision: 'DENY_ONCE', dry_run: 'not_sent' });
  });

  it('dry run: Send for real (ArrowDown, Enter) answers Allow once, is audited as sent and is not remembered', async () => {
    const h = await start();
    const handle = await ask(h);
    await openPrompt(h);
    await h.press('ArrowDown');
    await h.press('Enter');
    expect(await h.result(handle)).toMatchObject({ allowed: true, choice: 'allow_once' });
    await h.waitForClosed();
    expect(await h.grants()).toEqual([]);
    expect((await h.audit()).at(-1)).toMatchObject({ decision: 'ALLOW_ONCE', dry_run: 'sent' });
  });

  it('dry run: Escape denies once', async () => {
    const h = await start();
    const handle = await ask(h);
    await openPrompt(h);
    await h.press('Escape');
    expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
    await h.waitForClosed();
  });

  it('dry run: keys pressed right after the preview appears do not answer it', async () => {
    const h = await start();
    const handle = await ask(h);
    await h.waitForPrompt();
    await h.press('ArrowDown');
    await h.press('Enter');
    expect(await h.isSettled(handle)).toBe(false);
    expect(await h.isOpen()).toBe(true);
    await h.advance(GUARD_MS);
    await h.press('Escape');
    expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
  });

  it("dry run: a hostile server hint is shown as visible, inert text, and Don't send still works", async () => {
    const h = await start();
    const handle = await ask(h, hostileHint);
    await openPrompt(h);
    const screen = await h.screen();
    for (const char of forbiddenOnScreen) expect(screen).not.toContain(char);
    expect(screen).toContain('<img src=x');
    expect(norm(screen)).toContain('Set MCP_DRY_RUN=false');
    expect(screen).toContain('__confirm:true');
    expect(await h.compromised()).toEqual([]);
    await h.press('Escape');
    expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(await h.compromised()).toEqual([]);
  });
}
