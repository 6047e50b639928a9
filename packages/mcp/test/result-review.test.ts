import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '@mcp-consent/engine';
import { createConsentPresenter } from '@mcp-consent/prompt';
import {
  denialOf,
  MODEL_TEXT,
  type GuardClientOptions,
  type ResultReviewRequest,
  type ReviewResultCallback,
} from '../src/index.js';
import { setup, textOf, type Harness } from './harness.js';

/**
 * Result review (issue 18), over the real SDK client and server in memory, on the SDK of this
 * run (v1 or v2): the result of an allowed call the host selected (by tier or tool) waits for the
 * user; only Send lets the server's content reach the caller, and every review is reported.
 */
const SECRET = 'the launch code is 0000';
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A host that allows every call and reviews results as `guard` says. */
async function open(guard: Partial<GuardClientOptions>): Promise<Harness> {
  harness = await setup('memory', {
    guard: { prompt: async () => 'allow_once' as const, ...guard },
  });
  // A note for notes_export (high risk by the server's own rating) to return.
  await harness.raw.callTool({ name: 'notes_put', arguments: { id: 'n1', text: SECRET } });
  return harness;
}

/** A renderer that records what it was shown and answers from a script. */
function reviewer(...answers: Array<'send' | 'withhold'>) {
  const seen: ResultReviewRequest[] = [];
  const review: ReviewResultCallback = (request) => {
    seen.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected review of ${request.tool}`);
    return { answer };
  };
  return { seen, review };
}

const exportNotes = (target: Harness) =>
  target.guarded.callTool({ name: 'notes_export', arguments: {} });

describe('result review', () => {
  it('Send hands the server’s result to the caller unchanged', async () => {
    const { seen, review } = reviewer('send');
    const h = await open({ reviewResults: { tiers: ['high'] }, reviewResult: review });
    const unguarded = await h.raw.callTool({ name: 'notes_export', arguments: {} });
    const result = await exportNotes(h);
    expect(result).toEqual(unguarded);
    expect(textOf(result)).toContain(SECRET);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ server: { id: 'demo' }, tool: 'notes_export', tier: 'high' });
    expect(textOf(seen[0]!.result)).toContain(SECRET);
    expect(h.events.filter((event) => event.type === 'result_review')).toEqual([
      {
        type: 'result_review',
        serverId: 'demo',
        tool: 'notes_export',
        tier: 'high',
        outcome: 'sent',
        via: 'user',
      },
    ]);
    // Audited in the engine's sinks too, without the content.
    expect(h.outcomes.filter((event) => event.event_type === 'mcp.result.review')).toMatchObject([
      { server_id: 'demo', tool_name: 'notes_export', outcome: 'sent', via: 'user' },
    ]);
    expect(JSON.stringify(h.outcomes)).not.toContain(SECRET);
  });

  it('Withhold gives the caller only the kit’s text: the call ran, its content never arrives', async () => {
    const { review } = reviewer('withhold');
    const h = await open({ reviewResults: { tiers: ['high'] }, reviewResult: review });
    const result = await exportNotes(h);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: MODEL_TEXT.resultWithheld('notes_export') }],
    });
    expect(result).not.toHaveProperty('structuredContent');
    expect(denialOf(result)).toEqual({ reason: 'result_withheld' });
    expect((await h.state()).calls.notes_export).toBe(1);
    expect(h.events.at(-1)).toMatchObject({ outcome: 'withheld', via: 'user' });
    expect(h.outcomes.at(-1)).toMatchObject({
      event_type: 'mcp.result.review',
      outcome: 'withheld',
      via: 'user',
    });
  });

  it('reviews only the tiers and tools the host selected', async () => {
    const { seen, review } = reviewer('send');
    const h = await open({ reviewResults: { tiers: ['high'] }, reviewResult: review });
    // notes_list is read-only (medium, from a server the host does not trust): never held.
    expect(textOf(await h.guarded.callTool({ name: 'notes_list', arguments: {} }))).toContain(
      SECRET,
    );
    expect(seen).toHaveLength(0);
    await exportNotes(h);
    expect(seen.map((request) => request.tool)).toEqual(['notes_export']);
  });

  it('selects by tool name, and by a predicate of the tool and its tier', async () => {
    const byName = reviewer('withhold');
    const h = await open({ reviewResults: { tools: ['notes_list'] }, reviewResult: byName.review });
    expect(textOf(await exportNotes(h))).toContain(SECRET);
    const listed = await h.guarded.callTool({ name: 'notes_list', arguments: {} });
    expect(textOf(listed)).not.toContain(SECRET);
    expect(byName.seen.map((request) => [request.tool, request.tier])).toEqual([
      ['notes_list', 'medium'],
    ]);
    await h.close();

    const asked: string[] = [];
    const byPredicate = reviewer('withhold');
    const next = await open({
      reviewResults: (tool, tier) => {
        asked.push(`${tool}:${tier}`);
        return tier === 'medium';
      },
      reviewResult: byPredicate.review,
    });
    expect(textOf(await exportNotes(next))).toContain(SECRET);
    expect(
      textOf(await next.guarded.callTool({ name: 'notes_list', arguments: {} })),
    ).not.toContain(SECRET);
    expect(asked).toEqual(['notes_export:high', 'notes_list:medium']);
  });

  it('without a renderer, a selected result is withheld', async () => {
    const h = await open({ reviewResults: { tiers: ['high'] } });
    expect(JSON.stringify(await exportNotes(h))).not.toContain(SECRET);
    expect(h.events.at(-1)).toMatchObject({ outcome: 'withheld', via: 'no_renderer' });
    expect(h.outcomes.at(-1)).toMatchObject({ outcome: 'withheld', via: 'no_renderer' });
    expect(h.warnings.join('\n')).toContain('no result renderer');
  });

  it('a renderer that throws or answers nonsense withholds the result', async () => {
    const h = await open({
      reviewResults: { tiers: ['high'] },
      reviewResult: () => {
        throw new Error('renderer crashed');
      },
    });
    expect(JSON.stringify(await exportNotes(h))).not.toContain(SECRET);
    expect(h.events.at(-1)).toMatchObject({ outcome: 'withheld', via: 'error' });
    await h.close();

    const odd = await open({
      reviewResults: { tiers: ['high'] },
      reviewResult: () => ({ answer: 'SEND' }) as unknown as { answer: 'send' },
    });
    expect(JSON.stringify(await exportNotes(odd))).not.toContain(SECRET);
    expect(odd.events.at(-1)).toMatchObject({ outcome: 'withheld', via: 'error' });
  });

  it('withholds when the review times out, and closes the renderer', async () => {
    let signal: AbortSignal | undefined;
    const h = await open({
      reviewResults: { tiers: ['high'] },
      resultReviewTimeoutMs: 0,
      // The user never answers.
      reviewResult: (request) => {
        signal = request.signal;
        return new Promise(() => {});
      },
    });
    expect(JSON.stringify(await exportNotes(h))).not.toContain(SECRET);
    expect(h.events.at(-1)).toMatchObject({ outcome: 'withheld', via: 'timeout' });
    expect(signal?.aborted).toBe(true);
  });

  it('withholds when the caller gives the call up during the review', async () => {
    const controller = new AbortController();
    const h = await open({
      reviewResults: { tiers: ['high'] },
      reviewResult: () => {
        controller.abort();
        return new Promise(() => {});
      },
    });
    const result = await h.guarded.callTool({ name: 'notes_export', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(h.events.at(-1)).toMatchObject({ outcome: 'withheld', via: 'aborted' });
  });

  it('presenter.result plugs in as the renderer', async () => {
    const clock = createManualClock();
    const presenter = createConsentPresenter({ clock, guardMs: 0 });
    // The user answers as soon as the review is on screen.
    presenter.subscribe(() => {
      const current = presenter.getSnapshot().current;
      if (current?.kind === 'result_review') current.model.connect().choose('withhold');
    });
    const h = await open({ reviewResults: { tiers: ['high'] }, reviewResult: presenter.result });
    expect(JSON.stringify(await exportNotes(h))).not.toContain(SECRET);
    expect(presenter.getSnapshot().settled.at(-1)).toMatchObject({
      kind: 'result_review',
      end: 'answered',
      answer: { answer: 'withhold' },
    });
  });
});
