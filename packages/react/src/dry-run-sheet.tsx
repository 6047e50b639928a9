import { systemClock, type Clock } from '@mcp-consent/engine';
import type { DryRunAnswer, DryRunRequest } from '@mcp-consent/prompt';
import { useIsClient } from './dom.js';
import { DryRunFrame } from './dry-run-frame.js';
import { useDryRunModel } from './hooks/dry-run-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { useOptionalConsent } from './provider.js';
import { SheetBoundary } from './sheet-boundary.js';
import { layerOptions, type SheetPresentationProps } from './sheet-layer.js';

export interface DryRunSheetProps extends SheetPresentationProps {
  /** The preview to show (`null`: nothing); `dryRunRequestOf` reads it from a prompt request. */
  request: DryRunRequest | null;
  /**
   * Called once: `approve` means re-issue the call with `__confirm: true`. A sheet that
   * cannot render answers `deny`. @default undefined
   */
  onAnswer?: (answer: DryRunAnswer, request: DryRunRequest) => void;
  /** Aborting closes the sheet (settled elsewhere). @default undefined */
  signal?: AbortSignal;
  /** @default the provider's clock, else systemClock */
  clock?: Clock;
  /** @default the provider's locale, else 'en-US' */
  locale?: string | readonly string[];
  /** Input guard in ms. @default the provider's, else 500 */
  guardMs?: number;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** CSP nonce of the injected stylesheet. @default the provider's */
  nonce?: string;
}

/**
 * A two-key dry run (seed 001) a host holds itself (a preview it parsed with
 * `parseDryRunResult`), in the sheet of the permission prompt, step 2 of 2: the server's
 * redacted preview, its hint quoted in a "From the server" box, the operator notice; Don't
 * send has the focus and is Escape. The
 * engine's dry-run prompts need none of this: `<PermissionSheet>` shows them from the
 * provider's presenter. Nothing on the server.
 */
export function DryRunSheet(props: DryRunSheetProps) {
  const context = useOptionalConsent();
  const request = useIsClient() ? props.request : null;
  const onAnswer = useLatest(props.onAnswer);
  const { model } = useDryRunModel(request, {
    clock: props.clock ?? context?.clock ?? systemClock,
    locale: props.locale ?? context?.locale ?? 'en-US',
    guardMs: props.guardMs ?? context?.guardMs,
    ...(props.signal ? { signal: props.signal } : {}),
  });
  if (!model || !request) return null;
  return (
    <SheetBoundary key={request.id} onError={() => onAnswer.current?.('deny', request)}>
      <DryRunFrame
        {...layerOptions(props, context)}
        model={model}
        id={request.id}
        onAnswered={(answer) => onAnswer.current?.(answer, request)}
      />
    </SheetBoundary>
  );
}
