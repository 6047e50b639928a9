import type { EngineEvent, PendingPrompt } from '@mcp-consent/engine';
import type { PermissionModel } from './permission/index.js';

/** The part of the engine a renderer needs to keep "1 of 3" live. */
export interface QueueSource {
  pending(): readonly PendingPrompt[];
  subscribe(listener: (event: EngineEvent) => void): () => void;
}

/**
 * Keeps a prompt's queue position in step with the engine's pending list, so
 * every renderer shows the same live "1 of 3". Returns the unsubscribe.
 */
export function followQueue(engine: QueueSource, prompt: PermissionModel): () => void {
  const sync = () => {
    const pending = engine.pending();
    const index = pending.findIndex((entry) => entry.id === prompt.requestId);
    if (index >= 0) prompt.setQueue({ position: index + 1, total: pending.length });
  };
  sync();
  return engine.subscribe((event) => {
    if (event.type === 'pending') sync();
  });
}
