import { useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';

/** What every headless model of @mcp-consent/prompt has. */
export interface HeadlessModel<Api> {
  connect(): Api;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

const destroyed = new WeakSet<object>();
const noSubscribe = () => () => {};
const getNull = () => null;

/**
 * One headless model per `key`, created during render (so the first paint
 * already has it), followed with `useSyncExternalStore`, and destroyed when the
 * key changes or the component unmounts. A model destroyed by an effect that
 * runs again (React StrictMode, a changed `attach`) is replaced by a fresh one
 * instead of being reused half torn down. No DOM.
 */
export function useHeadlessModel<Api, M extends HeadlessModel<Api>>(
  key: string | null,
  create: () => M,
  attach?: (model: M) => (() => void) | void,
  attachDeps: readonly unknown[] = [],
): { model: M | null; api: Api | null } {
  const [generation, renew] = useReducer((n: number) => n + 1, 0);
  const createRef = useRef(create);
  createRef.current = create;
  const model = useMemo(
    () => (key === null ? null : createRef.current()),
    // `generation` replaces a model that an earlier effect cleanup destroyed.
    [key, generation],
  );
  useEffect(() => {
    if (!model) return;
    if (destroyed.has(model)) {
      renew();
      return;
    }
    const detach = attach?.(model);
    return () => {
      detach?.();
      destroyed.add(model);
      model.destroy();
    };
    // `attach` is read with `attachDeps`, as a callback of the caller.
  }, [model, ...attachDeps]);
  const subscribe = useMemo(() => (model ? model.subscribe : noSubscribe), [model]);
  const getApi = useMemo(() => (model ? model.connect : getNull), [model]);
  const api = useSyncExternalStore<Api | null>(subscribe, getApi, getApi);
  return { model, api };
}

/** A ref that always holds the latest value (for callbacks read by long-lived models). */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
