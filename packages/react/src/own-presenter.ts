import { useEffect, useReducer, useRef } from 'react';
import type { Clock, PermissionEngine } from '@mcp-consent/engine';
import { createConsentPresenter, type ConsentPresenter } from '@mcp-consent/prompt';

/** What the provider makes its own presenter from. */
export interface OwnPresenterOptions {
  engine: PermissionEngine;
  clock: Clock;
  locale: string | readonly string[];
  guardMs: number | undefined;
  allowAlwaysExpiresInMs: number | null | undefined;
}

interface Owned {
  presenter: ConsentPresenter;
  deps: readonly unknown[];
  mounted: boolean;
  disposed: boolean;
}

const depsOf = (options: OwnPresenterOptions): readonly unknown[] => [
  options.engine,
  options.clock,
  typeof options.locale === 'string' ? options.locale : options.locale.join(','),
  options.guardMs,
  options.allowAlwaysExpiresInMs,
];
const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

function create(options: OwnPresenterOptions): ConsentPresenter {
  const { engine, clock, locale, guardMs, allowAlwaysExpiresInMs } = options;
  return createConsentPresenter({
    clock,
    locale,
    // On the server nothing is shown and nothing disposes the presenter: it must not
    // subscribe to a long-lived engine there.
    ...(typeof document === 'undefined' ? {} : { engine }),
    ...(guardMs === undefined ? {} : { guardMs }),
    ...(allowAlwaysExpiresInMs === undefined ? {} : { permission: { allowAlwaysExpiresInMs } }),
  });
}

/**
 * The provider's own consent presenter (`null` options: the host passed one). It is made
 * once per mount, in render, so the first paint and `usePrompter()` already have it; again
 * when the options change (the old one settles what it holds on the safe side: the models
 * it built keep their copy and guard). It is disposed when the provider unmounts, a
 * microtask later, so StrictMode's simulated unmount and remount keeps it.
 */
export function useOwnPresenter(options: OwnPresenterOptions | null): ConsentPresenter | null {
  const [, renew] = useReducer((n: number) => n + 1, 0);
  const owned = useRef<Owned | null>(null);
  if (options) {
    const deps = depsOf(options);
    const now = owned.current;
    // A ref, not useState or useMemo: StrictMode calls their initializers twice, and the
    // presenter it would drop stays subscribed to the engine.
    if (!now || now.disposed || !same(now.deps, deps)) {
      owned.current = { presenter: create(options), deps, mounted: false, disposed: false };
    }
  }
  const own = options ? owned.current : null;
  useEffect(() => {
    if (!own) return;
    // Disposed while hidden (an effect disconnected longer than a microtask): a fresh one.
    if (own.disposed) {
      renew();
      return;
    }
    own.mounted = true;
    return () => {
      own.mounted = false;
      queueMicrotask(() => {
        if (own.mounted || own.disposed) return;
        own.disposed = true;
        own.presenter.dispose();
      });
    };
  }, [own]);
  return own?.presenter ?? null;
}
