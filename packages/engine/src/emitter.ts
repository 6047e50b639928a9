/** The tiny subscribe/notify primitive that adapters bind to (useSyncExternalStore, Lit controllers). */
export interface Subscribable<E> {
  subscribe(listener: (event: E) => void): () => void;
}

export interface Emitter<E> extends Subscribable<E> {
  emit(event: E): void;
}

export function createEmitter<E>(): Emitter<E> {
  const listeners = new Set<(event: E) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event) {
      for (const listener of [...listeners]) {
        // A failing listener (a renderer that crashed) must not stop decisions.
        try {
          listener(event);
        } catch {
          /* ignored on purpose */
        }
      }
    },
  };
}
