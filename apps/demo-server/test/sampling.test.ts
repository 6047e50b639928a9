import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CreateMessageRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  type LoggingMessageNotification,
  type CreateMessageRequest,
  type CreateMessageResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import { createDemoServer, SUMMARY_MAX_TOKENS } from '../src/index.js';
import { textOf } from './helpers.js';

type Answer = (params: CreateMessageRequest['params']) => CreateMessageResult;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A plain SDK client that declares sampling (when given an answer) and records each request. */
async function connect(answer?: Answer) {
  const demo = createDemoServer();
  const client = new Client(
    { name: 'sampling-test', version: '0' },
    answer ? { capabilities: { sampling: {} } } : {},
  );
  const requests: CreateMessageRequest['params'][] = [];
  const logs: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    logs.push(note.params);
  });
  if (answer) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      requests.push(request.params);
      return answer(request.params);
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await demo.server.connect(serverSide);
  await client.connect(clientSide);
  close = async () => {
    await client.close();
    await demo.close();
  };
  return { client, demo, requests, logs };
}

const summarize = (client: Client, id = 'welcome') =>
  client.callTool({ name: 'notes_summarize', arguments: { id } });

describe('notes_summarize asks the client for sampling', () => {
  test("is listed read-only and closed-world, and says it uses the client's model", async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'notes_summarize');
    expect(tool?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(tool?.description).toContain("Summarize a note with the client's model");
  });

  test("logs what it asks, sends the note to the client's model and returns its reply", async () => {
    const { client, demo, requests, logs } = await connect(() => ({
      role: 'assistant',
      content: { type: 'text', text: 'A warm greeting.' },
      model: 'test-model',
    }));
    const result = await summarize(client);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('Summary of "welcome" by test-model:\n\nA warm greeting.');
    expect(requests).toHaveLength(1);
    const [params] = requests;
    expect(params?.maxTokens).toBe(SUMMARY_MAX_TOKENS);
    expect(JSON.stringify(params?.messages)).toContain(
      'Welcome to the MCP Consent Kit demo server.',
    );
    expect(demo.state.samplings).toEqual([
      { tool: 'notes_summarize', outcome: 'replied', model: 'test-model' },
    ]);
    expect(logs).toEqual([
      {
        level: 'info',
        logger: 'notes_summarize',
        data: 'Asking the client\'s model to summarize "welcome".',
      },
    ]);
  });

  test("a rejected request is an error result naming the client's error, with no summary", async () => {
    const { client, demo } = await connect(() => {
      throw new McpError(-1, 'User rejected sampling request');
    });
    const result = await summarize(client);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^No summary of "welcome": the client answered .*-1.*User rejected sampling request/,
    );
    expect(demo.state.samplings).toMatchObject([{ tool: 'notes_summarize', outcome: 'rejected' }]);
  });

  test('a client without sampling gets an error result; an unknown note asks nothing', async () => {
    const { client, demo } = await connect();
    const result = await summarize(client);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^No summary of "welcome"/);
    const unknown = await summarize(client, 'nope');
    expect(textOf(unknown)).toBe('No note "nope".');
    expect(demo.state.samplings).toHaveLength(1);
  });
});
