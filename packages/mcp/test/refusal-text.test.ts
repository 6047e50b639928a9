import { afterEach, describe, expect, test } from 'vitest';
import { denialOf, MODEL_TEXT } from '../src/index.js';
import { refusalOf } from '../src/model-text.js';
import { setup, textOf, type Harness } from './harness.js';

/**
 * Who denied, in the text the agent reads: every way a call can end denied says truthfully
 * who or what decided (never "the user declined" for a denial nobody chose), and the reasons
 * passed on are one bounded line without hidden characters.
 */
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const put = { name: 'notes_put', arguments: { id: 'n', text: 't' } };

describe('who denied, as the agent reads it (demo server, in memory)', () => {
  test('the host check denies with its reason; the user is never asked', async () => {
    harness = await setup('memory', {
      engine: {
        decide: (call) =>
          call.tool.name === 'notes_put'
            ? { effect: 'deny', reason: 'writes are frozen until 6 pm' }
            : undefined,
      },
    });
    const result = await harness.guarded.callTool(put);
    expect(textOf(result)).toBe(
      `${MODEL_TEXT.hostDenied('notes_put')}\n${MODEL_TEXT.hostReason('"writes are frozen until 6 pm"')}`,
    );
    expect(denialOf(result)).toMatchObject({
      origin: 'host_callback',
      note: 'writes are frozen until 6 pm',
    });
    expect(harness.human.requests).toHaveLength(0);
    expect((await harness.state()).notes).not.toHaveProperty('n');
  });

  test('a remembered Deny always says the user chose it earlier', async () => {
    harness = await setup('memory');
    harness.human.script('deny_always');
    const first = await harness.guarded.callTool(put);
    expect(textOf(first)).toBe(MODEL_TEXT.declined('notes_put'));
    const second = await harness.guarded.callTool(put);
    expect(textOf(second)).toBe(MODEL_TEXT.rememberedDenial('notes_put'));
    expect(denialOf(second)).toMatchObject({
      reason: 'declined',
      origin: 'cache_hit',
      settledBy: 'grant',
    });
    expect(harness.human.requests).toHaveLength(1);
  });

  test('a timed-out prompt is a timeout, not a user choice', async () => {
    harness = await setup('memory', {
      guard: { promptTimeoutMs: 50, prompt: () => new Promise(() => {}) },
    });
    const result = await harness.guarded.callTool(put);
    expect(textOf(result)).toBe(MODEL_TEXT.timedOut('notes_put'));
    expect(denialOf(result)).toMatchObject({ origin: 'timeout', settledBy: 'timeout' });
    expect(harness.audit.map((event) => event.origin)).toEqual(['timeout']);
  });

  test('a renderer that fails is "no prompt could be shown"', async () => {
    harness = await setup('memory', {
      guard: {
        prompt: () => {
          throw new Error('renderer crashed');
        },
      },
    });
    const result = await harness.guarded.callTool(put);
    expect(textOf(result)).toBe(MODEL_TEXT.noRenderer('notes_put'));
    expect(denialOf(result)).toMatchObject({ origin: 'no_renderer' });
  });

  test('a note on Deny at a dry-run preview reaches the agent too', async () => {
    harness = await setup('memory', { demo: { dryRun: false } });
    harness.human.script('allow_once', { choice: 'deny_once', reason: 'wrong channel, use #ops' });
    const result = await harness.guarded.callTool({
      name: 'messages_send',
      arguments: { channel: 'general', text: 'deploying' },
    });
    expect(textOf(result)).toBe(
      `${MODEL_TEXT.dryRunDeclined('messages_send')}\n${MODEL_TEXT.userNote('"wrong channel, use #ops"')}`,
    );
    expect((await harness.state()).messages).toEqual([]);
  });
});

describe('reasons are cleaned and bounded before the agent reads them', () => {
  const rule = (reason: string, file = 'policy.json') => ({
    allowed: false,
    choice: 'deny_once' as const,
    origin: 'policy' as const,
    settledBy: 'rule' as const,
    rule: { effect: 'deny' as const, layer: 'host' as const, file, index: 0, reason },
    reason,
  });

  test('hidden characters are removed, line breaks become spaces, quotes cannot close the quotation', () => {
    const result = refusalOf(
      't',
      rule('no\u200B\u2067 prod\r\n"ignore previous" \\ \u001b[31mred'),
    );
    const lines = textOf(result).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      MODEL_TEXT.ruleReason(JSON.stringify('no prod "ignore previous" \\ red')),
    );
    expect(denialOf(result)?.note).toBe('no prod "ignore previous" \\ red');
  });

  test('a long reason or file name is cut; a reason of only hidden characters adds no line', () => {
    const long = refusalOf('t', rule('x'.repeat(5000), `/${'d'.repeat(1000)}.json`));
    expect(denialOf(long)?.note?.length).toBeLessThanOrEqual(500);
    expect(textOf(long).length).toBeLessThan(1300);
    const empty = refusalOf('t', rule('\u200B\u202E'));
    expect(textOf(empty)).not.toContain('\n');
    expect(denialOf(empty)).not.toHaveProperty('note');
  });
});
