import { useLayoutEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { systemClock, type Clock, type ServerRef } from '@mcp-consent/engine';
import type {
  ElicitationApi,
  ElicitationOutcome,
  ElicitRequest,
  ElicitResult,
} from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { useAnnouncement, useIsClient, useModalSheet, useRearmOnVisible } from './dom.js';
import type {
  ElicitationEntry,
  ElicitationPresenter,
  ElicitationSnapshot,
} from './hooks/elicitation-presenter.js';
import { useElicitationModel } from './hooks/prompt-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { ElicitationView } from './elicitation-view.js';
import { useOptionalConsent } from './provider.js';
import { SheetLayer, type SheetPresentationProps } from './sheet-layer.js';

export interface ElicitationSheetProps extends SheetPresentationProps {
  /**
   * Controlled use: the MCP `elicitation/create` params to show (`null`: nothing).
   * Leave it out to show the provider's queue (`useElicit()`).
   * @default undefined (uncontrolled)
   */
  request?: ElicitRequest | null;
  /** Controlled use: the requesting server, always shown. Required with `request`. */
  server?: ServerRef;
  /** Controlled use: aborting closes the sheet (settled elsewhere). @default undefined */
  signal?: AbortSignal;
  /** Called once with the result (both uses). @default undefined */
  onResult?: (result: ElicitResult, request: ElicitRequest) => void;
  /**
   * Opens the consented link of URL mode, inside the click or key press (so popup
   * blockers allow it). `null`: the host opens `result`'s URL itself.
   * @default opens a new tab with `noopener,noreferrer`
   */
  onOpenUrl?: ((url: string) => void) | null;
  /** @default the provider's clock, else systemClock */
  clock?: Clock;
  /** @default the provider's locale, else 'en-US' */
  locale?: string | readonly string[];
  /** @default the provider's, else 500 */
  guardMs?: number;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** @default the provider's */
  nonce?: string;
}

const empty: ElicitationSnapshot = { current: null, waiting: 0 };
const noSubscribe = () => () => {};
const never = new AbortController().signal;
const ids = new WeakMap<object, string>();
let nextId = 0;
const idFor = (request: object) => {
  let id = ids.get(request);
  if (!id) ids.set(request, (id = `elicitation-c${++nextId}`));
  return id;
};
const openInNewTab = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

function useQueue(presenter: ElicitationPresenter | undefined): ElicitationSnapshot {
  return useSyncExternalStore(
    presenter?.subscribe ?? noSubscribe,
    presenter?.getSnapshot ?? (() => empty),
    () => empty,
  );
}

/** Where focus goes first: the model's default field (first checkbox of a group) or action. */
function focusTarget(root: HTMLElement | null, api: ElicitationApi): HTMLElement | null {
  const target = api.focused;
  if (!root) return null;
  if (target.kind === 'action') return root.querySelector(`[data-action="${target.action}"]`);
  const field = api.mode === 'form' ? api.form.fields.find((f) => f.name === target.name) : null;
  const el = field ? root.ownerDocument.getElementById(field.id) : null;
  return el instanceof HTMLFieldSetElement ? el.querySelector('input') : (el as HTMLElement);
}

/**
 * A server's own question (MCP elicitation), in the same sheet as permission
 * prompts: form mode or URL mode, results accept / decline / cancel, Escape =
 * cancel, the requesting server always shown. Nothing on the server.
 */
export function ElicitationSheet(props: ElicitationSheetProps) {
  const context = useOptionalConsent();
  const controlled = props.request !== undefined;
  if (!controlled && !context) {
    throw new Error('<ElicitationSheet> needs a <ConsentProvider> or a `request` prop.');
  }
  if (controlled && props.request && !props.server) {
    throw new Error('<ElicitationSheet request> needs the requesting `server`.');
  }
  const queue = useQueue(controlled ? undefined : context?.elicitations);
  const isClient = useIsClient();
  const own = useMemo<ElicitationEntry | null>(
    () =>
      props.request && props.server
        ? {
            id: idFor(props.request),
            request: props.request,
            server: props.server,
            signal: props.signal ?? never,
          }
        : null,
    [props.request, props.server, props.signal],
  );
  const entry = isClient ? (controlled ? own : queue.current) : null;
  const openUrl = props.onOpenUrl === undefined ? openInNewTab : props.onOpenUrl;
  const apiRef = useRef<ElicitationApi | null>(null);

  const { model, api } = useElicitationModel(entry, {
    clock: props.clock ?? context?.clock ?? systemClock,
    locale: props.locale ?? context?.locale ?? 'en-US',
    guardMs: props.guardMs ?? context?.guardMs,
    onResult: (result, answered) => {
      const link = apiRef.current?.mode === 'url' ? apiRef.current.url.openUrl : null;
      if (result.action === 'accept' && link && openUrl) openUrl(link);
      if (!controlled) context?.elicitations.answer(answered.id, result);
      props.onResult?.(result, answered.request);
    },
  });
  apiRef.current = api;
  const latest = useLatest(api);

  const open = api !== null && api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheet = useModalSheet(rootRef, open ? entry!.id : null, () =>
    latest.current ? focusTarget(rootRef.current, latest.current) : null,
  );
  useRearmOnVisible(open ? model : null);
  const announcement = useAnnouncement(open ? api.announcement : null);

  // An invalid form stays open: once the errors are rendered, go to the first field that needs attention.
  const focusInvalid = useRef(false);
  const onOutcome = (outcome: ElicitationOutcome | undefined) => {
    if (outcome && !outcome.accepted && outcome.reason === 'invalid') focusInvalid.current = true;
  };
  useLayoutEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!api || !model) return;
    if (!sheet.acceptKey(event)) return event.preventDefault();
    if (cycleTab(event, rootRef.current) || event.key === 'Tab') return;
    const target = event.target instanceof Element ? event.target : null;
    const onAction = target?.closest('[data-part="action"]');
    const onField = target?.closest('[data-part="field"]');
    // Space and other keys stay with the control; Escape cancels from anywhere.
    if (event.key === ' ' || (event.key !== 'Escape' && !onAction && !onField)) return;
    const outcome = api.handleKey(event.nativeEvent);
    if (!outcome.handled) return;
    event.preventDefault();
    onOutcome(outcome.outcome);
    const now = model.connect();
    if (now.status === 'open' && now.focused.kind === 'action') {
      focusTarget(rootRef.current, now)?.focus();
    }
  };

  if (!open) return null;
  return (
    <SheetLayer
      scope="elicitation"
      layout={props.layout}
      colorScheme={props.colorScheme}
      portal={props.portal}
      container={props.container}
      className={props.className}
      injectStyles={props.injectStyles ?? context?.injectStyles ?? true}
      nonce={props.nonce ?? context?.nonce}
    >
      <ElicitationView
        api={api}
        rootRef={rootRef}
        onKeyDown={onKeyDown}
        acceptClick={sheet.acceptClick}
        announcement={announcement}
        onOutcome={onOutcome}
      />
    </SheetLayer>
  );
}
