import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import type { HostOptions, ScenarioHost } from './driver.js';
import { call, tools } from './fixtures.js';

const en = createTranslator('en-US');

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
