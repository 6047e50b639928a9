import { createEmitter } from './emitter.js';
import type { EngineEvent, EngineSnapshot, EngineStatus } from './engine-types.js';
import type { InvalidInputSource } from './errors.js';
import type { PromptQueue } from './prompt-queue.js';

export const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/**
 * The engine's events and its snapshot for `useSyncExternalStore`-style adapters: status, the
 * pending prompts, the "checking" count and a grants version. Every part of the engine reports
 * through here, so the snapshot and the events never disagree.
 */
export function createHub(queue: PromptQueue) {
  const emitter = createEmitter<EngineEvent>();
  let status: EngineStatus = 'syncing';
  let storeError: Error | undefined;
  let checking = 0;
  let grantsVersion = 0;
  let snapshot: EngineSnapshot = { status, pending: [], checking, grantsVersion };

  const notify = (event: EngineEvent) => {
    // Decisions and error reports change no snapshot field: keep the same object, so
    // useSyncExternalStore subscribers do not re-render on every cache hit.
    if (event.type !== 'decision' && event.type !== 'audit_error' && event.type !== 'invalid') {
      snapshot = {
        status,
        pending: queue.list(),
        checking,
        grantsVersion,
        ...(storeError ? { error: storeError } : {}),
      };
    }
    emitter.emit(event);
  };

  return {
    notify,
    get status(): EngineStatus {
      return status;
    },
    get storeError(): Error | undefined {
      return storeError;
    },
    /** The store synced: lookups may decide from the cache. */
    ready(): void {
      if (status === 'syncing') status = 'ready';
      notify({ type: 'status', status });
    },
    /** The store failed: the cache is no longer trusted, every lookup asks. */
    fail(error: unknown): void {
      status = 'failed';
      storeError = asError(error);
      notify({ type: 'status', status, error: storeError });
    },
    /** The store caught up again after `fail`: lookups may decide from the cache again. */
    recover(): void {
      status = 'ready';
      storeError = undefined;
      notify({ type: 'status', status });
    },
    grantsChanged(): void {
      grantsVersion += 1;
      notify({ type: 'grants' });
    },
    pendingChanged(): void {
      notify({ type: 'pending', pending: queue.list() });
    },
    /** Requests still hashing or waiting for the store ("Checking permissions…"). */
    checking(delta: number): void {
      checking += delta;
      notify({ type: 'checking', count: checking });
    },
    reportInvalid(source: InvalidInputSource, error: Error, count?: number): void {
      notify({ type: 'invalid', source, error, ...(count !== undefined ? { count } : {}) });
    },
    subscribe: emitter.subscribe,
    getSnapshot: (): EngineSnapshot => snapshot,
  };
}

export type Hub = ReturnType<typeof createHub>;
