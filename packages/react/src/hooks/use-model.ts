import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useSyncExternalStore,
} from 'react';

/** What every headless model of @mcp-consent/prompt has. */
export interface HeadlessModel<Api> {
  connect(): Api;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** The part of a model a renderer reads: its view and its changes. */
export type ModelSource<Api> = Pick<HeadlessModel<Api>, 'connect' | 'subscribe'>;

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

/**
 * The current view of a model someone else owns (the consent presenter's head), re-rendered
 * whenever it changes. This hook neither creates nor destroys the model.
 */
export function useModel<Api>(model: ModelSource<Api>): Api {
  // Both are closures of the model, stable for its lifetime, so React subscribes once.
  return useSyncExternalStore(model.subscribe, model.connect, model.connect);
}

/**
 * Calls `onAnswered` with the view once, when the model goes from open to answered: the
 * user's own answer (not one settled elsewhere), synchronously inside the click or key
 * press that gave it, so a link opened there is allowed by popup blockers.
 */
export function useOnAnswered<Api extends { status: string }>(
  model: ModelSource<Api> | null,
  onAnswered: ((api: Api) => void) | undefined,
): void {
  const latest = useLatest(onAnswered);
  // Before paint, so no answer can come between the first render and the subscription.
  useLayoutEffect(() => {
    if (!model) return;
    let answered = model.connect().status === 'answered';
    return model.subscribe(() => {
      const api = model.connect();
      if (answered || api.status !== 'answered') return;
      answered = true;
      latest.current?.(api);
    });
  }, [model, latest]);
}

/** A ref that always holds the latest value (for callbacks read by long-lived models). */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
