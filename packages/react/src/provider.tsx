import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  systemClock,
  type Clock,
  type PermissionEngine,
  type RequestOptions,
  type RequestResult,
  type ToolCall,
} from '@mcp-consent/engine';
import {
  createPromptPresenter,
  type ElicitRequest,
  type ElicitResult,
  type PromptPresenter,
} from '@mcp-consent/prompt';
import {
  createElicitationPresenter,
  type ElicitationPresenter,
  type ElicitOptions,
} from './hooks/elicitation-presenter.js';

/** What the provider shares with the sheets, the manager and the hooks. */
export interface ConsentContextValue {
  engine: PermissionEngine;
  clock: Clock;
  locale: string | readonly string[];
  guardMs: number | undefined;
  presenter: PromptPresenter;
  elicitations: ElicitationPresenter;
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
   * The presenter whose `prompt` callback the engine calls. Pass one made with
   * `createPromptPresenter()` to call `engine.request` from code outside React.
   * @default a presenter owned by the provider (denies what is on screen on unmount)
   */
  presenter?: PromptPresenter;
  /** The elicitation queue. @default one owned by the provider (cancels on unmount) */
  elicitationPresenter?: ElicitationPresenter;
  /** Add the kit's stylesheet once (React 19 style hoisting). @default true */
  injectStyles?: boolean;
  /** CSP nonce for the injected stylesheet. @default undefined */
  nonce?: string;
  children?: ReactNode;
}

/**
 * Connects an engine to the React tree: owns the presenters the engine's
 * prompt callback and elicitations go through, so `<PermissionSheet>` and
 * `<ElicitationSheet>` anywhere below show what the engine asks. Renders only
 * its children: safe to server-render.
 */
export function ConsentProvider(props: ConsentProviderProps) {
  const { engine, clock = systemClock, locale = 'en-US', guardMs, children } = props;
  const [ownPresenter] = useState(createPromptPresenter);
  const [ownElicitations] = useState(createElicitationPresenter);
  const presenter = props.presenter ?? ownPresenter;
  const elicitations = props.elicitationPresenter ?? ownElicitations;
  useEffect(
    () => () => {
      ownPresenter.dispose();
      ownElicitations.dispose();
    },
    [ownPresenter, ownElicitations],
  );
  const injectStyles = props.injectStyles ?? true;
  const value = useMemo<ConsentContextValue>(
    () => ({
      engine,
      clock,
      locale,
      guardMs,
      presenter,
      elicitations,
      injectStyles,
      nonce: props.nonce,
    }),
    [engine, clock, locale, guardMs, presenter, elicitations, injectStyles, props.nonce],
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

/** The prompt callback to pass to `engine.request(call, { prompt })`. */
export function usePrompter(): PromptPresenter['prompt'] {
  return useConsent().presenter.prompt;
}

/**
 * `requestPermission(call)`: the engine's whole flow (lookup, prompt through
 * the provider's sheet, grant, audit). Resolves exactly once.
 */
export function useRequestPermission(): (
  call: ToolCall,
  options?: Omit<RequestOptions, 'prompt'>,
) => Promise<RequestResult> {
  const { engine, presenter } = useConsent();
  return useMemo(
    () => (call, options) => engine.request(call, { ...options, prompt: presenter.prompt }),
    [engine, presenter],
  );
}

/** `elicit(request, { server })`: shows an MCP elicitation in the provider's `<ElicitationSheet>`. */
export function useElicit(): (
  request: ElicitRequest,
  options: ElicitOptions,
) => Promise<ElicitResult> {
  return useConsent().elicitations.elicit;
}
