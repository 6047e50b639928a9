/**
 * A tiny MCP server of the test's own (SDK 1.x `McpServer`, stateless Streamable HTTP on
 * 127.0.0.1) for what the demo server never sends: hostile tool names, image, audio and
 * resource-link results. Answers CORS for the playground's origin only, like a real server the
 * user points the page at with `?server=`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

export interface TinyTool {
  name: string;
  description?: string;
  annotations?: ToolAnnotations;
  /** What a call returns. */
  result: CallToolResult;
}

export interface TinyServer {
  /** The MCP endpoint, `http://127.0.0.1:PORT/mcp`. */
  url: string;
  close(): Promise<void>;
}

export async function startTinyServer(
  origin: string,
  tools: readonly TinyTool[],
): Promise<TinyServer> {
  const cors = (res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'mcp-session-id, mcp-protocol-version');
    res.setHeader('Vary', 'Origin');
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    cors(res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end();
    // Stateless: a server and a transport per request.
    const server = new McpServer({ name: 'tiny', version: '1.0.0' });
    // The SDK warns about the very names these tests are for (SEP-986); they register anyway.
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (const tool of tools)
        server.registerTool(
          tool.name,
          {
            ...(tool.description === undefined ? {} : { description: tool.description }),
            ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
          },
          () => tool.result,
        );
    } finally {
      console.warn = warn;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
