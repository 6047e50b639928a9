import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Choice, Clock, PermissionEngine, PromptRequest } from '@mcp-consent/engine';
import {
  CHECKING_DELAY_MS,
  createElicitationPrompt,
  createPermissionPrompt,
  followQueue,
  type ElicitationApi,
  type ElicitationModel,
  type ElicitationPromptOptions,
  type ElicitResult,
  type PermissionApi,
  type PermissionModel,
  type PermissionPromptOptions,
  type PresenterSnapshot,
  type PromptPresenter,
} from '@mcp-consent/prompt';
import { useEngineSnapshot } from './engine-hooks.js';
import type {
  ElicitationEntry,
  ElicitationPresenter,
  ElicitationSnapshot,
} from './elicitation-presenter.js';
import { useHeadlessModel, useLatest } from './use-model.js';

/** What the presenter shows now (the engine's current prompt request, or null). */
export function usePresenter(presenter: PromptPresenter): PresenterSnapshot {
  return useSyncExternalStore(presenter.subscribe, presenter.getSnapshot, presenter.getSnapshot);
}

/** What an elicitation presenter shows now. */
export function useElicitationPresenter(presenter: ElicitationPresenter): ElicitationSnapshot {
  return useSyncExternalStore(presenter.subscribe, presenter.getSnapshot, presenter.getSnapshot);
}

export interface UsePermissionPromptOptions extends Omit<PermissionPromptOptions, 'onAnswer'> {
  /** Keeps "1 of 3" live from the engine's queue. */
  engine?: PermissionEngine;
  /** Called once with the user's answer and the request it answers. */
  onAnswer?: (choice: Choice, request: PromptRequest) => void;
}

/**
 * The headless permission model for one request and its current view: one
 * model per request id (and locale), re-rendered on every model change,
 * destroyed on unmount. `model` gives `rearm()` to renderers that can tell
 * when the prompt becomes visible again. No DOM: the Ink renderer uses it too.
 */
export function usePermissionModel(
  request: PromptRequest | null,
  options: UsePermissionPromptOptions,
): { model: PermissionModel | null; api: PermissionApi | null } {
  const { engine, onAnswer, ...modelOptions } = options;
  const onAnswerRef = useLatest(onAnswer);
  const locale = modelOptions.translator?.locale ?? localeKey(modelOptions.locale);
  // Options are read once per request: a prompt's copy and guard must not change under the user.
  const key = request ? `${request.id}\u0000${locale}` : null;
  return useHeadlessModel<PermissionApi, PermissionModel>(
    key,
    () => {
      const shown = request!;
      return createPermissionPrompt(shown, {
        ...modelOptions,
        onAnswer: (choice) => onAnswerRef.current?.(choice, shown),
      });
    },
    (model) => (engine ? followQueue(engine, model) : undefined),
    [engine],
  );
}

/**
 * The headless permission model's view for one request, or null when there is
 * no request. See {@link usePermissionModel}.
 */
export function usePermissionPrompt(
  request: PromptRequest | null,
  options: UsePermissionPromptOptions,
): PermissionApi | null {
  return usePermissionModel(request, options).api;
}

export interface UseElicitationPromptOptions extends Omit<
  ElicitationPromptOptions,
  'onResult' | 'server' | 'signal' | 'id'
> {
  /** Called once with the result and the entry it answers. */
  onResult?: (result: ElicitResult, entry: ElicitationEntry) => void;
}

/**
 * The headless elicitation model (form or URL mode) for one queued entry and
 * its current view; null when there is none. No DOM.
 */
export function useElicitationModel(
  entry: ElicitationEntry | null,
  options: UseElicitationPromptOptions,
): { model: ElicitationModel | null; api: ElicitationApi | null } {
  const { onResult, ...modelOptions } = options;
  const onResultRef = useLatest(onResult);
  const locale = modelOptions.translator?.locale ?? localeKey(modelOptions.locale);
  const key = entry ? `${entry.id}\u0000${locale}` : null;
  return useHeadlessModel<ElicitationApi, ElicitationModel>(key, () => {
    const shown = entry!;
    return createElicitationPrompt(shown.request, {
      ...modelOptions,
      id: shown.id,
      server: shown.server,
      signal: shown.signal,
      onResult: (result) => onResultRef.current?.(result, shown),
    });
  });
}

/**
 * True while the engine has been checking permissions for longer than
 * `delayMs` (spec R4.1: show "Checking permissions…" after 100 ms). Needs a
 * clock with `setTimer` (both `systemClock` and the manual clock have one).
 */
export function useChecking(
  engine: PermissionEngine,
  clock: Clock,
  delayMs = CHECKING_DELAY_MS,
): boolean {
  const checking = useEngineSnapshot(engine).checking > 0;
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!checking || !clock.setTimer) return;
    return clock.setTimer(() => setLate(true), delayMs);
  }, [checking, clock, delayMs]);
  return checking && late;
}

function localeKey(locale: string | readonly string[] | undefined): string {
  return typeof locale === 'string' ? locale : (locale ?? []).join(',');
}
