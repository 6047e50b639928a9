import { describe, expect, it } from 'vitest';
import { parseDryRunResult } from '../src/index.js';

/** The DRY_RUN_PREVIEW marker and its parser live here only (seed 001). */
const preview = { channel_id: '123', content: 'hello', webhook_token: 'abc' };

describe('parseDryRunResult', () => {
  it('reads a DRY_RUN_PREVIEW error from a JSON text block', () => {
    const result = {
      isError: true,
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            code: 'DRY_RUN_PREVIEW',
            tool: 'messages_send',
            preview,
            recovery_hint: 'Set MCP_DRY_RUN=false',
          }),
        },
      ],
    };
    expect(parseDryRunResult(result)).toEqual({
      preview,
      hint: 'Set MCP_DRY_RUN=false',
      toolName: 'messages_send',
    });
  });

  it('reads structuredContent and nested error objects', () => {
    expect(
      parseDryRunResult({
        isError: true,
        structuredContent: { error: { code: 'DRY_RUN_PREVIEW', details: { preview: { a: 1 } } } },
      }),
    ).toEqual({
      preview: { a: 1 },
      hint: null,
    });
  });

  it.each([
    [
      'error.details, hint',
      { error: { code: 'DRY_RUN_PREVIEW', hint: 'h', details: { preview } } },
    ],
    ['data, recoveryHint', { code: 'DRY_RUN_PREVIEW', recoveryHint: 'h', data: { preview } }],
    [
      'error.preview, recovery_hint',
      { error: { code: 'DRY_RUN_PREVIEW', recovery_hint: 'h', preview } },
    ],
  ])('reads the JSON shapes servers use (%s)', (_, body) => {
    const result = { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    expect(parseDryRunResult(result)).toEqual({ preview, hint: 'h' });
  });

  it('takes a plain-text preview as the hint (no structured preview)', () => {
    expect(
      parseDryRunResult({
        isError: true,
        content: [
          { type: 'text', text: 'Would send a message.' },
          { type: 'text', text: 'DRY_RUN_PREVIEW: would send' },
        ],
      }),
    ).toEqual({ preview: undefined, hint: 'DRY_RUN_PREVIEW: would send' });
  });

  it('ignores other results', () => {
    expect(
      parseDryRunResult({ isError: false, content: [{ type: 'text', text: 'DRY_RUN_PREVIEW' }] }),
    ).toBeNull();
    expect(
      parseDryRunResult({ isError: true, content: [{ type: 'text', text: 'Permission denied' }] }),
    ).toBeNull();
    expect(parseDryRunResult('nope')).toBeNull();
  });
});
