import { randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  McpServer,
  type CallToolResult,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DEMO_SERVER_NAME } from './server.js';
import { DemoState } from './state.js';

/** The protocol revision of this mode. */
export const MODERN_PROTOCOL = '2026-07-28';

/** What a `publish_note` flow carries between rounds (sealed with HMAC: the client cannot forge it). */
interface PublishState {
  step: 'confirm' | 'summary';
  /** The arguments of the first round, as JSON: every later round must carry the same. */
  args: string;
  reason?: string;
}

/** The form of `publish_note`'s first round. */
export const PUBLISH_CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: 'Publish this note', default: false },
    reason: { type: 'string' as const, title: 'Reason', maxLength: 200 },
  },
  required: ['confirm'],
};

export interface ModernDemoOptions {
  /** Shared state; every instance of one server gets the same. @default a fresh `DemoState` */
  state?: DemoState;
  /** Reported server name. @default DEMO_SERVER_NAME */
  name?: string;
}

const text = (value: string, isError = false): CallToolResult =>
  isError
    ? { content: [{ type: 'text', text: value }], isError }
    : { content: [{ type: 'text', text: value }] };

/**
 * A factory for the demo's 2026-07-28 mode on the v2 server SDK: the serving entries
 * (`serveStdio`, `createMcpHandler`) call it once per connection or request, over one shared
 * state. `publish_note` asks for its input the 2026-07-28 way, with `input_required` results:
 * first a form elicitation (confirm + reason), then a sampling request (a one-line summary);
 * each round is recorded in `state.rounds`. A 2025-era client is served by the SDK's legacy
 * shim from the same handlers.
 */
export function modernDemoFactory(options: ModernDemoOptions = {}): {
  state: DemoState;
  factory: () => McpServer;
} {
  const state = options.state ?? new DemoState();
  // One key for every instance of this server: a round may reach another instance (HTTP).
  const codec = createRequestStateCodec<PublishState>({ key: randomBytes(32) });
  const factory = () => {
    const server = new McpServer(
      { name: options.name ?? DEMO_SERVER_NAME, version: '0.1.0' },
      { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
    );
    registerPublish(server, state, (payload, ctx) => codec.mint(payload, ctx));
    server.registerTool(
      'demo_state',
      {
        description: 'The demo state as JSON (for tests and the playground).',
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      () => text(JSON.stringify(state.snapshot())),
    );
    return server;
  };
  return { state, factory };
}

function registerPublish(
  server: McpServer,
  state: DemoState,
  mint: (payload: PublishState, ctx: ServerContext) => Promise<string>,
): void {
  const tool = 'publish_note';
  server.registerTool(
    tool,
    {
      title: 'Publish a note',
      description: 'Publishes a note after the user confirms it and the client summarizes it.',
      inputSchema: z.object({ id: z.string().min(1).max(64), text: z.string().max(2000) }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    async (args, ctx): Promise<CallToolResult | InputRequiredResult> => {
      state.recordCall(tool);
      const flow = ctx.mcpReq.requestState<PublishState>();
      const responses = ctx.mcpReq.inputResponses ?? {};
      state.rounds.push({
        tool,
        step: flow?.step ?? 'start',
        arguments: structuredClone(args),
        inputResponses: structuredClone(responses),
      });
      const argsJson = JSON.stringify(args);
      if (!flow) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Publish note "${args.id}"?`,
              requestedSchema: PUBLISH_CONFIRM_SCHEMA,
            }),
          },
          requestState: await mint({ step: 'confirm', args: argsJson }, ctx),
        });
      }
      // The state is sealed, but the arguments are the client's: a retry must not change them.
      if (flow.args !== argsJson) return text('The arguments changed between rounds.', true);
      if (flow.step === 'confirm') {
        const answer = inputResponse(responses, 'confirm');
        if (
          answer.kind !== 'elicit' ||
          answer.action !== 'accept' ||
          answer.content?.confirm !== true
        ) {
          const action = answer.kind === 'elicit' ? answer.action : 'no answer';
          return text(`Not published: the user's answer was "${action}".`);
        }
        const reason =
          typeof answer.content.reason === 'string' ? answer.content.reason : undefined;
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [
                {
                  role: 'user',
                  content: { type: 'text', text: `Summarize in one line: ${args.text}` },
                },
              ],
              maxTokens: 100,
            }),
          },
          requestState: await mint(
            { step: 'summary', args: argsJson, ...(reason ? { reason } : {}) },
            ctx,
          ),
        });
      }
      const summary = inputResponse(responses, 'summary');
      if (summary.kind !== 'sampling') return text('Not published: no summary came back.', true);
      const content = summary.result.content;
      const line = !Array.isArray(content) && content.type === 'text' ? content.text : '';
      state.notes.set(args.id, args.text);
      return text(`Published ${args.id}: ${line}${flow.reason ? ` (reason: ${flow.reason})` : ''}`);
    },
  );
}
