import { useMemo, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import {
  systemClock,
  type Choice,
  type Clock,
  type PermissionEngine,
  type PromptRequest,
} from '@mcp-consent/engine';
import type { PresenterSnapshot, PromptPresenter } from '@mcp-consent/prompt';
import { CheckingStatus } from './checking-status.js';
import { DryRunSheet } from './dry-run-sheet.js';
import { cycleTab } from '@mcp-consent/prompt/dom';
import {
  NAVIGATION_KEYS,
  useAnnouncement,
  useIsClient,
  useModalSheet,
  useRearmOnVisible,
} from './dom.js';
import { dryRunRequestOf } from './hooks/dry-run-hooks.js';
import { usePermissionModel } from './hooks/prompt-hooks.js';
import { PermissionView } from './permission-view.js';
import { useOptionalConsent } from './provider.js';
import { SheetLayer, type SheetPresentationProps } from './sheet-layer.js';

export interface PermissionSheetProps extends SheetPresentationProps {
  /**
   * Controlled use: the request to show (`null`: nothing). Leave it out to show
   * whatever the provider's engine asks (uncontrolled use).
   * @default undefined (uncontrolled)
   */
  request?: PromptRequest | null;
  /**
   * Called once with the user's answer (both uses). A dry-run preview answers
   * `allow_once` (Run it for real: re-issue with `__confirm`) or `deny_once`.
   * @default undefined
   */
  onDecision?: (choice: Choice, request: PromptRequest) => void;
  /** Keeps "1 of 3" live from this engine's queue. @default the provider's engine */
  engine?: PermissionEngine;
  /** @default the provider's clock, else systemClock */
  clock?: Clock;
  /** @default the provider's locale, else 'en-US' */
  locale?: string | readonly string[];
  /** Input guard in ms. @default the provider's, else 500 */
  guardMs?: number;
  /** Shows "expires in …" under Allow always for this lifetime (`null`: never). @default undefined */
  allowAlwaysExpiresInMs?: number | null;
  /** Show "Checking permissions…" while the engine checks and nothing is asked. @default true */
  showChecking?: boolean;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** CSP nonce of the injected stylesheet. @default the provider's */
  nonce?: string;
}

const emptySnapshot: PresenterSnapshot = { request: null };
const noSubscribe = () => () => {};

function useShown(presenter: PromptPresenter | undefined): PresenterSnapshot {
  const subscribe = presenter?.subscribe ?? noSubscribe;
  const get = presenter?.getSnapshot ?? (() => emptySnapshot);
  return useSyncExternalStore(subscribe, get, () => emptySnapshot);
}

/**
 * The permission prompt (spec R1): a bottom sheet on compact widths, a centred
 * modal on wide ones. Focus moves to the model's default action, Tab is
 * trapped, Escape answers Deny once, focus returns to the opener on close.
 * Renders nothing until a request is shown, and nothing on the server.
 * A request with a `dry_run_preview` context (asked by `@mcp-consent/mcp` when a
 * two-key server answered `DRY_RUN_PREVIEW`, seed 001) is shown as `<DryRunSheet>`.
 */
export function PermissionSheet(props: PermissionSheetProps) {
  const context = useOptionalConsent();
  const controlled = props.request !== undefined;
  if (!controlled && !context) {
    throw new Error('<PermissionSheet> needs a <ConsentProvider> or a `request` prop.');
  }
  const shown = useShown(controlled ? undefined : context?.presenter);
  const isClient = useIsClient();
  const request = isClient ? (controlled ? (props.request ?? null) : shown.request) : null;
  const engine = props.engine ?? context?.engine;
  const clock = props.clock ?? context?.clock ?? systemClock;
  const dryRun = useMemo(() => (request ? dryRunRequestOf(request) : null), [request]);
  const answer = (choice: Choice, answered: PromptRequest) => {
    if (!controlled) context?.presenter.answer(answered.id, choice);
    props.onDecision?.(choice, answered);
  };

  const { model, api } = usePermissionModel(dryRun ? null : request, {
    clock,
    locale: props.locale ?? context?.locale ?? 'en-US',
    guardMs: props.guardMs ?? context?.guardMs,
    engine,
    allowAlwaysExpiresInMs: props.allowAlwaysExpiresInMs,
    onAnswer: answer,
  });

  const open = api !== null && api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheet = useModalSheet(
    rootRef,
    open ? model!.requestId : null,
    () => rootRef.current?.querySelector<HTMLElement>(`[data-choice="${api!.focused}"]`) ?? null,
  );
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!api) return;
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    // Enter, Space and arrows belong to the focused control unless it is an action.
    const onAction =
      event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
    if (!onAction && NAVIGATION_KEYS.has(event.key)) return;
    const outcome = api.handleKey(event.nativeEvent);
    if (!outcome.handled) return;
    event.preventDefault();
    if (outcome.intent === 'focus') {
      rootRef.current?.querySelector<HTMLElement>(`[data-choice="${outcome.focused}"]`)?.focus();
    }
  };

  const injectStyles = props.injectStyles ?? context?.injectStyles ?? true;
  if (dryRun && request) {
    return (
      <DryRunSheet
        request={dryRun}
        signal={request.signal}
        onAnswer={(reply) => answer(reply === 'approve' ? 'allow_once' : 'deny_once', request)}
        clock={clock}
        locale={props.locale ?? context?.locale ?? 'en-US'}
        guardMs={props.guardMs ?? context?.guardMs}
        layout={props.layout}
        colorScheme={props.colorScheme}
        portal={props.portal}
        container={props.container}
        className={props.className}
        injectStyles={injectStyles}
        nonce={props.nonce ?? context?.nonce}
      />
    );
  }
  const checking =
    !request && (props.showChecking ?? true) && engine ? (
      <CheckingStatus
        engine={engine}
        clock={clock}
        locale={props.locale ?? context?.locale}
        colorScheme={props.colorScheme}
      />
    ) : null;
  if (!open) return checking;
  return (
    <SheetLayer
      scope="permission"
      layout={props.layout}
      colorScheme={props.colorScheme}
      portal={props.portal}
      container={props.container}
      className={props.className}
      injectStyles={injectStyles}
      nonce={props.nonce ?? context?.nonce}
    >
      <PermissionView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
