import { createManualClock, deriveRisk } from '@mcp-consent/engine';
import {
  createDryRunPrompt,
  dryRunAnatomy,
  parseDryRunResult,
  type DryRunRequest,
} from '@mcp-consent/prompt';
import { describe, expect, it, vi } from 'vitest';
import { server, tools } from './support.js';

const preview = { channel_id: '123', content: 'hello', webhook_token: 'abc' };
const request: DryRunRequest = {
  id: 'dry-1',
  server,
  tool: tools.destructive,
  preview,
  hint: 'Set MCP_DRY_RUN=false AND pass `__confirm:true` (or use elicitation flow) to actually execute',
  risk: deriveRisk(tools.destructive, server),
};

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
      tool: 'messages_send',
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
      tool: null,
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
    expect(parseDryRunResult(result)).toEqual({ preview, hint: 'h', tool: null });
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
    ).toEqual({ preview: undefined, hint: 'DRY_RUN_PREVIEW: would send', tool: null });
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

describe('dry-run preview model', () => {
  it('shows the redacted preview, the server note and the operator half, Deny focused', () => {
    const clock = createManualClock();
    const onAnswer = vi.fn();
    const prompt = createDryRunPrompt(request, { clock, onAnswer });
    const api = prompt.connect();
    expect(api.title).toBe('Review before it runs');
    expect(api.intro).toBe('Files prepared Delete file as a dry run. Nothing has changed yet.');
    expect(api.preview.text).toContain('"channel_id": "123"');
    expect(api.preview.text).not.toContain('abc');
    expect(api.preview.redactedText).toBe('1 secret-looking value is hidden');
    expect(api.hint?.text).toContain('MCP_DRY_RUN=false');
    expect(api.operatorNotice).toMatch(/operator must also allow real changes/);
    expect(api.risk).toMatchObject({ tier: 'high', colorRole: 'error-container' });
    expect(api.defaultFocus).toBe('deny');
    expect(api.actions.map((a) => [a.answer, a.label])).toEqual([
      ['deny', 'Don’t run'],
      ['approve', 'Run it for real'],
    ]);
    expect(api.props.root).toMatchObject({ role: 'dialog', 'aria-modal': 'true' });
    for (const props of [...Object.values(api.props), api.getActionProps('approve')]) {
      expect(dryRunAnatomy).toContain(props!['data-part']);
    }
  });

  it('approves only after the guard, and Escape denies', () => {
    const clock = createManualClock();
    const onAnswer = vi.fn();
    const prompt = createDryRunPrompt(request, { clock, onAnswer, locale: 'es-ES' });
    expect(prompt.connect().choose('approve')).toEqual({ accepted: false, reason: 'guard' });
    clock.advance(500);
    expect(prompt.connect().handleKey('Escape').outcome).toEqual({ accepted: true });
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('deny');
    expect(prompt.connect().choose('approve')).toEqual({ accepted: false, reason: 'settled' });
  });

  it('Enter on the focused Approve approves', () => {
    const clock = createManualClock();
    const onAnswer = vi.fn();
    const prompt = createDryRunPrompt(request, { clock, onAnswer });
    prompt.connect().handleKey('ArrowRight');
    expect(prompt.connect().focused).toBe('approve');
    clock.advance(500);
    prompt.connect().handleKey('Enter');
    expect(onAnswer).toHaveBeenCalledWith('approve');
  });
});
