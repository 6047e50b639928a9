import { afterEach, describe, expect, test } from 'vitest';
import { DRY_RUN_RECOVERY_HINT } from '@mcp-consent/demo-server';
import { createManualClock } from '@mcp-consent/engine';
import { createDryRunPrompt, dryRunRequestOf } from '@mcp-consent/prompt';
import { denialOf, MODEL_TEXT } from '../src/index.js';
import { setup, TRANSPORTS, textOf, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const send = {
  name: 'messages_send',
  arguments: { channel: 'general', text: 'ship it', webhookToken: 's3cret' },
};

describe.each(TRANSPORTS)('two-key dry run (seed 001) over %s', (kind) => {
  test('approve: the preview is shown, then the call is re-issued once with __confirm', async () => {
    harness = await setup(kind, { demo: { dryRun: false } });
    harness.human.script('allow_once', 'allow_always');
    const result = await harness.guarded.callTool(send);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('Sent to #general.');

    const [permission, preview] = harness.human.requests;
    expect(permission?.kind).toBe('permission');
    if (preview?.kind !== 'dry_run') throw new Error('the second prompt is not a dry run');
    expect(preview.dryRun.preview).toEqual({
      channel: 'general',
      text: 'ship it',
      webhookToken: '[redacted]',
    });
    expect(preview.dryRun.hint).toBe(DRY_RUN_RECOVERY_HINT);
    expect(preview.call.args).toEqual(send.arguments); // the user sees what the model asked for
    // The typed request maps onto the prompt package's dry-run model.
    const model = createDryRunPrompt(dryRunRequestOf(preview)!, {
      clock: createManualClock(),
    }).connect();
    expect(model.preview.text).toContain('"channel": "general"');
    expect(model.hint?.text).toBe(DRY_RUN_RECOVERY_HINT);

    const state = await harness.state();
    expect(state.messages).toEqual([{ channel: 'general', text: 'ship it' }]);
    expect(state.calls.messages_send).toBe(2); // preview + one confirmed re-issue
    expect(harness.engine.grants()).toEqual([]); // a preview approval is never remembered
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'dry_run', outcome: 'approved' }),
    );
  });

  test('deny at the preview: nothing is sent and the model is told not to retry', async () => {
    harness = await setup(kind, { demo: { dryRun: false } });
    harness.human.script('allow_once', 'deny_once');
    const result = await harness.guarded.callTool(send);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(MODEL_TEXT.dryRunDeclined('messages_send'));
    expect(denialOf(result)).toMatchObject({ reason: 'dry_run_declined' });
    const state = await harness.state();
    expect(state.messages).toEqual([]);
    expect(state.calls.messages_send).toBe(1);
  });
});

describe('two-key dry run details (in memory)', () => {
  test('an allow-always grant does not skip the preview', async () => {
    harness = await setup('memory', { demo: { dryRun: false } });
    harness.human.script('allow_always', 'allow_once', 'deny_once');
    await harness.guarded.callTool(send);
    const second = await harness.guarded.callTool(send);
    expect(harness.human.requests.map((request) => request.kind)).toEqual([
      'permission',
      'dry_run',
      'dry_run',
    ]);
    expect(second.isError).toBe(true);
    expect((await harness.state()).messages).toHaveLength(1);
  });

  test('the operator half stays the operator’s: with dry run on, approval still sends nothing', async () => {
    harness = await setup('memory', { demo: { dryRun: true } });
    harness.human.script('allow_once', 'allow_once');
    const result = await harness.guarded.callTool(send);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('DRY_RUN_PREVIEW');
    expect(textOf(result)).toContain(MODEL_TEXT.dryRunStillPreview('messages_send'));
    const state = await harness.state();
    expect(state.messages).toEqual([]);
    expect(state.calls.messages_send).toBe(2); // re-issued once, not looped
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'dry_run', outcome: 'still_preview' }),
    );
  });

  test('a __confirm set by the model is removed: the user still sees the preview', async () => {
    harness = await setup('memory', { demo: { dryRun: false } });
    harness.human.script('allow_once', 'deny_once');
    const result = await harness.guarded.callTool({
      ...send,
      arguments: { ...send.arguments, __confirm: true },
    });
    expect(result.isError).toBe(true);
    expect(harness.human.requests[0]?.call.args).not.toHaveProperty('__confirm');
    expect(harness.warnings.join('\n')).toMatch(/Removed __confirm/);
    expect((await harness.state()).messages).toEqual([]);
  });

  test('dryRun: false leaves preview results to the model', async () => {
    harness = await setup('memory', { demo: { dryRun: false }, guard: { dryRun: false } });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(send);
    expect(JSON.parse(textOf(result)).code).toBe('DRY_RUN_PREVIEW');
    expect(harness.human.requests).toHaveLength(1);
  });
});
