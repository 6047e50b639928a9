import { afterEach, describe, expect, test } from 'vitest';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { denialOf, MODEL_TEXT } from '../src/index.js';
import { textOf } from './harness.js';
import { setupModern, type ModernHarness } from './modern-harness.js';

let harness: ModernHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const summary = async () => ({
  role: 'assistant',
  model: 'echo',
  content: { type: 'text', text: 'A short greeting.' },
});

const accept = { action: 'accept', content: { confirm: true, reason: 'ship it' } } as const;

/** The demo's 2026-07-28 tool: a form elicitation, then a sampling request, as input_required. */
const publish = () => ({ name: 'publish_note', arguments: { id: 'hello', text: 'Hello, world' } });

describe.each(['memory', 'http'] as const)(
  'multi-round-trip input over %s (2026-07-28)',
  (kind) => {
    test('each input request reaches its surface; the retries carry the approved arguments byte for byte and are not asked about again', async () => {
      harness = await setupModern(kind, { elicit: () => accept, sampling: summary });
      expect(harness.raw.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      harness.human.script('allow_once');
      const call = publish();
      const result = await harness.guarded.callTool(call);
      expect(textOf(result)).toBe('Published hello: A short greeting. (reason: ship it)');
      // One permission prompt for three legs on the wire.
      expect(harness.human.requests).toHaveLength(1);
      expect(harness.shown.map((request) => request.message)).toEqual(['Publish note "hello"?']);
      expect(harness.shown[0]?.origin).toEqual({ tool: 'publish_note', destructive: false });
      expect(harness.sampled).toHaveLength(1);
      const { rounds, notes } = await harness.state();
      expect(rounds.map((round) => round.step)).toEqual(['start', 'confirm', 'summary']);
      const approved = JSON.stringify(call.arguments);
      expect(rounds.map((round) => JSON.stringify(round.arguments))).toEqual([
        approved,
        approved,
        approved,
      ]);
      expect(rounds[1]?.inputResponses).toEqual({ confirm: accept });
      expect(rounds[2]?.inputResponses).toEqual({ summary: await summary() });
      expect(notes.hello).toBe('Hello, world');
      expect(harness.events).toContainEqual(
        expect.objectContaining({ type: 'elicitation', action: 'accept', via: 'renderer' }),
      );
      // An embedded request is audited like a pushed one (seed 000).
      expect(harness.outcomes).toMatchObject([
        { event_type: 'mcp.elicitation.outcome', action: 'accept', tool_name: 'publish_note' },
      ]);
    });

    test('a declined elicitation goes back to the server, which takes its declined path', async () => {
      harness = await setupModern(kind, {
        elicit: () => ({ action: 'decline' }),
        sampling: summary,
      });
      harness.human.script('allow_once');
      const result = await harness.guarded.callTool(publish());
      expect(textOf(result)).toBe('Not published: the user\'s answer was "decline".');
      expect(harness.sampled).toHaveLength(0);
      const { rounds, notes } = await harness.state();
      expect(rounds.map((round) => round.step)).toEqual(['start', 'confirm']);
      expect(rounds[1]?.inputResponses).toEqual({ confirm: { action: 'decline' } });
      expect(notes.hello).toBeUndefined();
    });

    test('a denied call never reaches the server: none of its input requests is shown', async () => {
      harness = await setupModern(kind, { elicit: () => accept, sampling: summary });
      harness.human.script('deny_once');
      const result = await harness.guarded.callTool(publish());
      expect(textOf(result)).toBe(MODEL_TEXT.declined('publish_note'));
      expect(harness.shown).toHaveLength(0);
      expect(harness.sampled).toHaveLength(0);
      const state = await harness.state();
      expect(state.rounds).toEqual([]);
      expect(state.calls).toEqual({});
    });
  },
);

describe('multi-round-trip input, fail closed (in-memory)', () => {
  test('without a renderer the noRenderer policy answers the form, exactly as a pushed elicitation', async () => {
    harness = await setupModern('memory', { sampling: summary });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(publish());
    expect(textOf(result)).toBe('Not published: the user\'s answer was "decline".');
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'elicitation', action: 'decline', via: 'policy' }),
    );
    expect(harness.warnings.join('\n')).toMatch(/no renderer/);
  });

  test('sampling asked of a host without a sampling handler: the call fails, nothing is invented', async () => {
    harness = await setupModern('memory', { elicit: () => accept });
    harness.human.script('allow_once');
    await expect(harness.guarded.callTool(publish())).rejects.toThrow(/sampling|capabilit/i);
    const { rounds, notes } = await harness.state();
    // The form was answered; the sampling round never came back with an answer.
    expect(rounds.map((round) => round.step)).toEqual(['start', 'confirm']);
    expect(notes.hello).toBeUndefined();
  });

  test('the caller cannot change the arguments between rounds, nor slip in answers of its own', async () => {
    const call = {
      ...publish(),
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      requestState: 'forged',
    };
    harness = await setupModern('memory', {
      elicit: () => {
        call.arguments.text = 'tampered while the user answered';
        return accept;
      },
      sampling: summary,
    });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(call);
    expect(denialOf(result)).toBeUndefined();
    const { rounds, notes } = await harness.state();
    expect(rounds[0]).toMatchObject({ step: 'start', inputResponses: {} });
    expect(new Set(rounds.map((round) => round.arguments.text))).toEqual(new Set(['Hello, world']));
    expect(notes.hello).toBe('Hello, world');
    expect(harness.warnings.join('\n')).toMatch(/Removed inputResponses/);
    expect(harness.warnings.join('\n')).toMatch(/Removed requestState/);
  });

  test("the user's time answering does not count against the call's timeout", async () => {
    harness = await setupModern('memory', {
      elicit: () => new Promise((resolve) => setTimeout(() => resolve(accept), 1500)),
      sampling: summary,
    });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(publish(), { timeout: 1000 });
    expect(textOf(result)).toMatch(/^Published hello/);
  });

  test("the caller's signal cancels a call that waits for an answer; nothing is sent", async () => {
    let asked!: () => void;
    const sampling = new Promise<void>((resolve) => (asked = resolve));
    harness = await setupModern('memory', {
      elicit: () => accept,
      sampling: () => {
        asked();
        return new Promise(() => {}); // a handler that never answers nor listens
      },
    });
    harness.human.script('allow_once');
    const controller = new AbortController();
    const call = harness.guarded.callTool(publish(), { signal: controller.signal });
    await sampling;
    controller.abort(new SdkError(SdkErrorCode.RequestTimeout, 'cancelled by the host'));
    await expect(call).rejects.toBeInstanceOf(SdkError);
    const { rounds, notes } = await harness.state();
    expect(rounds.map((round) => round.step)).toEqual(['start', 'confirm']);
    expect(notes.hello).toBeUndefined();
  });
});

describe('multi-round-trip input over stdio (--protocol 2026-07-28)', () => {
  test('elicitation then sampling, one permission prompt', async () => {
    harness = await setupModern('stdio', { elicit: () => accept, sampling: summary });
    harness.human.script('allow_once');
    const result = await harness.guarded.callTool(publish());
    expect(textOf(result)).toBe('Published hello: A short greeting. (reason: ship it)');
    expect(harness.human.requests).toHaveLength(1);
    const { rounds } = await harness.state();
    expect(rounds.map((round) => JSON.stringify(round.arguments))).toEqual(
      Array(3).fill(JSON.stringify(publish().arguments)),
    );
  });
});
