import { useRef, type KeyboardEvent } from 'react';
import { systemClock, type Clock } from '@mcp-consent/engine';
import type { DryRunAnswer, DryRunRequest } from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import {
  NAVIGATION_KEYS,
  useAnnouncement,
  useIsClient,
  useModalSheet,
  useRearmOnVisible,
} from './dom.js';
import { useDryRunModel } from './hooks/dry-run-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { DryRunView } from './dry-run-view.js';
import { useOptionalConsent } from './provider.js';
import { SheetLayer, type SheetPresentationProps } from './sheet-layer.js';

export interface DryRunSheetProps extends SheetPresentationProps {
  /** The preview to show (`null`: nothing); `dryRunRequestOf` reads it from a prompt request. */
  request: DryRunRequest | null;
  /** Called once: `approve` means re-issue the call with `__confirm: true`. @default undefined */
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
 * A two-key dry run (seed 001) in the sheet of the permission prompt: the server's
 * redacted preview, its hint and the operator notice; Don't run has the focus and is
 * Escape. `<PermissionSheet>` shows it for a request with a `dry_run_preview` context;
 * use it directly for previews a host parsed itself (`parseDryRunResult`).
 */
export function DryRunSheet(props: DryRunSheetProps) {
  const context = useOptionalConsent();
  const request = useIsClient() ? props.request : null;
  const { model, api } = useDryRunModel(request, {
    clock: props.clock ?? context?.clock ?? systemClock,
    locale: props.locale ?? context?.locale ?? 'en-US',
    guardMs: props.guardMs ?? context?.guardMs,
    ...(props.signal ? { signal: props.signal } : {}),
    onAnswer: (answer, answered) => props.onAnswer?.(answer, answered),
  });
  const latest = useLatest(api);

  const open = api !== null && api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const button = (answer: DryRunAnswer | undefined) =>
    rootRef.current?.querySelector<HTMLElement>(`[data-answer="${answer}"]`) ?? null;
  const sheet = useModalSheet(rootRef, open ? request!.id : null, () =>
    button(latest.current?.focused),
  );
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!api || !model) return;
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    // Enter, Space and arrows belong to the focused control unless it is an action.
    const onAction =
      event.target instanceof Element && event.target.closest('[data-part="action"]') !== null;
    if (!onAction && NAVIGATION_KEYS.has(event.key)) return;
    if (!api.handleKey(event.nativeEvent).handled) return;
    event.preventDefault();
    const now = model.connect();
    if (now.status === 'open') button(now.focused)?.focus();
  };

  if (!open) return null;
  return (
    <SheetLayer
      scope="dry-run"
      layout={props.layout}
      colorScheme={props.colorScheme}
      portal={props.portal}
      container={props.container}
      className={props.className}
      injectStyles={props.injectStyles ?? context?.injectStyles ?? true}
      nonce={props.nonce ?? context?.nonce}
    >
      <DryRunView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
      />
    </SheetLayer>
  );
}
