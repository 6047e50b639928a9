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
 * Seed 001's two-key dry run as `@mcp-consent/mcp` asks it (a `dry_run_preview`
 * context, always asked, never remembered): every renderer shows the server's preview,
 * its hint as text and the operator notice; Don't run is the default and Escape; Run it
 * for real answers Allow once, on which the binding re-issues the call with `__confirm`.
 */
export function dryRunScenarios({ start, openPrompt }: SuiteContext): void {
  const sees = async (h: ScenarioHost, text: string) =>
    expect(norm(await h.screen())).toContain(norm(text));
  const ask = (h: ScenarioHost, hint?: string) =>
    h.request(call(tools.messagesSend, { args: dryRunPreview }), dryRunExtras(hint));

  it("dry run: the preview, the server's hint and the operator notice, secret hidden; Enter on Don't run denies once", async () => {
    const h = await start();
    const handle = await ask(h);
    await openPrompt(h);
    await sees(h, en.t('mcp.dry_run.title'));
    await sees(h, en.t('mcp.dry_run.intro', { server: server.name, tool: 'Send a message' }));
    await sees(h, en.t('mcp.permission.risk.high'));
    await sees(h, dryRunPreview.text);
    await sees(h, DRY_RUN_HINT);
    await sees(h, en.t('mcp.dry_run.operator_notice'));
    await sees(h, en.t('mcp.dry_run.action.approve'));
    expect(await h.screen()).not.toContain(dryRunPreview.webhookToken);
    await h.press('Enter');
    expect(await h.result(handle)).toMatchObject({ allowed: false, choice: 'deny_once' });
    await h.waitForClosed();
    expect(await h.grants()).toEqual([]);
  });

  it('dry run: Run it for real (ArrowDown, Enter) answers Allow once and is not remembered', async () => {
    const h = await start();
    const handle = await ask(h);
    await openPrompt(h);
    await h.press('ArrowDown');
    await h.press('Enter');
    expect(await h.result(handle)).toMatchObject({ allowed: true, choice: 'allow_once' });
    await h.waitForClosed();
    expect(await h.grants()).toEqual([]);
    expect((await h.audit()).at(-1)).toMatchObject({ decision: 'ALLOW_ONCE' });
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

  it("dry run: a hostile server hint is shown as visible, inert text, and Don't run still works", async () => {
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
