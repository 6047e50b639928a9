import { useMemo } from 'react';
import { systemClock, type Clock, type ServerRef } from '@mcp-consent/engine';
import type { ElicitationCall, ElicitRequest, ElicitResult } from '@mcp-consent/prompt';
import { useIsClient } from './dom.js';
import { ElicitationFrame } from './elicitation-frame.js';
import { useConsentSnapshot, useElicitationModel } from './hooks/prompt-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { useOptionalConsent, type ConsentContextValue } from './provider.js';
import { SheetBoundary } from './sheet-boundary.js';
import { layerOptions, type SheetPresentationProps } from './sheet-layer.js';

export interface ElicitationSheetProps extends SheetPresentationProps {
  /**
   * Controlled use: the MCP `elicitation/create` params to show (`null`: nothing), held by
   * the host. Leave it out to show the provider's presenter: its head when that is an
   * elicitation (`useElicit()`). @default undefined (the provider's presenter)
   */
  request?: ElicitRequest | null;
  /** Controlled use: the requesting server, always shown. Required with `request`. */
  server?: ServerRef;
  /** Controlled use: aborting closes the sheet (settled elsewhere). @default undefined */
  signal?: AbortSignal;
  /**
   * Called once with the user's answer (both uses). In controlled use a sheet that cannot
   * render answers `cancel`. @default undefined
   */
  onResult?: (result: ElicitResult, request: ElicitRequest) => void;
  /**
   * Opens the consented link of URL mode, inside the click or key press (so popup
   * blockers allow it). `null`: the host opens `result`'s URL itself.
   * @default opens a new tab with `noopener,noreferrer`
   */
  onOpenUrl?: ((url: string) => void) | null;
  /** Controlled use. @default the provider's clock, else systemClock */
  clock?: Clock;
  /** Controlled use. @default the provider's locale, else 'en-US' */
  locale?: string | readonly string[];
  /** Controlled use. @default the provider's, else 500 */
  guardMs?: number;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** @default the provider's */
  nonce?: string;
}

const openInNewTab = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');
const CANCEL: ElicitResult = { action: 'cancel' };
const ids = new WeakMap<object, string>();
let nextId = 0;
/** One id per request object: a new `server` object each render keeps the same model. */
const idFor = (request: object) => {
  let id = ids.get(request);
  if (!id) ids.set(request, (id = `elicitation-c${++nextId}`));
  return id;
};

/**
 * A server's own question (MCP elicitation), in the same sheet as permission prompts:
 * form mode or URL mode, results accept / decline / cancel, Escape = cancel, the
 * requesting server always shown. Under a provider it shows the head of the provider's
 * one queue when that is an elicitation, with the model the presenter built, so it never
 * shows at the same time as a permission prompt. Nothing on the server.
 */
export function ElicitationSheet(props: ElicitationSheetProps) {
  const context = useOptionalConsent();
  const isClient = useIsClient();
  if (props.request !== undefined) {
    if (props.request && !props.server) {
      throw new Error('<ElicitationSheet request> needs the requesting `server`.');
    }
    return isClient ? <ControlledElicitation {...props} request={props.request} /> : null;
  }
  if (!context) {
    throw new Error('<ElicitationSheet> needs a <ConsentProvider> or a `request` prop.');
  }
  return isClient ? <QueuedElicitation {...props} context={context} /> : null;
}

/** The head of the provider's presenter, when it is an elicitation. */
function QueuedElicitation(props: ElicitationSheetProps & { context: ConsentContextValue }) {
  const { context } = props;
  const { current } = useConsentSnapshot(context.presenter);
  const onResult = useLatest(props.onResult);
  if (current?.kind !== 'elicitation') return null;
  const { id, call } = current;
  return (
    <SheetBoundary key={id} onError={(error) => context.presenter.fail(id, error)}>
      <ElicitationFrame
        {...layerOptions(props, context)}
        model={current.model}
        id={id}
        openUrl={props.onOpenUrl === undefined ? openInNewTab : props.onOpenUrl}
        onAnswered={(result) => onResult.current?.(result, call.params)}
      />
    </SheetBoundary>
  );
}

/** A question the host holds: the sheet builds its model. */
function ControlledElicitation(props: ElicitationSheetProps & { request: ElicitRequest | null }) {
  const context = useOptionalConsent();
  const { request, server, signal } = props;
  const onResult = useLatest(props.onResult);
  const call = useMemo<ElicitationCall | null>(
    () =>
      request && server
        ? { params: request, server, id: idFor(request), ...(signal ? { signal } : {}) }
        : null,
    [request, server, signal],
  );
  const { model } = useElicitationModel(call, {
    clock: props.clock ?? context?.clock ?? systemClock,
    locale: props.locale ?? context?.locale ?? 'en-US',
    guardMs: props.guardMs ?? context?.guardMs,
  });
  if (!model || !call) return null;
  return (
    <SheetBoundary key={call.id} onError={() => onResult.current?.(CANCEL, call.params)}>
      <ElicitationFrame
        {...layerOptions(props, context)}
        model={model}
        id={call.id!}
        openUrl={props.onOpenUrl === undefined ? openInNewTab : props.onOpenUrl}
        onAnswered={(result) => onResult.current?.(result, call.params)}
      />
    </SheetBoundary>
  );
}
