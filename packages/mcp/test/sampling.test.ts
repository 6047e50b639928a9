import { afterEach, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type PromptAnswer,
} from '@mcp-consent/engine';
import {
  createConsentPresenter,
  type SamplingAnswer,
  type SamplingCall,
  type SamplingParams,
  type SamplingResult,
} from '@mcp-consent/prompt';
import {
  guardClient,
  SAMPLING_REJECTED,
  type GuardClientOptions,
  type GuardEvent,
  type SamplingGenerator,
} from '../src/index.js';
import { createSamplingServer, samplingServerCommand } from './fixtures/sampling-server.js';
import { textOf } from './harness.js';

/**
 * `sampling/createMessage` end to end (issue 18): a real SDK v1 server whose tool asks the
 * client to sample, a guarded client, and the host's renderer and generator as test doubles.
 */
const SERVER = { id: 'sampler', name: 'Sampler' };
const request: SamplingParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Write a haiku about tea' } }],
  systemPrompt: 'You are a poet.',
  maxTokens: 100,
};

/** The host's model: echoes the last message's text and the token budget it was given. */
function echoModel() {
  const got: SamplingParams[] = [];
  const generate: SamplingGenerator = (params) => {
    got.push(params);
    const last = params.messages.at(-1) as { content: { text: string } };
    return {
      role: 'assistant',
      content: { type: 'text', text: `echo: ${last.content.text} (${params.maxTokens})` },
      model: 'echo-1',
      stopReason: 'endTurn',
    } satisfies SamplingResult;
  };
  return { got, generate };
}

