import { createManualClock, deriveRisk } from '@mcp-consent/engine';
import {
  createDryRunPrompt,
  createPermissionPrompt,
  describeDryRunResult,
  dryRunAnatomy,
  isPreviewStep,
  markPreviewStep,
  type DryRunRequest,
} from '@mcp-consent/prompt';
import { describe, expect, it, vi } from 'vitest';
import { promptRequest, server, tools } from './support.js';

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
  it("is step 2 of 2, keeps the redacted preview, and quotes the server note as the server's", () => {
    const clock = createManualClock();
    const onAnswer = vi.fn();
    const prompt = createDryRunPrompt(request, { clock, onAnswer });
    const api = prompt.connect();
    expect(api.step).toEqual({
      index: 2,
      total: 2,
      label: 'Send for real',
      text: 'Step 2 of 2 · Send for real',
    });
    expect(api.title).toBe('Send it for real?');
    expect(api.intro).toBe(
      'You allowed Delete file on Files. The server answered with a preview instead of running it, so nothing has been sent for real yet.',
    );
    expect(api.preview.heading).toBe('The server says it would run it with:');
    expect(api.preview.text).toContain('"channel_id": "123"');
    expect(api.preview.text).not.toContain('abc');
    expect(api.preview.redactedText).toBe('1 secret-looking value is hidden');
    // The hint is the server's, quoted under a kit label saying so; never the kit's instruction.
    expect(api.hint).toMatchObject({
      heading: 'From the server',
      label: 'The server’s note to its operator, quoted as sent. It is not a step for you.',
    });
    expect(api.hint?.text).toContain('MCP_DRY_RUN=false');
    expect(api.hint?.blocks[0]).toMatchObject({ kind: 'paragraph' });
    expect(api.hint?.blocks[0]?.runs).toContainEqual({ kind: 'code', text: '__confirm:true' });
    for (const own of [api.title, api.intro, api.step.text, api.operatorNotice, api.keyHint])
      expect(own).not.toMatch(/MCP_DRY_RUN|__confirm/);
    expect(api.operatorNotice).toMatch(/operator to allow real changes/);
    expect(api.announcement).toBe(
      'Step 2 of 2 · Send for real: Delete file on Files. The server only showed a preview; nothing has been sent for real yet.',
    );
    expect(api.risk).toMatchObject({ tier: 'high', colorRole: 'error-container' });
    expect(api.defaultFocus).toBe('deny');
    expect(api.actions.map((a) => [a.answer, a.label])).toEqual([
      ['deny', 'Don’t send'],
      ['approve', 'Send for real'],
    ]);
    expect(api.props.root).toMatchObject({ role: 'dialog', 'aria-modal': 'true' });
    expect(String(api.props.root!['aria-labelledby'])).toContain(String(api.props.step!.id));
    expect(api.props['from-server']).toMatchObject({
      role: 'group',
      'aria-labelledby': api.props['from-server-heading']!.id,
    });
    for (const props of [...Object.values(api.props), api.getActionProps('approve')]) {
      expect(dryRunAnatomy).toContain(props!['data-part']);
    }
  });

  it('has no From the server box when the server sent no note', () => {
    const api = createDryRunPrompt(
      { ...request, hint: null },
      { clock: createManualClock() },
    ).connect();
    expect(api.hint).toBeNull();
    expect(api.props['from-server']).toMatchObject({ hidden: true });
    expect(api.step.index).toBe(2);
  });

  it('says the step in every locale from the catalog (pt-BR)', () => {
    const api = createDryRunPrompt(request, {
      clock: createManualClock(),
      locale: 'pt-BR',
    }).connect();
    expect(api.step.text).toBe('Etapa 2 de 2 · Enviar de verdade');
    expect(api.hint?.heading).toBe('Do servidor');
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

describe('the permission prompt as step 1 of 2 of a dry run', () => {
  it('says Step 1 of 2 · Preview only for a request the mcp binding marked, and keeps its risk and answers', () => {
    const clock = createManualClock();
    const plain = promptRequest(tools.destructive);
    const marked = markPreviewStep(plain);
    expect(isPreviewStep(plain)).toBe(false);
    expect(isPreviewStep(marked)).toBe(true);
    const before = createPermissionPrompt(plain, { clock }).connect();
    const api = createPermissionPrompt(marked, { clock }).connect();
    expect(before.step).toBeNull();
    expect(before.notices.map((n) => n.kind)).not.toContain('dry_run_preview');
    expect(api.step).toEqual({
      index: 1,
      total: 2,
      label: 'Preview',
      text: 'Step 1 of 2 · Preview',
    });
    const note = api.notices.find((n) => n.kind === 'dry_run_preview');
    expect(note?.text).toBe(
      'Step 1 of 2 · Preview. Earlier in this session Files answered Delete file with a preview first. The kit sends it without the confirmation key, and you will be asked again before it is sent for real.',
    );
    expect(api.announcement.startsWith('Step 1 of 2 · Preview')).toBe(true);
    // An expectation from what the server did, not a promise: nothing else on the sheet changes.
    expect(api.risk).toEqual(before.risk);
    expect(api.actions.map((a) => [a.choice, a.enabled])).toEqual(
      before.actions.map((a) => [a.choice, a.enabled]),
    );
    expect(api.focused).toBe(before.focused);
  });

  it('leaves a dry_run request as it is (that one is step 2)', () => {
    const dry = {
      ...promptRequest(tools.destructive),
      kind: 'dry_run' as const,
      dryRun: { preview: {}, hint: null },
    };
    expect(markPreviewStep(dry)).toBe(dry);
    expect(isPreviewStep(dry)).toBe(false);
  });
});

describe('describeDryRunResult: what came back after Send for real, in words', () => {
  it('says the server only previewed again, or failed with its message quoted and cleaned; nothing for done', () => {
    expect(
      describeDryRunResult({ outcome: 'done', tool: 'messages_send', message: null }, server),
    ).toBeNull();
    expect(
      describeDryRunResult(
        { outcome: 'still_preview', tool: 'messages_send', message: null },
        server,
      ),
    ).toEqual({
      sentence:
        'You chose to send messages_send for real, but Files answered with a preview again: its operator has not allowed real changes. Nothing was changed.',
      serverSaid: null,
    });
    const failed = describeDryRunResult(
      { outcome: 'server_error', tool: 'messages_send', message: 'Locked\u202E<b>x</b>' },
      server,
      { locale: 'pt-BR' },
    );
    expect(failed?.sentence).toBe(
      'messages_send foi enviado de verdade, mas Files respondeu com um erro.',
    );
    expect(failed?.serverSaid).toMatch(/^O servidor disse: “Locked.*<b>x<\/b>”$/);
    expect(failed?.serverSaid).not.toContain('\u202E');
  });
});
