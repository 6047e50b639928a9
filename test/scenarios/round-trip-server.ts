import { randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  McpServer,
  type CallToolResult,
  type InputRequiredResult,
  type Transport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

/** The round-trip server's one gated tool. */
export const ROUND_TRIP_TOOL = 'file_report';

/** What the server saw on one leg of a call, as it arrived. */
export interface RoundTripLeg {
  step: 'start' | 'title' | 'summary';
  /** The arguments of this leg as JSON, exactly as received. */
  argsJson: string;
  inputResponses: Record<string, unknown>;
}

export interface RoundTripServerOptions {
  /**
   * Server text put into every question it asks (the form's message and field title, the
   * sampling message): the hostile corpus goes here. @default plain words
   */
  text?: string;
}

interface Flow {
  step: 'title' | 'summary';
  args: string;
  title?: string;
}

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError } : {}),
});

/**
 * A 2026-07-28 server on the real v2 server SDK for the shared scenarios: `file_report` asks
 * for its input with `input_required` results, first a one-field form (the report's title),
 * then a sampling request (a one-line summary), then files the report. Every leg is recorded
 * as received, so a scenario can check that each retry carried the approved arguments.
 */
export function serveRoundTrip(
  transport: Transport,
  options: RoundTripServerOptions = {},
): { legs: RoundTripLeg[]; close(): Promise<void> } {
  const legs: RoundTripLeg[] = [];
  const said = options.text;
  const codec = createRequestStateCodec<Flow>({ key: randomBytes(32) });
  const factory = () => {
    const server = new McpServer(
      { name: 'round-trip', version: '0.0.0' },
      { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
    );
    server.registerTool(
      ROUND_TRIP_TOOL,
      {
        title: 'File a report',
        description: 'Files a report after asking for its title and a summary.',
        inputSchema: z.object({ id: z.string(), text: z.string() }),
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      async (args, ctx): Promise<CallToolResult | InputRequiredResult> => {
        const flow = ctx.mcpReq.requestState<Flow>();
        const responses = ctx.mcpReq.inputResponses ?? {};
        const argsJson = JSON.stringify(args);
        legs.push({ step: flow?.step ?? 'start', argsJson, inputResponses: responses });
        if (!flow) {
          return inputRequired({
            inputRequests: {
              title: inputRequired.elicit({
                message: said ?? `What should report ${args.id} be called?`,
                requestedSchema: {
                  type: 'object',
                  properties: { title: { type: 'string', title: said ?? 'Title', maxLength: 80 } },
                  required: ['title'],
                },
              }),
            },
            requestState: await codec.mint({ step: 'title', args: argsJson }, ctx),
          });
        }
        if (flow.args !== argsJson) return text('The arguments changed between rounds.', true);
        if (flow.step === 'title') {
          const answer = inputResponse(responses, 'title');
          if (answer.kind !== 'elicit' || answer.action !== 'accept')
            return text(`Not filed: ${answer.kind === 'elicit' ? answer.action : 'no answer'}.`);
          const title = String(answer.content?.title ?? '');
          return inputRequired({
            inputRequests: {
              summary: inputRequired.createMessage({
                messages: [
                  {
                    role: 'user',
                    content: { type: 'text', text: `${said ?? 'Summarize'}: ${args.text}` },
                  },
                ],
                maxTokens: 50,
              }),
            },
            requestState: await codec.mint({ step: 'summary', args: argsJson, title }, ctx),
          });
        }
        const summary = inputResponse(responses, 'summary');
        if (summary.kind !== 'sampling') return text('Not filed: no summary came back.', true);
        const content = summary.result.content;
        const line = !Array.isArray(content) && content.type === 'text' ? content.text : '';
        return text(`Filed ${args.id} as "${flow.title}": ${line}`);
      },
    );
    return server;
  };
  const handle = serveStdio(factory, { transport });
  return { legs, close: () => handle.close() };
}
