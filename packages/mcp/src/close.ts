import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** A transport that can end its server-side session (the SDK's Streamable HTTP client transport). */
interface SessionTransport {
  sessionId?: string | undefined;
  terminateSession(): Promise<void>;
}

const hasSession = (transport: unknown): transport is SessionTransport =>
  typeof (transport as Partial<SessionTransport> | undefined)?.terminateSession === 'function' &&
  typeof (transport as Partial<SessionTransport>).sessionId === 'string';

/**
 * Disconnects a (guarded) client and, over Streamable HTTP (2025-era sessions), first ends its
 * session on the server with `DELETE` (`terminateSession()`), so the server drops what it kept
 * for it (subscriptions, timers, pending elicitations) instead of waiting for a timeout. A server
 * that does not allow the DELETE (405) or cannot be reached does not stop the close. Never throws
 * for the DELETE; `client.close()`'s own errors propagate.
 */
export async function closeGuarded(client: Pick<Client, 'transport' | 'close'>): Promise<void> {
  const transport = client.transport;
  if (hasSession(transport)) {
    try {
      await transport.terminateSession();
    } catch {
      // The session ends with the server anyway; closing must not fail because of it.
    }
  }
  await client.close();
}
