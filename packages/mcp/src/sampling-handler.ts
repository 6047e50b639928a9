import { CreateMessageRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { SamplingParams } from '@mcp-consent/prompt';
import type { GuardContext } from './guard-types.js';
import { answerSampling, type SamplingSession } from './sampling.js';

/**
 * Answers the server's `sampling/createMessage` with the host's renderer (`sample`) and the
 * host's generator (`generate`). Declares `sampling: {}` only when the host passed a generator:
 * a host that cannot generate never invites sampling. Tool use in sampling (`sampling.tools`)
 * is not declared, so a conforming server does not send `tools`.
 */
export function registerSampling(context: GuardContext): void {
  const { client, options, gate, warn, report } = context;
  if (!options.generate) return;
  const session: SamplingSession = new Map();
  client.registerCapabilities({ sampling: {} });
  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    const outcome = await answerSampling(request.params as SamplingParams, extra.signal, {
      server: options.server,
      sample: options.sample,
      generate: options.generate,
      session,
      gate,
      warn,
      report,
    });
    if (!outcome.ok) throw new McpError(outcome.error.code, outcome.error.message);
    return outcome.result;
  });
}
