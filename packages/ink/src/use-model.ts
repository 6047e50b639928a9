import { useSyncExternalStore } from 'react';

/** What every headless model of `@mcp-consent/prompt` offers a renderer. */
export interface ModelSource<Api> {
  /** The current view; the same object until the model changes. */
  connect(): Api;
  subscribe(listener: () => void): () => void;
}

/**
 * The current view of a headless prompt model, re-rendering whenever the model changes.
 * The caller owns the model: this hook neither creates nor destroys it.
 */
export function useModel<Api>(model: ModelSource<Api>): Api {
  // Both are plain closures of the model, stable for its lifetime, so React subscribes once.
  return useSyncExternalStore(model.subscribe, model.connect, model.connect);
}
