import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import type { ScenarioHost } from './driver.js';
import { call, linkRequest, server, surveyForm, tools } from './fixtures.js';
import type { SuiteContext } from './dry-run-scenarios.js';
import { GUARD_MS } from './host-runtime.js';
import { until } from './poll.js';

const en = createTranslator('en-US');
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A server's own questions (MCP elicitation, seeds 000 and 002) on every renderer: the form
 * and the link, accept / decline / cancel, a validation error, and one queue with permission
 * prompts, so a permission prompt and the question its tool asks never fight for the screen.
 */
export function elicitationScenarios({ start, openPrompt }: SuiteContext): void {
  const sees = async (h: ScenarioHost, text: string) =>
    expect(norm(await h.screen())).toContain(norm(text));
  const startEliciting = start;
  /** The texts are all on screen, each after the one before it. */
  const inOrder = async (h: ScenarioHost, texts: string[]) => {
    const screen = norm(await h.screen());
    let from = 0;
    for (const text of texts) {
      const at = screen.indexOf(norm(text), from);
      expect(at, `${text} after the texts before it`).toBeGreaterThanOrEqual(0);
      from = at + norm(text).length;
    }
  };

  it('elicitation: the server and its message; a filled form is sent with Submit', async () => {
    const h = await startEliciting();
    const handle = await h.elicit(surveyForm);
    await openPrompt(h);
    await sees(h, en.t('mcp.elicitation.title.form', { server: server.name }));
    await sees(h, surveyForm.message);
    await sees(h, 'Full name');
    await h.fill('name', 'Ada Lovelace');
    await h.fill('team', 'Engines');
    await h.clickElicitation('accept');
    expect(await h.elicitation(handle)).toEqual({
      action: 'accept',
      content: { name: 'Ada Lovelace', team: 'Engines' },
    });
    await h.waitForClosed();
  });

  it('elicitation: the answers in plain words, in one order: Not now, Don\u2019t share, then Submit', async () => {
    const h = await startEliciting();
    const handle = await h.elicit(surveyForm);
    await openPrompt(h);
    await inOrder(h, [
      en.t('mcp.elicitation.action.cancel'),
      en.t('mcp.elicitation.detail.cancel'),
      en.t('mcp.elicitation.action.decline'),
      en.t('mcp.elicitation.detail.decline'),
      en.t('mcp.elicitation.action.accept'),
    ]);
    await h.press('Escape');
    expect(await h.elicitation(handle)).toEqual({ action: 'cancel' });
  });

  it('elicitation: a markdown message is shown as text; a link shows its real host, never its address', async () => {
    const h = await startEliciting();
    const handle = await h.elicit({
      message: 'Sign in at [your bank](https://evil.example/login) **now**\n- step `one`',
      requestedSchema: { type: 'object', properties: {} },
    });
    await openPrompt(h);
    await sees(h, 'Sign in at your bank (evil.example) now');
    await sees(h, '• step one');
    const screen = await h.screen();
    expect(screen).not.toContain('https://evil.example/login');
    expect(screen).not.toContain('**');
    await inOrder(h, [
      en.t('mcp.elicitation.action.cancel'),
      en.t('mcp.elicitation.action.decline_confirm'),
      en.t('mcp.elicitation.action.confirm'),
    ]);
    await h.clickElicitation('decline');
    expect(await h.elicitation(handle)).toEqual({ action: 'decline' });
    expect(await h.compromised()).toEqual([]);
  });

  it('elicitation: Decline sends decline and nothing typed', async () => {
    const h = await startEliciting();
    const handle = await h.elicit(surveyForm);
    await openPrompt(h);
    await sees(h, en.t('mcp.elicitation.action.decline'));
    await h.fill('name', 'Ada');
    await h.clickElicitation('decline');
    expect(await h.elicitation(handle)).toEqual({ action: 'decline' });
    await h.waitForClosed();
  });

  it('elicitation: Escape cancels', async () => {
    const h = await startEliciting();
    const handle = await h.elicit(surveyForm);
    await openPrompt(h);
    await h.press('Escape');
    expect(await h.elicitation(handle)).toEqual({ action: 'cancel' });
    await h.waitForClosed();
  });

  it('elicitation: a required field left empty is named and nothing is sent until it is filled', async () => {
    const h = await startEliciting();
    const handle = await h.elicit(surveyForm);
    await openPrompt(h);
    await h.clickElicitation('accept');
    await sees(h, en.t('mcp.elicitation.error.required', { field: 'Full name' }));
    expect(await h.isOpen()).toBe(true);
    await h.fill('name', 'Grace Hopper');
    await h.clickElicitation('accept');
    expect(await h.elicitation(handle)).toEqual({
      action: 'accept',
      content: { name: 'Grace Hopper' },
    });
  });

  it('elicitation: a refused Submit takes the focus to the first field that needs attention', async () => {
    const h = await startEliciting();
    const handle = await h.elicit({
      message: 'Where should the invoice go?',
      requestedSchema: {
        type: 'object',
        properties: {
          company: { type: 'string', title: 'Company' },
          email: { type: 'string', title: 'Email', format: 'email' },
          reference: { type: 'string', title: 'Reference' },
        },
        required: ['email', 'reference'],
      },
    });
    await openPrompt(h);
    await h.fill('company', 'Analytical Engines');
    await h.fill('reference', 'PO-7');
    await h.clickElicitation('accept');
    await sees(h, en.t('mcp.elicitation.error.required', { field: 'Email' }));
    await until(() => h.fieldFocused('email'), 'the focus on Email');
    expect(await h.fieldFocused('company')).toBe(false);
    await h.fill('email', 'ada@example.com');
    await h.clickElicitation('accept');
    expect(await h.elicitation(handle)).toEqual({
      action: 'accept',
      content: { company: 'Analytical Engines', email: 'ada@example.com', reference: 'PO-7' },
    });
  });

  it('elicitation: a required field shows no error when the form opens, only once the user leaves it empty', async () => {
    const h = await startEliciting();
    await h.elicit(surveyForm);
    await openPrompt(h);
    const required = norm(en.t('mcp.elicitation.error.required', { field: 'Full name' }));
    // The form opens with the focus in its first field; nothing is wrong yet.
    await until(() => h.fieldFocused('name'), 'the focus on Full name');
    await h.advance(GUARD_MS);
    expect(norm(await h.screen())).not.toContain(required);
    if (h.invalidControls) expect(await h.invalidControls()).toBe(0);
    // The user goes into the field, leaves it empty and moves on (Tab): now it is named.
    await h.fill('name', '');
    await h.press('Tab');
    await until(async () => norm(await h.screen()).includes(required), 'the required error');
    if (h.invalidControls) expect(await h.invalidControls()).toBe(1);
  });

  it('elicitation, URL mode: the whole address and its site; Open link consents, Not now does not', async () => {
    const h = await startEliciting();
    const first = await h.elicit(linkRequest);
    await openPrompt(h);
    await sees(h, en.t('mcp.elicitation.title.url', { server: server.name }));
    await sees(h, linkRequest.url);
    await sees(h, en.t('mcp.elicitation.url.host', { host: 'accounts.example.com' }));
    await sees(h, en.t('mcp.elicitation.url.notice'));
    await inOrder(h, [
      en.t('mcp.elicitation.action.cancel'),
      en.t('mcp.elicitation.action.decline_url'),
      en.t('mcp.elicitation.action.open'),
    ]);
    await h.clickElicitation('accept');
    expect(await h.elicitation(first)).toEqual({ action: 'accept' });
    await h.waitForClosed();

    const second = await h.elicit(linkRequest);
    await openPrompt(h);
    await h.clickElicitation('cancel');
    expect(await h.elicitation(second)).toEqual({ action: 'cancel' });
  });

  it('elicitation queued behind a permission prompt: one at a time, in the order they came', async () => {
    const h = await startEliciting();
    const permission = await h.request(call(tools.notesPut));
    await openPrompt(h);
    const question = await h.elicit(surveyForm);
    await h.advance(GUARD_MS);
    await sees(h, 'notes_put');
    expect(norm(await h.screen())).not.toContain(norm(surveyForm.message));
    expect(await h.isSettled(permission)).toBe(false);
    await h.press('1');
    expect(await h.result(permission)).toMatchObject({ allowed: true, choice: 'allow_once' });

    await openPrompt(h);
    await sees(h, surveyForm.message);
    expect(norm(await h.screen())).not.toContain('notes_put');
    await h.press('Escape');
    expect(await h.elicitation(question)).toEqual({ action: 'cancel' });
    await h.waitForClosed();
  });

  it('a permission prompt whose tool then elicits, with another prompt waiting: one sheet at a time, in order', async () => {
    const h = await startEliciting();
    const first = await h.request(call(tools.notesPut, { args: { id: 'a', text: 'A' } }));
    const second = await h.request(call(tools.notesList));
    await openPrompt(h);
    await sees(h, 'notes_put');
    await h.press('1');
    expect(await h.result(first)).toMatchObject({ allowed: true });
    // The allowed tool runs and asks the user something; the other prompt came first. A tool
    // takes a while before it asks: the waiting prompt is up by then (one CI run under load
    // had the question arrive before the engine handed that prompt on, and show first).
    await h.waitForPrompt();
    const question = await h.elicit(surveyForm);
    await openPrompt(h);
    await sees(h, 'notes_list');
    expect(norm(await h.screen())).not.toContain(norm(surveyForm.message));
    await h.press('3');
    expect(await h.result(second)).toMatchObject({ allowed: false, choice: 'deny_once' });

    await openPrompt(h);
    await sees(h, surveyForm.message);
    await h.fill('name', 'Ada');
    await h.clickElicitation('accept');
    expect(await h.elicitation(question)).toEqual({ action: 'accept', content: { name: 'Ada' } });
    await h.waitForClosed();
  });
}
