import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { callsInFlight } from './calls-in-flight.js';
import { answerElicitation } from './elicitation.js';
import type { GuardContext } from './guard-types.js';

/**
 * Answers the server's `elicitation/create` (pushed, or embedded in an `input_required` answer)
 * with the host's renderer (or the `noRenderer` policy) and follows
 * `notifications/elicitation/complete` for the URLs the user opened.
 * Declares both modes, as the SDK requires before the handler is set.
 */
export function registerElicitation(context: GuardContext): void {
  const { binding, options, gate, warn, report } = context;
  const { server } = options;
  const openedUrls = new Set<string>();

  binding.declareCapabilities({ elicitation: { form: {}, url: {} } });
  context.serve('elicitation/create', async (raw, extra) => {
    const params = raw as ElicitRequest['params'];
    const result = await answerElicitation(params, extra.signal, {
      server,
      origin: callsInFlight(binding).origin(),
      elicit: options.elicit,
      noRenderer: options.noRenderer ?? 'decline',
      maxAttempts: options.maxElicitAttempts ?? 3,
      messages: { translator: options.translator, locale: options.locale },
      openUrl: options.openUrl,
      gate,
      warn,
      report,
    });
    // 2026-07-28 URL elicitations carry no id: the server correlates through its requestState.
    if (params.mode === 'url' && result.action === 'accept' && params.elicitationId)
      openedUrls.add(params.elicitationId);
    return result;
  });
  binding.onNotification('notifications/elicitation/complete', (raw) => {
    const { elicitationId } = raw as { elicitationId: string };
    // Unknown ids are ignored (spec): a server cannot announce what we never opened.
    if (!openedUrls.delete(elicitationId)) return;
    report({ type: 'elicitation_complete', serverId: server.id, elicitationId });
  });
}
