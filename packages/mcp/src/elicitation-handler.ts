import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { callsInFlight } from './calls-in-flight.js';
import { answerElicitation } from './elicitation.js';
import type { GuardContext } from './guard-types.js';

/**
 * Answers the server's `elicitation/create` with the host's renderer (or the `noRenderer`
 * policy) and follows `notifications/elicitation/complete` for the URLs the user opened.
 * Declares both modes, as the SDK requires before the handler is set.
 */
export function registerElicitation(context: GuardContext): void {
  const { client, options, gate, warn, report } = context;
  const { server } = options;
  const openedUrls = new Set<string>();

  client.registerCapabilities({ elicitation: { form: {}, url: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const result = await answerElicitation(request.params, extra.signal, {
      server,
      origin: callsInFlight(client).origin(),
      elicit: options.elicit,
      noRenderer: options.noRenderer ?? 'decline',
      maxAttempts: options.maxElicitAttempts ?? 3,
      messages: { translator: options.translator, locale: options.locale },
      openUrl: options.openUrl,
      gate,
      warn,
      report,
    });
    if (request.params.mode === 'url' && result.action === 'accept')
      openedUrls.add(request.params.elicitationId);
    return result;
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
    // Unknown ids are ignored (spec): a server cannot announce what we never opened.
    if (!openedUrls.delete(notification.params.elicitationId)) return;
    report({
      type: 'elicitation_complete',
      serverId: server.id,
      elicitationId: notification.params.elicitationId,
    });
  });
}
