import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type {
  CallToolResult,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createDemoServer, type DemoServerOptions } from '../src/index.js';

export interface Connected {
  client: Client;
  demo: ReturnType<typeof createDemoServer>;
  elicitations: ElicitRequest['params'][];
  close(): Promise<void>;
}

/** A plain SDK client (no consent kit) talking to a demo server in memory. */
export async function connect(
  options: DemoServerOptions = {},
  answer?: (params: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>,
): Promise<Connected> {
  const demo = createDemoServer(options);
  const client = new Client(
    { name: 'demo-test', version: '0' },
    answer ? { capabilities: { elicitation: { form: {}, url: {} } } } : {},
  );
  const elicitations: ElicitRequest['params'][] = [];
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicitations.push(request.params);
      return answer(request.params);
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await demo.server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    demo,
    elicitations,
    async close() {
      await client.close();
      await demo.close();
    },
  };
}

export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
