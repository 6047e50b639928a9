import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import type { HostOptions, ScenarioHost } from './driver.js';
import { call, tools } from './fixtures.js';

const en = createTranslator('en-US');
const HOUR = 3_600_000;
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface GrainSuiteContext {
  start(options?: HostOptions): Promise<ScenarioHost>;
  openPrompt(h: ScenarioHost): Promise<void>;
}

/** A user-layer policy whose second rule asks about every `notes_put`. */
const askRule: HostOptions['policy'] = [
  {
    layer: 'user',
    file: 'team-rules.json',
    policy: {
      version: 1,
      rules: [
        { effect: 'deny', tool: 'format_disk' },
        { effect: 'ask', tool: 'notes_put', reason: 'Writes need a look' },
      ],
    },
  },
];

/**
 * Issue 17 on every renderer: the grains a prompt offers (this session, for a time), the deny
 * note that reaches the agent, and the notice of a rule that made the engine ask.
 */
export function grainScenarios({ start, openPrompt }: GrainSuiteContext): void {
  it('grains: "this session" answers the next identical call without asking, until a restart', async () => {
    const h = await start();
    const first = await h.request(call(tools.notesPut));
    await openPrompt(h);
    await h.pickGrain('allow', 'session');
    expect((await h.action('allow_always')).label).toBe(en.t('mcp.permission.grain.allow_session'));
    await h.click('allow_always');
    expect(await h.result(first)).toMatchObject({
      allowed: true,
      choice: 'allow_always',
      grain: 'session',
    });
    await h.waitForClosed();
    const second = await h.request(call(tools.notesPut));
    expect(await h.result(second)).toMatchObject({ allowed: true, origin: 'cache_hit' });
    expect(await h.isOpen()).toBe(false);
    // A session ends with the host: nothing of it was written to the store.
    await h.restart();
    const third = await h.request(call(tools.notesPut));
    await h.waitForPrompt();
    expect(await h.isSettled(third)).toBe(false);
  });

  it('grains: "for 1 hour" holds for the hour, then the call is asked again', async () => {
    const h = await start();
    const first = await h.request(call(tools.notesPut));
    await openPrompt(h);
    await h.pickGrain('allow', `timed:${HOUR}`);
    expect((await h.action('allow_always')).label).toBe(
      en.t('mcp.permission.grain.allow_timed', {
        duration: en.t('mcp.permission.duration.hours', { count: 1 }),
      }),
    );
    await h.press('2');
    expect(await h.result(first)).toMatchObject({ allowed: true, grain: 'timed' });
    await h.waitForClosed();
    await h.advance(HOUR - 60_000);
    const within = await h.request(call(tools.notesPut));
    expect(await h.result(within)).toMatchObject({ allowed: true, origin: 'cache_hit' });
    await h.advance(2 * 60_000);
    const after = await h.request(call(tools.notesPut));
    await h.waitForPrompt();
    expect(await h.isSettled(after)).toBe(false);
  });

  it('deny note: typed before Deny once (a digit in it answers nothing), it reaches the agent; the audit only flags it', async () => {
    const h = await start();
    const handle = await h.request(call(tools.notesPut));
    await openPrompt(h);
    await h.typeNote('Use notebook 2 instead');
    await h.click('deny_once');
    expect(await h.result(handle)).toMatchObject({
      allowed: false,
      choice: 'deny_once',
      reason: 'Use notebook 2 instead',
    });
    const event = (await h.audit()).at(-1)!;
    expect(event).toMatchObject({ decision: 'DENY_ONCE', deny_reason: true });
    expect(JSON.stringify(event)).not.toContain('notebook 2');
  });

  it('rule notice: a rule that asks says which rule in which file, and offers only Allow once', async () => {
    const h = await start({ policy: askRule });
    const handle = await h.request(call(tools.notesPut));
    await openPrompt(h);
    expect(norm(await h.screen())).toContain(
      norm(en.t('mcp.permission.notice.policy_rule', { rule: 2, file: 'team-rules.json' })),
    );
    expect(await h.action('allow_always')).toEqual({
      label: en.t('mcp.permission.action.allow_always'),
      enabled: false,
      reason: en.t('mcp.permission.grain.allow_disabled_rule'),
    });
    await h.press('2');
    expect(await h.isSettled(handle)).toBe(false);
    await h.press('1');
    expect(await h.result(handle)).toMatchObject({
      allowed: true,
      choice: 'allow_once',
      rule: { file: 'team-rules.json', index: 1 },
    });
  });
}
