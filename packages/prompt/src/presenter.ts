import type { Choice, PromptCallback, PromptRequest } from '@mcp-consent/engine';
import { createEmitter } from '@mcp-consent/engine';

export interface PresenterSnapshot {
  /** The request to show now, or null when nothing waits. */
  request: PromptRequest | null;
}

export interface PromptPresenter {
  /** Pass this as the engine's `prompt` callback. */
  prompt: PromptCallback;
  /** Answers the request on screen (renderers call this from the model's `onAnswer`). */
  answer(requestId: string, choice: Choice): void;
  getSnapshot(): PresenterSnapshot;
  subscribe(listener: () => void): () => void;
  /** Denies whatever is on screen (the renderer is going away). */
  dispose(): void;
}

/**
 * Turns the engine's prompt callback into a subscribable "what to show now"
 * store, the same for every renderer: React binds it with
 * `useSyncExternalStore`, Lit with a controller, Ink with a hook. A request
 * the engine settles elsewhere (another tab, timeout) leaves the screen
 * through its abort signal.
 */
export function createPromptPresenter(): PromptPresenter {
  const emitter = createEmitter<void>();
  let snapshot: PresenterSnapshot = { request: null };
  const waiting = new Map<string, (choice: Choice) => void>();

  const show = (request: PromptRequest | null) => {
    snapshot = { request };
    emitter.emit();
  };
  const settle = (requestId: string, choice: Choice) => {
    const resolve = waiting.get(requestId);
    if (!resolve) return;
    waiting.delete(requestId);
    if (snapshot.request?.id === requestId) show(null);
    resolve(choice);
  };

  return {
    prompt: (request) =>
      new Promise<Choice>((resolve) => {
        waiting.set(request.id, resolve);
        request.signal.addEventListener('abort', () => settle(request.id, 'deny_once'), {
          once: true,
        });
        show(request);
      }),
    answer: settle,
    getSnapshot: () => snapshot,
    subscribe: (listener) => emitter.subscribe(listener),
    dispose() {
      for (const id of [...waiting.keys()]) settle(id, 'deny_once');
    },
  };
}
