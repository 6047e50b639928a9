import { createEmitter, type ServerRef } from '@mcp-consent/engine';
import type { ElicitRequest, ElicitResult } from '@mcp-consent/prompt';

/** One elicitation waiting for the user. */
export interface ElicitationEntry {
  /** Local id (element ids derive from it). */
  id: string;
  request: ElicitRequest;
  /** The requesting server, always shown. */
  server: ServerRef;
  /** Aborted when the request is settled elsewhere: the sheet closes. */
  signal: AbortSignal;
}

export interface ElicitationSnapshot {
  /** The elicitation to show now, or null. */
  current: ElicitationEntry | null;
  /** How many wait, the current one included. */
  waiting: number;
}

export interface ElicitOptions {
  server: ServerRef;
  /** Aborting answers `cancel` and takes the request off the screen. */
  signal?: AbortSignal;
}

/**
 * A queue of MCP `elicitation/create` requests shown one at a time, as a
 * subscribable store (the elicitation counterpart of `createPromptPresenter`).
 * Framework-free: React binds it with `useSyncExternalStore`, Ink with a hook.
 */
export interface ElicitationPresenter {
  /** Shows the request when its turn comes; resolves exactly once with the result. */
  elicit(request: ElicitRequest, options: ElicitOptions): Promise<ElicitResult>;
  /** Settles an entry (renderers call this from the model's `onResult`). */
  answer(id: string, result: ElicitResult): void;
  getSnapshot(): ElicitationSnapshot;
  subscribe(listener: () => void): () => void;
  /** Cancels everything waiting (the renderer is going away). */
  dispose(): void;
}

export function createElicitationPresenter(): ElicitationPresenter {
  const emitter = createEmitter<void>();
  const queue: { entry: ElicitationEntry; resolve: (result: ElicitResult) => void }[] = [];
  let snapshot: ElicitationSnapshot = { current: null, waiting: 0 };
  let nextId = 0;

  const publish = () => {
    const current = queue[0]?.entry ?? null;
    if (snapshot.current !== current || snapshot.waiting !== queue.length) {
      snapshot = { current, waiting: queue.length };
      emitter.emit();
    }
  };
  const answer = (id: string, result: ElicitResult) => {
    const index = queue.findIndex((item) => item.entry.id === id);
    if (index < 0) return;
    const [item] = queue.splice(index, 1);
    publish();
    item!.resolve(result);
  };

  return {
    elicit(request, options) {
      return new Promise<ElicitResult>((resolve) => {
        const controller = new AbortController();
        const id = `elicitation-${++nextId}`;
        const cancel = () => {
          controller.abort();
          answer(id, { action: 'cancel' });
        };
        if (options.signal?.aborted) return resolve({ action: 'cancel' });
        options.signal?.addEventListener('abort', cancel, { once: true });
        queue.push({
          entry: { id, request, server: options.server, signal: controller.signal },
          resolve: (result) => {
            options.signal?.removeEventListener('abort', cancel);
            resolve(result);
          },
        });
        publish();
      });
    },
    answer,
    getSnapshot: () => snapshot,
    subscribe: (listener) => emitter.subscribe(listener),
    dispose() {
      for (const { entry } of [...queue]) answer(entry.id, { action: 'cancel' });
    },
  };
}
