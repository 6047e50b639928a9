import { describe, expect, it } from 'vitest';
import { createManualClock } from '@mcp-consent/engine';
import {
  createConsentPresenter,
  createResultReviewPrompt,
  type ResultReviewCall,
  type ResultReviewRequest,
  type ResultReviewResult,
} from '@mcp-consent/prompt';

/** Result review (issue 18): the user sees what a tool returned and says whether the model may. */
const GUARD_MS = 500;
const server = { id: 'files', name: 'Files', trusted: false };

function request(result: ResultReviewRequest['result'], tier: 'low' | 'high' = 'high') {
  return { id: 'r1', server, tool: 'read_file', tier, result } satisfies ResultReviewRequest;
}

function open(result: ResultReviewRequest['result'], options: { previewLength?: number } = {}) {
  const clock = createManualClock();
  const answers: ResultReviewResult[] = [];
  const model = createResultReviewPrompt(request(result), {
    clock,
    guardMs: GUARD_MS,
    onResult: (answer) => answers.push(answer),
    ...options,
  });
  return { clock, model, answers };
}

describe('result review model', () => {
  it('shows who, the tool and its tier, with Send focused and Escape withholding', () => {
    const { model } = open({ content: [{ type: 'text', text: 'hello' }] });
    const api = model.connect();
    expect(api.title).toBe('Review this result before the model sees it');
    expect(api.intro).toBe(
      'read_file on Files returned this. Send it to the model, or withhold it.',
    );
    expect(api.risk.tier).toBe('high');
    expect(api.actions.map((action) => action.label)).toEqual([
      'Send to the model',
      'Withhold from the model',
    ]);
    expect(api.focused).toBe('send');
    expect(api.escapeAction).toBe('withhold');
    expect(api.blocks).toEqual([{ kind: 'text', index: 0, text: 'hello', more: null }]);
    expect(api.error).toBeNull();
  });

  it('takes no answer before the input guard lifts, then exactly one', () => {
    const { clock, model, answers } = open({ content: [] });
    expect(model.connect().handleKey('1').outcome).toEqual({ accepted: false, reason: 'guard' });
    clock.advance(GUARD_MS);
    expect(model.connect().handleKey('2').outcome).toEqual({ accepted: true });
    expect(model.connect().choose('send')).toEqual({ accepted: false, reason: 'settled' });
    expect(answers).toEqual([{ answer: 'withhold' }]);
  });

  it('Escape withholds, Enter chooses the focused answer', () => {
    const escaped = open({ content: [] });
    escaped.clock.advance(GUARD_MS);
    escaped.model.connect().handleKey('Escape');
    expect(escaped.answers).toEqual([{ answer: 'withhold' }]);

    const entered = open({ content: [] });
    entered.clock.advance(GUARD_MS);
    entered.model.connect().handleKey('Enter');
    expect(entered.answers).toEqual([{ answer: 'send' }]);
  });

  it('cleans hostile text and cuts long text with a count of what is left out', () => {
    const hostile = 'ok\u202Eevil\u001b[31m' + 'x'.repeat(100);
    const { model } = open({ content: [{ type: 'text', text: hostile }] }, { previewLength: 20 });
    const [block] = model.connect().blocks;
    if (block?.kind !== 'text') throw new Error('not text');
    expect(block.text).not.toContain('\u202E');
    expect(block.text).not.toContain('\u001b');
    expect(block.more).toBe(`${hostile.length - 20} more characters not shown`);
    expect(model.connect().notices.map((notice) => notice.kind)).toContain('hidden_characters');
  });

  it('gives sizes under 1 KB in bytes, counted as UTF-8, and larger ones in whole KB', () => {
    const labels = (result: ResultReviewRequest['result']) =>
      open(result)
        .model.connect()
        .blocks.map((block) => (block.kind === 'label' ? block.label : block.text));
    const resource = (text: string) => ({
      type: 'resource',
      resource: { uri: 'file:///n.txt', mimeType: 'text/plain', text },
    });
    // ç and ã are 2 bytes each, o 1, the emoji (a surrogate pair) 4: 9 bytes in 5 UTF-16 units.
    expect(labels({ content: [resource('a'), resource('ção😀')] })).toEqual([
      'Embedded resource file:///n.txt (text/plain, 1 byte), not shown',
      'Embedded resource file:///n.txt (text/plain, 9 bytes), not shown',
    ]);
    expect(labels({ content: [], structuredContent: { text: 'x'.repeat(3000) } })).toEqual([
      'Structured data (3 KB), not shown', // 3 011 bytes
    ]);
  });

  it('describes media, resources and structured data by kind and size, never their data', () => {
    const data = 'A'.repeat(4096); // 3 KB once decoded
    const { model } = open({
      content: [
        { type: 'image', mimeType: 'image/png', data },
        { type: 'audio', mimeType: 'audio/wav', data },
        {
          type: 'resource',
          resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'secret' },
        },
        { type: 'resource_link', uri: 'file:///b.txt', name: 'b' },
        { type: 'mystery' },
      ],
      structuredContent: { rows: [1, 2, 3] },
    });
    const labels = model
      .connect()
      .blocks.map((block) => (block.kind === 'label' ? block.label : block.text));
    expect(labels).toEqual([
      'Image (image/png, 3 KB), not shown',
      'Audio (audio/wav, 3 KB), not played',
      'Embedded resource file:///a.txt (text/plain, 6 bytes), not shown',
      'Link to a resource: file:///b.txt',
      'Content of an unknown kind, not shown',
      'Structured data (16 bytes), not shown',
    ]);
    expect(JSON.stringify(model.connect().blocks)).not.toContain(data.slice(0, 16));
    expect(JSON.stringify(model.connect().blocks)).not.toContain('secret');
  });

  it('states an error result in the kit’s words, and an empty result as such', () => {
    const { model } = open({ content: [], isError: true });
    expect(model.connect().error).toBe('The server marked this result as an error.');
    expect(model.connect().empty).toBe('The result has no content.');
  });

  it('closes without an answer when its signal aborts', () => {
    const controller = new AbortController();
    const clock = createManualClock();
    const model = createResultReviewPrompt(request({ content: [] }), {
      clock,
      signal: controller.signal,
    });
    controller.abort();
    expect(model.getState().status).toBe('closed');
    clock.advance(GUARD_MS);
    expect(model.connect().choose('send')).toEqual({ accepted: false, reason: 'settled' });
  });
});

