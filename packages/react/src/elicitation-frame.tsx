import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type {
  ElicitationApi,
  ElicitationModel,
  ElicitationOutcome,
  ElicitResult,
} from '@mcp-consent/prompt';
import { cycleTab } from '@mcp-consent/prompt/dom';
import { useAnnouncement, useModalSheet, useRearmOnVisible } from './dom.js';
import { useLatest, useModel, useOnAnswered } from './hooks/use-model.js';
import { ElicitationView } from './elicitation-view.js';
import { SheetLayer, type LayerOptions } from './sheet-layer.js';

export interface ElicitationFrameProps extends LayerOptions {
  /** The model to show: the presenter's head, or one a controlled sheet made. */
  model: ElicitationModel;
  /** A stable id of the question (the modal sheet opens once per id). */
  id: string;
  /** Opens URL mode's link once the user accepted (`null`: the host opens it). */
  openUrl: ((url: string) => void) | null;
  /** The user's answer, once, inside the click or key press that gave it. */
  onAnswered?: (result: ElicitResult) => void;
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
 * One open elicitation in the DOM: the modal sheet (focus on the model's default field or
 * action), the input gate, focus on the first invalid field after a refused submit, and
 * URL mode's link opened inside the click or key press that consented (popup blockers
 * allow it there).
 */
export function ElicitationFrame(props: ElicitationFrameProps) {
  const { model, id, openUrl, onAnswered, ...layer } = props;
  const api = useModel(model);
  const latest = useLatest(api);
  useOnAnswered(model, (answered) => {
    const { result } = answered;
    if (!result) return;
    const link = answered.mode === 'url' ? answered.url.openUrl : null;
    if (result.action === 'accept' && link && openUrl) openUrl(link);
    onAnswered?.(result);
  });
  const open = api.status === 'open';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheet = useModalSheet(rootRef, open ? id : null, () =>
    focusTarget(rootRef.current, latest.current),
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
    <SheetLayer scope="elicitation" {...layer}>
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
