import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { Clock, PermissionEngine } from '@mcp-consent/engine';
import { CHECKING_DELAY_MS, connectChecking } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { useIsClient } from './dom.js';
import { useChecking } from './hooks/prompt-hooks.js';
import { useOptionalConsent } from './provider.js';
import { ConsentStyles, type ColorScheme } from './sheet-layer.js';

export interface CheckingStatusProps {
  /** @default the provider's engine */
  engine?: PermissionEngine;
  /** @default the provider's clock */
  clock?: Clock;
  /** @default the provider's locale */
  locale?: string | readonly string[];
  /** Show only when the lookup takes longer than this (spec R4.1). @default 100 */
  delayMs?: number;
  /** @default 'auto' */
  colorScheme?: ColorScheme;
  /** Render into `document.body` (a small status at the bottom of the page). @default true */
  portal?: boolean;
}

/**
 * "Checking permissions…": a polite status shown while the engine has been
 * checking for longer than 100 ms (hashing arguments, waiting for the store).
 * `<PermissionSheet>` shows the same line while the provider's presenter says
 * `checking` and nothing is asked. Nothing on the server.
 */
export function CheckingStatus(props: CheckingStatusProps) {
  const context = useOptionalConsent();
  const engine = props.engine ?? context?.engine;
  const clock = props.clock ?? context?.clock;
  if (!engine || !clock) throw new Error('<CheckingStatus> needs an engine and a clock.');
  const late = useChecking(engine, clock, props.delayMs ?? CHECKING_DELAY_MS);
  const isClient = useIsClient();
  if (!isClient || !late) return null;
  return (
    <CheckingLine
      locale={props.locale ?? context?.locale}
      colorScheme={props.colorScheme}
      portal={props.portal}
      injectStyles={context?.injectStyles ?? true}
      nonce={context?.nonce}
    />
  );
}

/** The status line itself, shown now (client only): its copy and role come from the model. */
export function CheckingLine(props: {
  locale: string | readonly string[] | undefined;
  colorScheme: ColorScheme | undefined;
  portal?: boolean | undefined;
  injectStyles: boolean;
  nonce: string | undefined;
}) {
  const { locale } = props;
  const view = useMemo(() => connectChecking({ locale }), [locale]);
  const status = (
    <div
      {...p(view.props.checking)}
      className="mcp-consent-theme mcp-consent-checking"
      data-color-scheme={props.colorScheme ?? 'auto'}
    >
      {props.injectStyles ? <ConsentStyles nonce={props.nonce} /> : null}
      {view.text}
    </div>
  );
  return (props.portal ?? true) ? createPortal(status, document.body) : status;
}
