import { afterEach, expect, test } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { readCliOptions } from '../src/cli-options.js';
import { serveModern, type ModernDemoConnection } from '../src/modern-serve.js';

let demo: ModernDemoConnection | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const publish = { name: 'publish_note', arguments: { id: 'n1', text: 'Hello' } };
const confirm = { action: 'accept' as const, content: { confirm: true, reason: 'why not' } };
const summary = {
  role: 'assistant' as const,
  model: 'echo',
  content: { type: 'text' as const, text: 'A greeting.' },
};

const textOf = (result: unknown) =>
  ((result as { content?: Array<{ text?: string }> }).content ?? []).map((p) => p.text).join('');

test('--protocol 2026-07-28 (or MCP_DEMO_PROTOCOL) selects the v2 mode; 2025-11-25 is the default', () => {
  expect(readCliOptions([], {})).not.toHaveProperty('protocol');
  expect(readCliOptions(['--protocol', '2026-07-28'], {})).toMatchObject({
    protocol: '2026-07-28',
  });
  expect(readCliOptions([], { MCP_DEMO_PROTOCOL: '2026-07-28' })).toMatchObject({
    protocol: '2026-07-28',
  });
  expect(readCliOptions(['--protocol', '2025-11-25'], {})).not.toHaveProperty('protocol');
  expect(() => readCliOptions(['--protocol', '2027-01-01'], {})).toThrow(/--protocol/);
});

test('2026-07-28: publish_note asks with input_required (a form, then sampling) and records each round', async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  demo = serveModern({ transport: serverSide });
  // A plain v2 client: the SDK's own auto-fulfilment answers through these handlers.
  const client = new Client(
    { name: 'plain', version: '0' },
    { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: {}, sampling: {} } },
  );
  client.setRequestHandler('elicitation/create', () => confirm);
  client.setRequestHandler('sampling/createMessage', () => summary);
  await client.connect(clientSide);
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  const result = await client.callTool(publish);
  expect(textOf(result)).toBe('Published n1: A greeting. (reason: why not)');
  const { rounds, notes, calls } = demo.state.snapshot();
  expect(rounds).toEqual([
    { tool: 'publish_note', step: 'start', arguments: publish.arguments, inputResponses: {} },
    {
      tool: 'publish_note',
      step: 'confirm',
      arguments: publish.arguments,
      inputResponses: { confirm },
    },
    {
      tool: 'publish_note',
      step: 'summary',
      arguments: publish.arguments,
      inputResponses: { summary },
    },
  ]);
  expect(notes.n1).toBe('Hello');
  expect(calls.publish_note).toBe(3);
  await client.close();
});

test('the same tools serve a 2025-era client: the SDK pushes the requests instead', async () => {
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  demo = serveModern({ transport: serverSide });
  const client = new ClientV1(
    { name: 'legacy', version: '0' },
    { capabilities: { elicitation: {}, sampling: {} } },
  );
  const { ElicitRequestSchema, CreateMessageRequestSchema } =
    await import('@modelcontextprotocol/sdk/types.js');
  client.setRequestHandler(ElicitRequestSchema, () => confirm);
  client.setRequestHandler(CreateMessageRequestSchema, () => summary);
  await client.connect(clientSide);
  const result = await client.callTool(publish);
  expect(textOf(result)).toBe('Published n1: A greeting. (reason: why not)');
  expect(demo.state.snapshot().notes.n1).toBe('Hello');
  await client.close();
});
