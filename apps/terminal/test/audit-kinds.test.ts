/**
 * `mcp-consent audit` on a log that holds more than decisions (issue 18): the guard also audits
 * elicitation, sampling and roots answers, and a newer kit may write kinds this one does not
 * know. The table lists decisions only; `--json` gives every event, as written.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { piped, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const store = tempDir();
afterAll(() => store.cleanup());

const who = { koder_user_id: 'ana', workspace_id: 'ws', server_id: 'demo' };
const at = (second: number) => ({ timestamp: `2026-11-27T10:00:0${second}.000Z` });
const log = [
  {
    event_type: 'mcp.permission.decision',
    decision: 'DENY_ONCE',
    ...who,
    tool_name: 'notes_delete',
    args_hash: null,
    risk_tier: 'high',
    ...at(1),
    origin: 'user_prompt',
  },
  {
    event_type: 'mcp.elicitation.outcome',
    ...who,
    ...at(2),
    mode: 'form',
    action: 'accept',
    via: 'renderer',
  },
  {
    event_type: 'mcp.sampling.decision',
    ...who,
    ...at(3),
    outcome: 'denied',
    via: 'renderer',
    step: 'request',
  },
  { event_type: 'mcp.roots.decision', ...who, ...at(4), shared: 1, via: 'remembered' },
  { event_type: 'mcp.from.the.future', ...who, ...at(5), decision: 'ALLOW_ALWAYS' },
];
writeFileSync(
  join(store.dir, 'audit.jsonl'),
  log.map((event) => `${JSON.stringify(event)}\n`).join(''),
);

describe('audit with elicitation, sampling, roots and unknown kinds in the log', () => {
  it('the table shows the one decision, counted alone', async () => {
    const table = await piped(['audit', '--all', '--store', store.dir], store.dir);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(en.t('mcp.cli.audit.shown', { shown: 1, total: 1 }));
    expect(table.stdout).toContain('notes_delete');
    expect(table.stdout).toContain(en.t('mcp.audit.decision.deny_once'));
    expect(table.stdout).not.toContain(en.t('mcp.audit.decision.allow_always'));
  });

  it('--json gives every event as written, the new kinds included', async () => {
    const json = await piped(['audit', '--json', '--all', '--store', store.dir], store.dir);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(log);
  });
});