/** The human, one answer per step shown. */
function human(...answers: SamplingAnswer[]) {
  const seen: SamplingCall[] = [];
  const sample = (call: SamplingCall): SamplingAnswer => {
    seen.push(call);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected sampling step ${call.step}`);
    return next;
  };
  return { seen, sample };
}

type Kind = 'memory' | 'stdio';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function connect(kind: Kind, guard: Partial<GuardClientOptions>) {
  const events: GuardEvent[] = [];
  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const raw = new Client({ name: 'sampling-test-host', version: '0' });
  const client = guardClient(raw, {
    engine,
    server: SERVER,
    userId: 'u',
    workspaceId: 'w',
    prompt: async (): Promise<PromptAnswer> => 'allow_once',
    onWarning: () => {},
    onEvent: (event) => void events.push(event),
    ...guard,
  });
  let transport: Transport;
  let stop = async () => {};
  if (kind === 'memory') {
    const server = createSamplingServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    transport = clientSide;
    stop = () => server.close();
  } else {
    transport = new StdioClientTransport({ ...samplingServerCommand(), stderr: 'pipe' });
  }
  await client.connect(transport);
  close = async () => {
    await client.close();
    await stop();
  };
  /** What the server's tool got back from `createMessage`. */
  const ask = async (params: SamplingParams = request) => {
    const result = await client.callTool({
      name: 'ask_model',
      arguments: { request: JSON.stringify(params) },
    });
    return JSON.parse(textOf(result)) as {
      result?: SamplingResult;
      error?: { code: number; message: string };
    };
  };
  /** The capabilities the server saw the client declare. */
  const capabilities = async () =>
    JSON.parse(
      textOf(await client.callTool({ name: 'client_capabilities', arguments: {} })),
    ) as Record<string, unknown>;
  return { client, raw, events, ask, capabilities };
}

const samplingEvents = (events: GuardEvent[]) => events.filter((e) => e.type === 'sampling');

describe.each<Kind>(['memory', 'stdio'])('sampling/createMessage over %s', (kind) => {
  test('approved: the server receives the generator reply the user sent', async () => {
    const model = echoModel();
    const user = human({ action: 'approve', grain: 'once' }, { action: 'send' });
    const { ask, events, capabilities } = await connect(kind, {
      sample: user.sample,
      generate: model.generate,
    });
    // Declared, without tool use (not supported).
    expect((await capabilities()).sampling).toEqual({});
    const got = await ask();
    expect(got.result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'echo: Write a haiku about tea (100)' },
      model: 'echo-1',
      stopReason: 'endTurn',
    });
    expect(user.seen.map((s) => s.step)).toEqual(['request', 'response']);
    expect(user.seen[0]).toMatchObject({ server: SERVER, params: request });
    // The reply under review is exactly the reply the server got.
    expect(user.seen[1]).toMatchObject({ step: 'response', result: got.result });
    expect(model.got).toEqual([request]);
    expect(samplingEvents(events)).toEqual([
      {
        type: 'sampling',
        serverId: 'sampler',
        outcome: 'approved',
        via: 'renderer',
        step: 'response',
      },
    ]);
  });

  test('edited: the generator gets the edited request and the server its reply', async () => {
    const model = echoModel();
    const user = human(
      {
        action: 'approve',
        grain: 'once',
        edits: { lastUserText: 'Write a limerick', maxTokens: 20 },
      },
      { action: 'send' },
    );
    const { ask, events } = await connect(kind, { sample: user.sample, generate: model.generate });
    const got = await ask();
    expect(model.got[0]).toEqual({
      ...request,
      messages: [{ role: 'user', content: { type: 'text', text: 'Write a limerick' } }],
      maxTokens: 20,
    });
    expect(got.result?.content).toEqual({ type: 'text', text: 'echo: Write a limerick (20)' });
    expect(samplingEvents(events)[0]).toMatchObject({ outcome: 'edited', via: 'renderer' });
  });

  test('denied: the server gets the rejection error and the generator never runs', async () => {
    const model = echoModel();
    const user = human({ action: 'deny', grain: 'once' });
    const { ask, events } = await connect(kind, { sample: user.sample, generate: model.generate });
    const got = await ask();
    expect(got.result).toBeUndefined();
    expect(got.error?.code).toBe(SAMPLING_REJECTED.code);
    expect(got.error?.message).toContain('User rejected sampling request');
    expect(model.got).toEqual([]);
    expect(samplingEvents(events)).toEqual([
      {
        type: 'sampling',
        serverId: 'sampler',
        outcome: 'denied',
        via: 'renderer',
        step: 'request',
      },
    ]);
  });

  test('denied at the reply review: the reply the user saw is never sent', async () => {
    const model = echoModel();
    const user = human({ action: 'approve', grain: 'once' }, { action: 'deny' });
    const { ask, events } = await connect(kind, { sample: user.sample, generate: model.generate });
    const got = await ask();
    expect(model.got).toHaveLength(1);
    expect(got.result).toBeUndefined();
    expect(got.error?.code).toBe(SAMPLING_REJECTED.code);
    expect(JSON.stringify(got)).not.toContain('echo:');
    expect(samplingEvents(events)[0]).toMatchObject({ outcome: 'denied', step: 'response' });
  });

  test('tool use: declared only with samplingTools; then the tool_use reply the user sent reaches the server', async () => {
    const withTools: SamplingParams = {
      ...request,
      tools: [
        {
          name: 'get_weather',
          description: 'Weather of a city',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      toolChoice: { mode: 'auto' },
    };
    const toolUse: SamplingResult = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Lisbon' } }],
      model: 'tool-model',
      stopReason: 'toolUse',
    };
    const asked: SamplingParams[] = [];
    const generate: SamplingGenerator = (params) => {
      asked.push(params);
      return toolUse;
    };

    // Without it, the server's SDK refuses to send tools: nobody is asked, nothing runs.
    const plain = await connect(kind, { sample: human().sample, generate });
    expect((await plain.capabilities()).sampling).toEqual({});
    expect((await plain.ask(withTools)).error?.message).toMatch(/sampling tools/);
    expect(asked).toHaveLength(0);
    await close?.();

    const user = human({ action: 'approve', grain: 'once' }, { action: 'send' });
    const tooled = await connect(kind, { sample: user.sample, generate, samplingTools: true });
    expect((await tooled.capabilities()).sampling).toEqual({ tools: {} });
    expect((await tooled.ask(withTools)).result).toEqual(toolUse);
    expect(user.seen.map((call) => call.step)).toEqual(['request', 'response']);
    expect(user.seen[0]!.params.tools).toEqual(withTools.tools);
    expect(asked[0]!.toolChoice).toEqual({ mode: 'auto' });
  });

  test('no generator: sampling is not declared, so the server cannot ask', async () => {
    const user = human();
    const { ask, capabilities } = await connect(kind, { sample: user.sample });
    expect(await capabilities()).not.toHaveProperty('sampling');
    // A server that asks anyway finds no handler.
    expect((await ask()).error?.code).toBe(-32601);
    expect(user.seen).toEqual([]);
  });
});

describe('sampling, in-memory only', () => {
  test('a generator that throws: the server gets an error, nothing is invented', async () => {
    const user = human({ action: 'approve', grain: 'once' });
    const generate: SamplingGenerator = () => {
      throw new Error('model offline');
    };
    const { ask, events } = await connect('memory', { sample: user.sample, generate });
    const got = await ask();
    expect(got.result).toBeUndefined();
    expect(got.error?.code).toBe(-32603);
    expect(user.seen.map((s) => s.step)).toEqual(['request']);
    expect(samplingEvents(events)[0]).toMatchObject({
      outcome: 'failed',
      via: 'error',
      step: 'generate',
    });
  });

  test('edits the edit form cannot make are refused, and the generator never runs', async () => {
    const model = echoModel();
    const user = human({
      action: 'approve',
      grain: 'once',
      edits: { maxTokens: -5 },
    } as SamplingAnswer);
    const { ask, events } = await connect('memory', {
      sample: user.sample,
      generate: model.generate,
    });
    expect((await ask()).error?.code).toBe(SAMPLING_REJECTED.code);
    expect(model.got).toEqual([]);
    expect(samplingEvents(events)[0]).toMatchObject({ outcome: 'failed', via: 'error' });
  });

  test('no renderer but a generator: every request is rejected', async () => {
    const model = echoModel();
    const { ask } = await connect('memory', { generate: model.generate });
    expect((await ask()).error?.code).toBe(SAMPLING_REJECTED.code);
    expect(model.got).toEqual([]);
  });

  test('"for this session" per server: a session deny rejects later requests without asking', async () => {
    const model = echoModel();
    const user = human({ action: 'deny', grain: 'session' });
    const { ask, events } = await connect('memory', {
      sample: user.sample,
      generate: model.generate,
    });
    await ask();
    expect((await ask()).error?.code).toBe(SAMPLING_REJECTED.code);
    expect(user.seen).toHaveLength(1);
    expect(samplingEvents(events)[1]).toMatchObject({ outcome: 'denied', via: 'policy' });
  });

  test('a session approve skips the request step, the reply is still reviewed', async () => {
    const model = echoModel();
    const user = human(
      { action: 'approve', grain: 'session' },
      { action: 'send' },
      { action: 'send' },
    );
    const { ask, events } = await connect('memory', {
      sample: user.sample,
      generate: model.generate,
    });
    await ask();
    expect((await ask()).result?.model).toBe('echo-1');
    expect(user.seen.map((s) => s.step)).toEqual(['request', 'response', 'response']);
    expect(samplingEvents(events)[1]).toMatchObject({ outcome: 'approved', via: 'policy' });
  });

  test('through the consent presenter: its models answer both steps', async () => {
    const clock = createManualClock();
    const presenter = createConsentPresenter({ clock, guardMs: 0 });
    const model = echoModel();
    const { ask } = await connect('memory', { sample: presenter.sample, generate: model.generate });
    const stop = presenter.subscribe(() => {
      const item = presenter.getSnapshot().current;
      if (item?.kind !== 'sampling') return;
      const api = item.model.connect();
      if (api.status === 'open') api.choose(api.step === 'request' ? 'approve' : 'send');
    });
    const got = await ask();
    stop();
    expect(got.result?.content).toEqual({
      type: 'text',
      text: 'echo: Write a haiku about tea (100)',
    });
    expect(presenter.getSnapshot().settled.map((s) => [s.kind, s.answer])).toEqual([
      ['sampling', { action: 'approve', grain: 'once' }],
      ['sampling', { action: 'send' }],
    ]);
  });
});
