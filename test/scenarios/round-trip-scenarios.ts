import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createPermissionEngine, isDecisionEvent, memoryStore } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { expect, it } from 'vitest';
import { guardClientV2 } from '../../packages/mcp/src/v2.js';
import { MODEL_TEXT } from '../../packages/mcp/src/index.js';
import type { ScenarioHost } from './driver.js';
import type { SuiteContext } from './dry-run-scenarios.js';
import { forbiddenOnScreen, server } from './fixtures.js';
import { hostileEverything } from './hostile-corpus.js';
import { ROUND_TRIP_TOOL, serveRoundTrip, type RoundTripLeg } from './round-trip-server.js';

const en = createTranslator('en-US');
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the renderer under test was asked, in order, through the bridge. */
type Surface = 'permission' | 'elicitation' | 'sampling:request' | 'sampling:response';

const SUMMARY = 'Revenue grew in every region.';

/**
 * The real v2 client, guarded by `guardClientV2`, talking 2026-07-28 to the round-trip server
 * over an in-memory transport, with every consent surface answered by the renderer under test
 * (`ScenarioHost`): the guard's prompt, elicit and sample callbacks forward to it. Each surface
 * is shown only after the one before it closed, and `asked` resolves once it is shown, so the
 * scenario never races the flow. The host's generator is an echo that a test cannot mistake.
 */
