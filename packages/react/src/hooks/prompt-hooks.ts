import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Choice, Clock, PermissionEngine, PromptRequest } from '@mcp-consent/engine';
import {
  CHECKING_DELAY_MS,
  createElicitationPrompt,
  createPermissionPrompt,
  followQueue,
  type ConsentPresenter,
  type ConsentSnapshot,
  type ElicitationApi,
  type ElicitationCall,
  type ElicitationModel,
  type ElicitationPromptOptions,
  type ElicitResult,
  type PermissionApi,
  type PermissionModel,
  type PermissionPromptOptions,
} from '@mcp-consent/prompt';
import { useEngineSnapshot } from './engine-hooks.js';
import { useHeadlessModel, useLatest } from './use-model.js';

/**
 * What a consent presenter shows now (`{ current, waiting, checking, settled }`),
 * re-rendered on every change. The head's `model` is the presenter's: render it, never
 * destroy it.
 */
export function useConsentSnapshot(
  presenter: Pick<ConsentPresenter, 'subscribe' | 'getSnapshot'>,
): ConsentSnapshot {
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
 * when the prompt becomes visible again. For requests shown outside a consent
 * presenter (controlled use). No DOM.
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
  /** Called once with the result and the call it answers. */
  onResult?: (result: ElicitResult, call: ElicitationCall) => void;
}

const callIds = new WeakMap<ElicitationCall, string>();
let nextCallId = 0;
/** The call's own id, else one per call object (element ids derive from it). */
const idOf = (call: ElicitationCall) => {
  let id = call.id ?? callIds.get(call);
  if (!id) callIds.set(call, (id = `elicitation-c${++nextCallId}`));
  return id;
};

/**
 * The headless elicitation model (form or URL mode) for one server question, in the
 * shape `@mcp-consent/mcp` hands it over (`{ params, server, signal, id }`), and its
 * current view; null when there is none. For questions shown outside a consent
 * presenter (controlled use). No DOM.
 */
export function useElicitationModel(
  call: ElicitationCall | null,
  options: UseElicitationPromptOptions,
): { model: ElicitationModel | null; api: ElicitationApi | null } {
  const { onResult, ...modelOptions } = options;
  const onResultRef = useLatest(onResult);
  const locale = modelOptions.translator?.locale ?? localeKey(modelOptions.locale);
  const key = call ? `${idOf(call)}\u0000${locale}` : null;
  return useHeadlessModel<ElicitationApi, ElicitationModel>(key, () => {
    const shown = call!;
    return createElicitationPrompt(shown.params, {
      ...modelOptions,
      id: idOf(shown),
      server: shown.server,
      ...(shown.signal ? { signal: shown.signal } : {}),
      onResult: (result) => onResultRef.current?.(result, shown),
    });
  });
}

/**
 * True while the engine has been checking permissions for longer than
 * `delayMs` (spec R4.1: show "Checking permissions…" after 100 ms). Needs a
 * clock with `setTimer` (both `systemClock` and the manual clock have one).
 * Under a consent presenter, its snapshot's `checking` says the same.
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
