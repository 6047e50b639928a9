import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import type { HostOptions, ScenarioHost } from './driver.js';
import { call, server, tools } from './fixtures.js';

const en = createTranslator('en-US');
/** Whitespace-insensitive, because terminals wrap and browsers collapse. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface EditSuiteContext {
  start(options?: HostOptions): Promise<ScenarioHost>;
  openPrompt(h: ScenarioHost): Promise<void>;
}

/** `notes_put` whose note id has at least 3 characters: an input schema, so the prompt offers edits. */
const putNote = {
  ...tools.notesPut,
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', minLength: 3 }, text: { type: 'string' } },
  },
};

/**
 * Issue 17's "Edit before allowing" on every renderer: the call runs with what the user typed,
 * and an invalid value turns Allow off with the reason while Deny still answers.
 */
export function editScenarios({ start, openPrompt }: EditSuiteContext): void {
  it('edit before allowing: Allow once runs the call with the edited arguments', async () => {
    const h = await start();
    const handle = await h.request(call(putNote, { args: { id: 'groceries', text: 'eggs' } }));
    await openPrompt(h);
    await h.editArgument('text', 'milk');
    await h.click('allow_once');
    expect(await h.result(handle)).toMatchObject({
      allowed: true,
      choice: 'allow_once',
      edited: true,
      call: { args: { id: 'groceries', text: 'milk' } },
    });
  });

  it('edit before allowing: the preview and the summary show the edited values, not the old ones', async () => {
    const h = await start();
    await h.request(call(putNote, { args: { id: 'groceries', text: 'eggs' } }));
    await openPrompt(h);
    await h.editArgument('id', 'shopping');
    await h.editArgument('text', 'milk');
    const screen = norm(await h.screen());
    // The preview: the values Allow will run, as JSON.
    expect(screen).toContain('"id": "shopping"');
    expect(screen).toContain('"text": "milk"');
    expect(screen).not.toContain('eggs');
    expect(screen).not.toContain('"groceries"');
    // The summary quotes the first argument: the edited one (its words up to the consequence).
    const summary = en.t('mcp.permission.summary.target', {
      tool: putNote.name,
      target: 'shopping',
      server: server.name,
      consequence: '\u0000',
    });
    expect(screen).toContain(norm(summary.split('\u0000')[0]!));
    // And the notice says which ones were edited.
    expect(screen).toContain(en.t('mcp.args_edit.edited', { names: 'id, text' }));
  });

  it('edit before allowing: an invalid value turns Allow off with the reason; Deny still answers', async () => {
    const h = await start();
    const handle = await h.request(call(putNote, { args: { id: 'groceries' } }));
    await openPrompt(h);
    await h.editArgument('id', 'ab');
    const reason = en.t('mcp.args_edit.blocked', { count: 1 });
    expect(await h.action('allow_once')).toMatchObject({ enabled: false, reason });
    await h.click('allow_once');
    expect(await h.isSettled(handle)).toBe(false);
    await h.click('deny_once');
    const result = await h.result(handle);
    expect(result).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(result.edited).toBeUndefined();
  });
}