async function roundTrip(h: ScenarioHost, text?: string) {
  const asked: Surface[] = [];
  const warnings: string[] = [];
  const waiters: { surface: Surface; count: number; resolve: () => void }[] = [];
  const show = async <T>(surface: Surface, open: () => Promise<T>): Promise<T> => {
    await h.waitForClosed();
    const handle = await open();
    asked.push(surface);
    for (const waiter of [...waiters]) {
      if (asked.filter((s) => s === surface).length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return handle;
  };
  const engine = createPermissionEngine({ store: memoryStore() });
  const client = new Client(
    { name: 'scenario-host', version: '0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  const guarded = guardClientV2(client, {
    engine,
    server,
    userId: 'alice',
    workspaceId: 'ws-1',
    onWarning: (message) => void warnings.push(message),
    async prompt(request) {
      const handle = await show('permission', () => h.request(request.call));
      const result = await h.result(handle);
      return result.edited ? { choice: result.choice, args: result.call?.args } : result.choice;
    },
    async elicit(request) {
      const handle = await show('elicitation', () => h.elicit(request.params));
      return h.elicitation(handle);
    },
    async sample({ server: _server, signal: _signal, ...step }) {
      const handle = await show(`sampling:${step.step}`, () => h.sample(step));
      return h.sampled(handle);
    },
    generate: () => ({
      role: 'assistant',
      model: 'echo-1',
      content: { type: 'text', text: SUMMARY },
    }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveRoundTrip(serverSide, text === undefined ? {} : { text });
  await guarded.connect(clientSide);
  await guarded.catalog.refresh();
  return {
    client,
    asked,
    warnings,
    legs: served.legs as readonly RoundTripLeg[],
    /** Resolves when `surface` has been shown `count` times. */
    shown(surface: Surface, count = 1): Promise<void> {
      if (asked.filter((s) => s === surface).length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ surface, count, resolve }));
    },
    call: (args: Record<string, unknown>) =>
      guarded.callTool({ name: ROUND_TRIP_TOOL, arguments: args }),
    async close() {
      await guarded.close();
      await served.close();
      engine.dispose();
    },
  };
}

const textOf = (result: unknown) =>
  ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text).join('');

/**
 * Multi Round-Trip input (MCP 2026-07-28, issue 18) on every renderer, through the real v2
 * binding and a real v2 server: one permission prompt, then each question the server sends
 * back as `input_required` on its own surface (form, sampling request, the reply's review),
 * retries that carry exactly what the user approved, and nothing shown for a denied call.
 */
export function roundTripScenarios({ start, openPrompt }: SuiteContext): void {
  const sees = async (h: ScenarioHost, text: string) =>
    expect(norm(await h.screen())).toContain(norm(text));

  it('multi-round-trip: one permission prompt, then the form, the sampling request and its reply; every retry carries the approved arguments', async () => {
    const h = await start();
    const trip = await roundTrip(h);
    try {
      const args = { id: 'q3', text: 'North +4%, South +2%' };
      const done = trip.call(args);
      await trip.shown('permission');
      await openPrompt(h);
      await sees(h, en.t('mcp.permission.title'));
      await h.press('1');

      await trip.shown('elicitation');
      await openPrompt(h);
      await sees(h, en.t('mcp.elicitation.title.form', { server: server.name }));
      await sees(h, 'What should report q3 be called?');
      await h.fill('title', 'Quarterly numbers');
      await h.clickElicitation('accept');

      await trip.shown('sampling:request');
      await openPrompt(h);
      await sees(h, en.t('mcp.sampling.title.request'));
      await sees(h, 'Summarize: North +4%, South +2%');
      await h.press('1');

      await trip.shown('sampling:response');
      await openPrompt(h);
      await sees(h, en.t('mcp.sampling.title.response'));
      await sees(h, SUMMARY);
      await h.press('1');

      expect(textOf(await done)).toBe(`Filed q3 as "Quarterly numbers": ${SUMMARY}`);
      expect(trip.asked).toEqual([
        'permission',
        'elicitation',
        'sampling:request',
        'sampling:response',
      ]);
      // Three legs on the wire, each with the approved arguments byte for byte.
      expect(trip.legs.map((leg) => leg.step)).toEqual(['start', 'title', 'summary']);
      expect(new Set(trip.legs.map((leg) => leg.argsJson))).toEqual(
        new Set([JSON.stringify(args)]),
      );
      expect(trip.legs[1]?.inputResponses).toEqual({
        title: { action: 'accept', content: { title: 'Quarterly numbers' } },
      });
      // The user decided once: one decision in the audit, for the one call.
      const decisions = (await h.audit()).filter(isDecisionEvent);
      expect(decisions.map((event) => event.tool_name)).toEqual([ROUND_TRIP_TOOL]);
    } finally {
      await trip.close();
    }
  });

  it('multi-round-trip: arguments edited in the prompt are the ones every leg carries', async () => {
    const h = await start();
    const trip = await roundTrip(h);
    try {
      const done = trip.call({ id: 'q3', text: 'draft' });
      await trip.shown('permission');
      await openPrompt(h);
      await h.editArgument('text', 'final');
      await h.click('allow_once');
      await trip.shown('elicitation');
      await openPrompt(h);
      await h.press('Escape');
      expect(textOf(await done)).toBe('Not filed: cancel.');
      const edited = JSON.stringify({ id: 'q3', text: 'final' });
      expect(trip.legs.map((leg) => leg.argsJson)).toEqual([edited, edited]);
      expect(trip.asked).toEqual(['permission', 'elicitation']);
    } finally {
      await trip.close();
    }
  });

  it('multi-round-trip: a denied call reaches no server, and none of its questions is shown', async () => {
    const h = await start();
    const trip = await roundTrip(h);
    try {
      const done = trip.call({ id: 'q3', text: 'secret' });
      await trip.shown('permission');
      await openPrompt(h);
      await h.press('Escape');
      expect(textOf(await done)).toBe(MODEL_TEXT.declined(ROUND_TRIP_TOOL));
      expect(trip.legs).toEqual([]);
      expect(trip.asked).toEqual(['permission']);
      await h.waitForClosed();
    } finally {
      await trip.close();
    }
  });

  it('multi-round-trip: the hostile corpus in every question the server sends back stays text', async () => {
    const h = await start();
    const trip = await roundTrip(h, hostileEverything);
    try {
      const clean = async () => {
        const screen = await h.screen();
        for (const bad of forbiddenOnScreen) expect(screen).not.toContain(bad);
        expect(await h.compromised()).toEqual([]);
      };
      const done = trip.call({ id: 'q3', text: hostileEverything });
      await trip.shown('permission');
      await openPrompt(h);
      await clean();
      await h.press('1');
      await trip.shown('elicitation');
      await openPrompt(h);
      await sees(h, en.t('mcp.elicitation.title.form', { server: server.name }));
      await clean();
      await h.fill('title', 'plain');
      await h.clickElicitation('accept');
      await trip.shown('sampling:request');
      await openPrompt(h);
      await sees(h, en.t('mcp.sampling.title.request'));
      await clean();
      await h.press('Escape');
      const result = await done;
      expect((result as { isError?: boolean }).isError).toBe(true);
      expect(trip.asked).not.toContain('sampling:response');
      expect(trip.warnings.join('\n')).toContain('stopping it');
    } finally {
      await trip.close();
    }
  });
}
