import { useMemo } from 'react';
import {
  systemClock,
  type Choice,
  type Clock,
  type PermissionEngine,
  type PromptRequest,
} from '@mcp-consent/engine';
import { CheckingLine, CheckingStatus } from './checking-status.js';
import { DryRunFrame } from './dry-run-frame.js';
import { DryRunSheet } from './dry-run-sheet.js';
import { useIsClient } from './dom.js';
import { dryRunRequestOf } from './hooks/dry-run-hooks.js';
import { useConsentSnapshot, usePermissionModel } from './hooks/prompt-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { PermissionFrame } from './permission-frame.js';
import { useOptionalConsent, type ConsentContextValue } from './provider.js';
import { SamplingFrame } from './sampling-frame.js';
import { SheetBoundary } from './sheet-boundary.js';
import { layerOptions, type LayerOptions, type SheetPresentationProps } from './sheet-layer.js';

export interface PermissionSheetProps extends SheetPresentationProps {
  /**
   * Controlled use: the request to show (`null`: nothing), held by the host. Leave it out
   * to show the provider's presenter: its head when that is a permission prompt or a
   * dry-run preview. @default undefined (the provider's presenter)
   */
  request?: PromptRequest | null;
  /**
   * Called once with the user's answer (both uses). A dry-run preview answers
   * `allow_once` (Run it for real: re-issue with `__confirm`) or `deny_once`. In controlled
   * use a sheet that cannot render answers `deny_once`. @default undefined
   */
  onDecision?: (choice: Choice, request: PromptRequest) => void;
  /** Controlled use: keeps "1 of 3" live from this engine's queue. @default the provider's engine */
  engine?: PermissionEngine;
  /** Controlled use. @default the provider's clock, else systemClock */
  clock?: Clock;
  /** Controlled use. @default the provider's locale, else 'en-US' */
  locale?: string | readonly string[];
  /** Controlled use: input guard in ms. @default the provider's, else 500 */
  guardMs?: number;
  /**
   * Controlled use: "expires in …" under Allow always for this lifetime (`null`: never).
   * The provider's presenter takes it as the provider's prop. @default undefined
   */
  allowAlwaysExpiresInMs?: number | null;
  /** Show "Checking permissions…" while the engine checks and nothing is asked. @default true */
  showChecking?: boolean;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** CSP nonce of the injected stylesheet. @default the provider's */
  nonce?: string;
}

/**
 * The permission prompt (spec R1): a bottom sheet on compact widths, a centred modal on
 * wide ones. Focus moves to the model's default action, Tab is trapped, Escape answers
 * Deny once, focus returns to the opener on close. Under a provider it shows the head of
 * the provider's one queue when that is a permission prompt, or a dry-run preview (asked
 * by `@mcp-consent/mcp` when a two-key server answered `DRY_RUN_PREVIEW`, seed 001), with
 * the model the presenter built; an elicitation at the head is `<ElicitationSheet>`'s, so
 * the two never show at once. Renders nothing on the server.
 */
export function PermissionSheet(props: PermissionSheetProps) {
  const context = useOptionalConsent();
  const isClient = useIsClient();
  if (props.request !== undefined) {
    return isClient ? <ControlledPermission {...props} request={props.request} /> : null;
  }
  if (!context) throw new Error('<PermissionSheet> needs a <ConsentProvider> or a `request` prop.');
  return isClient ? <QueuedPermission {...props} context={context} /> : null;
}

/** The head of the provider's presenter, when it is a permission prompt or a dry run. */
function QueuedPermission(props: PermissionSheetProps & { context: ConsentContextValue }) {
  const { context } = props;
  const { current, checking } = useConsentSnapshot(context.presenter);
  const onDecision = useLatest(props.onDecision);
  const layer = layerOptions(props, context);
  if (current?.kind === 'permission' || current?.kind === 'dry_run') {
    const { id, request } = current;
    const decide = (choice: Choice) => onDecision.current?.(choice, request);
    return (
      <SheetBoundary key={id} onError={(error) => context.presenter.fail(id, error)}>
        {current.kind === 'permission' ? (
          <PermissionFrame {...layer} model={current.model} onAnswered={decide} />
        ) : (
          <DryRunFrame
            {...layer}
            model={current.model}
            id={id}
            onAnswered={(answer) => decide(answer === 'approve' ? 'allow_once' : 'deny_once')}
          />
        )}
      </SheetBoundary>
    );
  }
  if (current?.kind === 'sampling') {
    const { id } = current;
    // A sampling step (issue 18) shares this sheet: it answers through the presenter only.
    return (
      <SheetBoundary key={id} onError={(error) => context.presenter.fail(id, error)}>
        <SamplingFrame {...layer} model={current.model} id={id} />
      </SheetBoundary>
    );
  }
  if (current || !checking || props.showChecking === false) return null;
  return (
    <CheckingLine
      locale={context.locale}
      colorScheme={props.colorScheme}
      injectStyles={layer.injectStyles}
      nonce={layer.nonce}
    />
  );
}

/** A request the host holds: the sheet builds its model (or shows its dry run). */
function ControlledPermission(props: PermissionSheetProps & { request: PromptRequest | null }) {
  const context = useOptionalConsent();
  const { request } = props;
  const engine = props.engine ?? context?.engine;
  const clock = props.clock ?? context?.clock ?? systemClock;
  const locale = props.locale ?? context?.locale ?? 'en-US';
  const guardMs = props.guardMs ?? context?.guardMs;
  const onDecision = useLatest(props.onDecision);
  const dryRun = useMemo(() => (request ? dryRunRequestOf(request) : null), [request]);
  const { model } = usePermissionModel(dryRun ? null : request, {
    clock,
    locale,
    guardMs,
    engine,
    allowAlwaysExpiresInMs: props.allowAlwaysExpiresInMs,
  });
  const layer: LayerOptions = layerOptions(props, context);

  if (dryRun && request) {
    const answer = (reply: string) =>
      onDecision.current?.(reply === 'approve' ? 'allow_once' : 'deny_once', request);
    return (
      <DryRunSheet
        {...layer}
        request={dryRun}
        signal={request.signal}
        onAnswer={answer}
        clock={clock}
        locale={locale}
        guardMs={guardMs}
      />
    );
  }
  if (model && request) {
    return (
      <SheetBoundary key={request.id} onError={() => onDecision.current?.('deny_once', request)}>
        <PermissionFrame
          {...layer}
          model={model}
          onAnswered={(choice) => onDecision.current?.(choice, request)}
        />
      </SheetBoundary>
    );
  }
  if ((props.showChecking ?? true) && engine) {
    return (
      <CheckingStatus
        engine={engine}
        clock={clock}
        locale={locale}
        colorScheme={props.colorScheme}
      />
    );
  }
  return null;
}
