import { afterEach, describe, expect, test } from 'vitest';
import {
  DRY_RUN_PREVIEW,
  DRY_RUN_RECOVERY_HINT,
  dryRunActive,
  redactPreview,
} from '../src/index.js';
import { connect, textOf, type Connected } from './helpers.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

describe('two-key dry run (seed 001)', () => {
  test('only the literal string "false" turns the operator switch off', () => {
    expect(dryRunActive({})).toBe(true);
    for (const value of ['0', 'no', 'disabled', 'fasle', 'FALSE', '']) {
      expect(dryRunActive({ MCP_DRY_RUN: value })).toBe(true);
    }
    expect(dryRunActive({ MCP_DRY_RUN: 'false' })).toBe(false);
  });

  test('the preview drops __confirm and masks secret-looking keys', () => {
    expect(
      redactPreview({ channel: 'a', webhookToken: 't', apiKey: 'k', __confirm: true }),
    ).toEqual({
      channel: 'a',
      webhookToken: '[redacted]',
      apiKey: '[redacted]',
    });
  });

  test.each([
    { dryRun: true, confirm: false, missing: ['operator', 'confirm'] },
    { dryRun: true, confirm: true, missing: ['operator'] },
    { dryRun: false, confirm: false, missing: ['confirm'] },
  ])(
    'dryRun=$dryRun __confirm=$confirm → preview, nothing sent',
    async ({ dryRun, confirm, missing }) => {
      connected = await connect({ dryRun });
      const args = {
        channel: 'general',
        text: 'hello',
        webhookToken: 'secret',
        ...(confirm ? { __confirm: true } : {}),
      };
      const result = await connected.client.callTool({ name: 'messages_send', arguments: args });
      expect(result.isError).toBe(true);
      const body = JSON.parse(textOf(result));
      expect(body).toEqual({
        code: DRY_RUN_PREVIEW,
        tool: 'messages_send',
        preview: { channel: 'general', text: 'hello', webhookToken: '[redacted]' },
        recovery_hint: DRY_RUN_RECOVERY_HINT,
        missing,
      });
      expect(connected.demo.state.messages).toEqual([]);
    },
  );

  test('both keys send the message', async () => {
    connected = await connect({ dryRun: false });
    const result = await connected.client.callTool({
      name: 'messages_send',
      arguments: { channel: 'general', text: 'hello', __confirm: true },
    });
    expect(result.isError).toBeFalsy();
    expect(connected.demo.state.messages).toEqual([{ channel: 'general', text: 'hello' }]);
  });

  test('__confirm must be the boolean true, not a truthy string', async () => {
    connected = await connect({ dryRun: false });
    const result = await connected.client.callTool({
      name: 'messages_send',
      arguments: { channel: 'general', text: 'hello', __confirm: 'true' },
    });
    expect(result.isError).toBe(true);
    expect(connected.demo.state.messages).toEqual([]);
  });
});
