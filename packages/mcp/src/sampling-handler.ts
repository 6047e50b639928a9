import type { SamplingParams } from '@mcp-consent/prompt';
import type { GuardContext } from './guard-types.js';
import { answerSampling, type SamplingSession } from './sampling.js';

/**
 * Answers the server's `sampling/createMessage` (pushed, or embedded in an `input_required`
 * answer) with the host's renderer (`sample`) and the host's generator (`generate`). Declares
 * `sampling: {}` only when the host passed a generator: a host that cannot generate never
 * invites sampling. Tool use (`sampling.tools`) is declared only when the host says its
 * generator handles it (`samplingTools`); otherwise a conforming server does not send `tools`.
 */
export function registerSampling(context: GuardContext): void {
  const { binding, options, gate, warn, report } = context;
  if (!options.generate) return;
  const session: SamplingSession = new Map();
  binding.declareCapabilities({ sampling: options.samplingTools === true ? { tools: {} } : {} });
  context.serve('sampling/createMessage', async (params, extra) => {
    const outcome = await answerSampling(params as SamplingParams, extra.signal, {
      server: options.server,
      sample: options.sample,
      generate: options.generate,
      session,
      gate,
      warn,
      report,
    });
    if (!outcome.ok) throw binding.requestError(outcome.error.code, outcome.error.message);
    return outcome.result as unknown as Record<string, unknown>;
  });
}
