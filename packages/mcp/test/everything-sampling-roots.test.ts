import { afterEach, describe, expect, test } from 'vitest';
import type { SamplingCall } from '@mcp-consent/prompt';
import type { RootsPickRequest, SamplingGenerator } from '../src/index.js';
import { everything, type Everything, type EverythingTransport } from './everything.js';
import { textOf } from './harness.js';

/**
 * Sampling and roots against the REAL `@modelcontextprotocol/server-everything`: it registers
 * `trigger-sampling-request` and `get-roots-list` only for a client that declares the capability,
 * so these also prove the guard declares them when the host gives a generator or roots.
 */
let server: Everything | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KINDS: EverythingTransport[] = ['stdio', 'http'];

/** The host's generator: records what it was asked and replies with the prompt's length. */
function recordingGenerator() {
  const asked: Parameters<SamplingGenerator>[0][] = [];
  const generate: SamplingGenerator = (params) => {
    asked.push(params);
    const first = (params.messages[0] as { content?: { text?: unknown } } | undefined)?.content;
    const text = typeof first?.text === 'string' ? first.text : '';
    return {
      role: 'assistant',
      content: { type: 'text', text: `host reply to ${text.length} characters` },
      model: 'test-host-model',
    };
  };
  return { asked, generate };
}

const call = { name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 40 } };

describe.each(KINDS)('server-everything over %s: sampling', (kind) => {
  test('approved: the server receives the host generator’s reply after the user sent it', async () => {
    const { asked, generate } = recordingGenerator();
    const steps: SamplingCall['step'][] = [];
    server = await everything(kind, {
      generate,
      sample: (step) => {
        steps.push(step.step);
        return step.step === 'request' ? { action: 'approve', grain: 'once' } : { action: 'send' };
      },
    });
    server.human.script('allow_once');
    const result = await server.guarded.callTool(call);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('host reply to');
    expect(textOf(result)).toContain('test-host-model');
    expect(steps).toEqual(['request', 'response']);
    expect(asked).toHaveLength(1);
    expect(server.events.filter((event) => event.type === 'sampling')).toMatchObject([
      { outcome: 'approved' },
    ]);
  });

  test('edited: the generator gets the edited prompt and the server gets that reply', async () => {
    const { asked, generate } = recordingGenerator();
    server = await everything(kind, {
      generate,
      sample: (step) =>
        step.step === 'request'
          ? { action: 'approve', grain: 'once', edits: { lastUserText: 'edited', maxTokens: 5 } }
          : { action: 'send' },
    });
    server.human.script('allow_once');
    const result = await server.guarded.callTool(call);
    expect((asked[0]!.messages[0] as { content: unknown }).content).toMatchObject({
      type: 'text',
      text: 'edited',
    });
    expect(asked[0]!.maxTokens).toBe(5);
    expect(textOf(result)).toContain('host reply to 6 characters');
  });

  test('denied: the server gets the rejection and the generator never runs', async () => {
    const { asked, generate } = recordingGenerator();
    server = await everything(kind, {
      generate,
      sample: () => ({ action: 'deny', grain: 'once' }),
    });
    server.human.script('allow_once');
    const result = await server.guarded.callTool(call);
    expect(textOf(result)).toMatch(/User rejected sampling request/);
    expect(textOf(result)).not.toContain('host reply');
    expect(asked).toHaveLength(0);
  });
});

describe.each(KINDS)('server-everything over %s: roots', (kind) => {
  test('get-roots-list shows only the root the user picked, asked once', async () => {
    const shown: RootsPickRequest[] = [];
    server = await everything(kind, {
      roots: {
        list: () => [
          { uri: 'file:///home/ana/project', name: 'project' },
          { uri: 'file:///home/ana/secrets', name: 'secrets' },
        ],
        pickRoots: (request) => {
          shown.push(request);
          return { uris: ['file:///home/ana/project'], grain: 'server' };
        },
      },
    });
    server.human.script('allow_once', 'allow_once');
    for (let round = 0; round < 2; round += 1) {
      const text = textOf(await server.guarded.callTool({ name: 'get-roots-list', arguments: {} }));
      expect(text).toContain('file:///home/ana/project');
      expect(text).not.toContain('secrets');
    }
    expect(shown).toHaveLength(1);
    expect(shown[0]!.roots.map((root) => root.name)).toEqual(['project', 'secrets']);
  });
});
