import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Choice, Clock, PermissionEngine, PromptRequest } from '@mcp-consent/engine';
import {
  CHECKING_DELAY_MS,
  createPermissionPrompt,
  followQueue,
  type PermissionApi,
  type PermissionPromptOptions,
  type PresenterSnapshot,
  type PromptPresenter,
} from '@mcp-consent/prompt';
import { useEngineSnapshot } from './engine-hooks.js';

/** What the presenter shows now (the engine's current prompt request, or null). */
export function usePresenter(presenter: PromptPresenter): PresenterSnapshot {
  return useSyncExternalStore(presenter.subscribe, presenter.getSnapshot, presenter.getSnapshot);
}

export interface UsePermissionPromptOptions extends Omit<PermissionPromptOptions, 'onAnswer'> {
  /** Keeps "1 of 3" live from the engine's queue. */
  engine?: PermissionEngine;
  onAnswer?: (choice: Choice) => void;
}

/**
 * The headless permission model for one request, bound to React: one model per
 * request id, re-rendered on every model change, destroyed on unmount. Returns
 * null when there is no request. No DOM: the Ink renderer uses it too.
 */
export function usePermissionPrompt(
  request: PromptRequest | null,
  options: UsePermissionPromptOptions,
): PermissionApi | null {
  const { engine, onAnswer, ...modelOptions } = options;
  const onAnswerRef = useLatest(onAnswer);
  // Options are read once per request: a prompt's copy and guard must not change under the user.
  const model = useMemo(
    () =>
      request
        ? createPermissionPrompt(request, {
            ...modelOptions,
            onAnswer: (choice) => onAnswerRef.current?.(choice),
          })
        : null,
    [request?.id, modelOptions.locale, modelOptions.translator],
  );
  useEffect(() => {
    if (!model) return;
    const unfollow = engine ? followQueue(engine, model) : undefined;
    return () => {
      unfollow?.();
      model.destroy();
    };
  }, [model, engine]);
  const subscribe = useMemo(() => (model ? model.subscribe : () => () => {}), [model]);
  const getApi = useMemo(() => (model ? model.connect : () => null), [model]);
  return useSyncExternalStore(subscribe, getApi, getApi);
}

/**
 * True while the engine has been checking permissions for longer than
 * `delayMs` (spec R4.1: show "Checking permissions…" after 100 ms).
 */
export function useChecking(
  engine: PermissionEngine,
  clock: Clock,
  delayMs = CHECKING_DELAY_MS,
): boolean {
  const checking = useEngineSnapshot(engine).checking > 0;
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!checking) {
      setLate(false);
      return;
    }
    if (!clock.setTimer) return;
    return clock.setTimer(() => setLate(true), delayMs);
  }, [checking, clock, delayMs]);
  return checking && late;
}

function useLatest<T>(value: T): { current: T } {
  const ref = useMemo(() => ({ current: value }), []);
  ref.current = value;
  return ref;
}