describe('consent presenter: result review', () => {
  const call = (signal?: AbortSignal): ResultReviewCall => ({
    server,
    tool: 'read_file',
    tier: 'high',
    result: { content: [{ type: 'text', text: 'contents' }] },
    ...(signal ? { signal } : {}),
  });

  it('settles with the user’s answer', async () => {
    const clock = createManualClock();
    const presenter = createConsentPresenter({ clock, guardMs: GUARD_MS });
    const reviewed = presenter.result(call());
    const current = presenter.getSnapshot().current!;
    if (current.kind !== 'result_review') throw new Error('not a result review');
    clock.advance(GUARD_MS);
    current.model.connect().choose('send');
    await expect(reviewed).resolves.toEqual({ answer: 'send' });
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({
      kind: 'result_review',
      end: 'answered',
    });
  });

  it('withholds when the renderer fails, the call is given up or the presenter goes away', async () => {
    const clock = createManualClock();
    const presenter = createConsentPresenter({ clock, guardMs: GUARD_MS });
    const failed = presenter.result(call());
    presenter.fail(presenter.getSnapshot().current!.id);
    await expect(failed).resolves.toEqual({ answer: 'withhold' });

    const controller = new AbortController();
    const aborted = presenter.result(call(controller.signal));
    controller.abort();
    await expect(aborted).resolves.toEqual({ answer: 'withhold' });

    const disposed = presenter.result(call());
    presenter.dispose();
    await expect(disposed).resolves.toEqual({ answer: 'withhold' });
  });
});
