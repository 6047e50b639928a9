/**
 * The MCP client the conformance CLI runs for its client scenarios: a real SDK `Client` wrapped by
 * `guardClient`, connected over Streamable HTTP to the scenario's server (the URL is the last
 * argument; the scenario name is in `MCP_CONFORMANCE_SCENARIO`). It lists the tools and calls each
 * one, as a host whose user answers the permission prompt with Allow once and accepts a form as
 * the kit's form model fills it in (the server's defaults). What the user was asked goes to stderr,
 * one `asked: <kind> <name>` line each, so the test can check the gate was in the way.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createManualClock, createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import { guardClient, type ElicitAnswer, type ElicitationRequest } from '@mcp-consent/mcp';
import { createElicitationPrompt, type ElicitResult } from '@mcp-consent/prompt';

/** Arguments each scenario's tools are called with (the scenario's own example values). */
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 2, b: 3 },
};

const url = process.argv.at(-1);
if (!url?.startsWith('http')) throw new Error(`usage: guarded-client.ts <server-url>, got ${url}`);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The user accepting a form as the kit's model shows it: with the server's defaults filled in. */
function acceptAsShown(request: ElicitationRequest): Promise<ElicitAnswer> {
  log(`asked: elicitation ${request.mode}`);
  return new Promise((resolve) => {
    const model = createElicitationPrompt(request.params, {
      server: request.server,
      clock: createManualClock(0),
      guardMs: 0,
      onResult: (result: ElicitResult) => resolve(result as ElicitAnswer),
    });
    model.connect().accept();
  });
}

const engine = createPermissionEngine({ store: memoryStore() });
await engine.ready;
const client = guardClient(new Client({ name: 'mcp-consent-conformance', version: '0.1.0' }), {
  engine,
  server: { id: 'conformance', name: 'Conformance scenario' },
  userId: 'conformance-user',
  workspaceId: 'conformance',
  prompt: (request) => {
    log(`asked: permission ${request.call.tool.name}`);
    return Promise.resolve('allow_once' as const);
  },
  elicit: acceptAsShown,
  onWarning: log,
});
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const { tools } = await client.listTools();
for (const tool of tools) {
  const result = await client.callTool({ name: tool.name, arguments: ARGUMENTS[tool.name] ?? {} });
  log(`result: ${tool.name} ${result.isError ? 'error' : 'ok'}`);
}
await client.close();
