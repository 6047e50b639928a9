import {
  createManualClock,
  type GrainOptions,
  type PromptAnswer,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { describe, expect, it } from 'vitest';
import { createPermissionPrompt } from '../src/index.js';
import { hostile, promptRequest, tools } from './support.js';

const en = createTranslator('en-US');
const HOUR = 3_600_000;
const offered: GrainOptions = {
  allow: ['once', 'session', 'timed', 'always'],
  deny: ['once', 'session', 'timed', 'always'],
  timed: [15 * 60_000, HOUR, 24 * HOUR],
  server: true,
};

/** A model past its input guard, with every answer it sends recorded. */
function open(
  overrides: Parameters<typeof promptRequest>[1] = {},
  tool: ToolDefinition = tools.idempotentWrite,
) {
  const clock = createManualClock(0);
  const sent: PromptAnswer[] = [];
  const model = createPermissionPrompt(promptRequest(tool, overrides), {
    clock,
    locale: 'en-US',
    onAnswer: (choice, answer) => sent.push(answer ?? choice),
  });
  clock.advance(600);
  return { model, sent, api: () => model.connect() };
}

const label = (api: ReturnType<ReturnType<typeof open>['api']>, choice: string) =>
  api.actions.find((action) => action.choice === choice)!.label;

describe('permission prompt: grains, deny note and rule notice (issue 17)', () => {
  it('without request.grains: the classic four answers, no panel, plain choices sent', () => {
    const { api, sent } = open();
    expect(api().grains).toBeNull();
    expect(api().props['grains-toggle']?.hidden).toBe(true);
    api().choose('allow_always');
    expect(sent).toEqual(['allow_always']);
  });

  it('offers each grain with its ICU duration; Always is picked first and keeps the R9 label', () => {
    const { api } = open({ grains: offered });
    const allow = api().grains!.allow!;
    expect(allow.options.map((option) => option.label)).toEqual([
      'This session',
      '15 minutes',
      '1 hour',
      '1 day',
      'Always',
      en.t('mcp.permission.grain.server'),
      en.t('mcp.permission.grain.server_read_only'),
    ]);
    expect(allow.selected).toBe('always');
    expect(label(api(), 'allow_always')).toBe(en.t('mcp.permission.action.allow_always'));
    expect(label(api(), 'deny_always')).toBe(en.t('mcp.permission.action.deny_always'));
    expect(api().grains!.deny!.options.map((option) => option.value)).not.toContain('server');
  });

  it('picking "1 hour" relabels Allow always and sends ttlMs; key 2 stays one keystroke', () => {
    const { api, sent } = open({ grains: offered });
    api().setGrain('allow', `timed:${HOUR}`);
    expect(label(api(), 'allow_always')).toBe('Allow for 1 hour');
    api().handleKey('2');
    expect(sent).toEqual([{ choice: 'allow_always', ttlMs: HOUR }]);
  });

  it('this session, narrowed to these arguments, says so and sends session + argsOnly', () => {
    const { api, sent } = open({ grains: offered });
    api().setGrain('allow', 'session');
    api().setArgsOnly('allow', true);
    const action = api().actions.find((a) => a.choice === 'allow_always')!;
    expect(action.label).toBe('Allow for this session');
    expect(action.detail).toBe(en.t('mcp.permission.grain.args_only'));
    api().choose('allow_always');
    expect(sent).toEqual([{ choice: 'allow_always', session: true, argsOnly: true }]);
  });

  it('a whole server for the session cannot be narrowed to arguments', () => {
    const { api, sent } = open({ grains: offered });
    api().setGrain('allow', 'server_read_only');
    api().setArgsOnly('allow', true);
    expect(api().grains!.allow!.argsOnly).toMatchObject({ available: false, checked: false });
    api().choose('allow_always');
    expect(sent).toEqual([{ choice: 'allow_always', session: true, scope: 'server_read_only' }]);
  });

  it('a grain the request did not offer is ignored', () => {
    const { api, sent } = open({ grains: { ...offered, timed: [HOUR] } });
    api().setGrain('allow', 'timed:60000');
    api().setGrain('deny', 'server');
    api().choose('allow_always');
    expect(sent).toEqual(['allow_always']);
  });

  it('the deny note goes with Deny once and Deny always, never with an allow', () => {
    const first = open({ grains: offered });
    first.api().setNote('  use the staging bucket instead  ');
    first.api().choose('deny_once');
    expect(first.sent).toEqual([{ choice: 'deny_once', reason: 'use the staging bucket instead' }]);

    const second = open({ grains: offered });
    second.api().setNote('no');
    second.api().setGrain('deny', 'session');
    second.api().handleKey('4');
    expect(second.sent).toEqual([{ choice: 'deny_always', session: true, reason: 'no' }]);

    const third = open({ grains: offered });
    third.api().setNote('ignored');
    third.api().choose('allow_once');
    expect(third.sent).toEqual(['allow_once']);
  });

  it('the note field is labelled, described, and capped at 500 characters', () => {
    const { api } = open({ grains: offered });
    api().setNote('x'.repeat(900));
    expect(api().grains!.note.value).toHaveLength(500);
    const input = api().props['note-input']!;
    expect(input['aria-labelledby']).toBe(api().props['note-label']!.id);
    expect(input['aria-describedby']).toBe(api().props['note-hint']!.id);
    expect(input.maxlength).toBe('500');
  });

  it('the panel toggle is a disclosure for the panel', () => {
    const { api } = open({ grains: offered });
    expect(api().props.grains!.hidden).toBe(true);
    api().toggleOptions();
    expect(api().props['grains-toggle']).toMatchObject({
      'aria-expanded': 'true',
      'aria-controls': api().props.grains!.id,
    });
    expect(api().props.grains!.hidden).toBe(false);
  });

  it('a rule that asks: the notice names rule n and the quoted, cleaned file; allow is once only', () => {
    const { api } = open({
      grains: { ...offered, allow: ['once'], server: false },
      lookup: { status: 'prompt', reason: 'policy_ask' },
      rule: {
        effect: 'ask',
        layer: 'user',
        file: `team${hostile.bidi}.json`,
        index: 2,
        reason: 'Payments need a look',
      },
    });
    const notices = api().notices;
    const rule = notices.find((notice) => notice.kind === 'policy_rule')!;
    expect(rule.text).toMatch(/^Asked because of rule 3 in “team.*\.json”$/);
    expect(rule.text).not.toContain('\u202E');
    expect(notices.find((notice) => notice.kind === 'policy_rule_reason')?.text).toBe(
      'The rule’s note: “Payments need a look”',
    );
    expect(api().announcement).toContain(rule.text);
    expect(api().grains!.allow).toBeNull();
    const always = api().actions.find((action) => action.choice === 'allow_always')!;
    expect(always).toMatchObject({
      enabled: false,
      disabledReason: en.t('mcp.permission.grain.allow_disabled_rule'),
    });
    expect(api().choose('allow_always')).toEqual({ accepted: false, reason: 'disabled' });
  });

  it('an unreadable policy says the kit asks every time', () => {
    const { api } = open({
      grains: offered,
      lookup: { status: 'prompt', reason: 'policy_invalid' },
    });
    expect(api().notices.map((notice) => notice.text)).toContain(
      en.t('mcp.permission.notice.policy_invalid'),
    );
  });

  it('a destructive tool the host allows for a session: Allow always becomes "Allow for this session"', () => {
    const { api, sent } = open(
      { grains: { ...offered, allow: ['once', 'session'], server: true } },
      tools.destructive,
    );
    expect(label(api(), 'allow_always')).toBe('Allow for this session');
    api().choose('allow_always');
    expect(sent).toEqual([{ choice: 'allow_always', session: true }]);
  });
});
