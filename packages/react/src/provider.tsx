import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { systemClock, type Clock, type PermissionEngine } from '@mcp-consent/engine';
import type { ConsentPresenter } from '@mcp-consent/prompt';
import { useOwnPresenter } from './own-presenter.js';

/** What the provider shares with the sheets, the manager and the hooks. */
export interface ConsentContextValue {
  engine: PermissionEngine;
  clock: Clock;
  locale: string | readonly string[];
  guardMs: number | undefined;
  /** The one queue every sheet below shows: the provider's own, or the one passed in. */
  presenter: ConsentPresenter;
  injectStyles: boolean;
  nonce: string | undefined;
}

const ConsentContext = createContext<ConsentContextValue | null>(null);

export interface ConsentProviderProps {
  /** The permission engine (`createPermissionEngine`). */
  engine: PermissionEngine;
  /** Time source of the input guard and "Checking permissions…". @default systemClock */
  clock?: Clock;
  /** Locale or preferred locales, negotiated against the shipped catalogs. @default 'en-US' */
  locale?: string | readonly string[];
  /** Input guard: answers are ignored this long after a prompt appears. @default 500 */
  guardMs?: number;
  /**
   * Shows "expires in …" under Allow always for grants of this lifetime (`null`: never
   * expire). @default undefined (no line)
   */
  allowAlwaysExpiresInMs?: number | null;
  /**
   * The consent presenter the sheets show (`createConsentPresenter` of
   * `@mcp-consent/prompt`). Pass one to give its `prompt`, `elicit` and `show` to code
   * outside React (`guardClient`); it is then yours to configure (clock, locale, guard,
   * engine) and to dispose.
   * @default one owned by the provider, made from `engine`, `clock`, `locale`, `guardMs` and
   * `allowAlwaysExpiresInMs` (made again when they change), disposed on unmount (what it
   * holds is denied or cancelled)
   */
  presenter?: ConsentPresenter;
  /** Add the kit's stylesheet once (React 19 style hoisting). @default true */
  injectStyles?: boolean;
  /** CSP nonce for the injected stylesheet. @default undefined */
  nonce?: string;
  children?: ReactNode;
}

/**
 * Connects an engine to the React tree through one consent presenter: the engine's
 * permission and dry-run prompts, servers' elicitations and `useShow()` calls wait in its
 * one queue, and `<PermissionSheet>` and `<ElicitationSheet>` anywhere below show its head,
 * one at a time. Renders only its children: safe to server-render.
 */
export function ConsentProvider(props: ConsentProviderProps) {
  const { engine, clock = systemClock, locale = 'en-US', guardMs, children } = props;
  const own = useOwnPresenter(
    props.presenter
      ? null
      : { engine, clock, locale, guardMs, allowAlwaysExpiresInMs: props.allowAlwaysExpiresInMs },
  );
  const presenter = props.presenter ?? own!;
  const injectStyles = props.injectStyles ?? true;
  const value = useMemo<ConsentContextValue>(
    () => ({ engine, clock, locale, guardMs, presenter, injectStyles, nonce: props.nonce }),
    [engine, clock, locale, guardMs, presenter, injectStyles, props.nonce],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

/** The provider's context; throws outside a `<ConsentProvider>`. */
export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('Wrap this component in a <ConsentProvider engine={…}>.');
  return value;
}

/** The provider's context, or null outside one (for components that also work controlled). */
export function useOptionalConsent(): ConsentContextValue | null {
  return useContext(ConsentContext);
}
