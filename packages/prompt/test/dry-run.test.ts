import { createManualClock, deriveRisk } from '@mcp-consent/engine';
import { createDryRunPrompt, dryRunAnatomy, type DryRunRequest } from '@mcp-consent/prompt';
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
