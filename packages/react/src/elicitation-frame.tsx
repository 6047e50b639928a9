import { useLayoutEffect, useRef } from 'react';
import type {
  ElicitationApi,
  ElicitationModel,
  ElicitationOutcome,
  ElicitResult,
} from '@mcp-consent/prompt';
import { ElicitationView } from './elicitation-view.js';
import { onAction, useSheetFrame } from './sheet-frame.js';
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

/** Space and other keys stay with the control; Escape cancels from anywhere. */
function keepKey(event: { key: string; target: EventTarget | null }): boolean {
  const target = event.target instanceof Element ? event.target : null;
  const onField = target?.closest('[data-part="field"]');
  return event.key === ' ' || (event.key !== 'Escape' && !onAction(event) && !onField);
}

/**
 * One open elicitation in the DOM: the modal sheet (focus on the model's default field or
 * action), the input gate, focus on the first invalid field after a refused submit, and
 * URL mode's link opened inside the click or key press that consented (popup blockers
 * allow it there).
 */
export function ElicitationFrame(props: ElicitationFrameProps) {
  const { model, id, openUrl, onAnswered, ...layer } = props;
  // An invalid form stays open: once the errors are rendered, go to the first field that needs attention.
  const focusInvalid = useRef(false);
  const onOutcome = (outcome: ElicitationOutcome | undefined) => {
    if (outcome && !outcome.accepted && outcome.reason === 'invalid') focusInvalid.current = true;
  };
  const frame = useSheetFrame(model, {
    id,
    focusTarget,
    keepKey,
    onKeyHandled: (outcome, root) => {
      onOutcome(outcome.outcome);
      const now = model.connect();
      if (now.status === 'open' && now.focused.kind === 'action') focusTarget(root, now)?.focus();
    },
    onAnswered: (answered) => {
      const { result } = answered;
      if (!result) return;
      const link = answered.mode === 'url' ? answered.url.openUrl : null;
      if (result.action === 'accept' && link && openUrl) openUrl(link);
      onAnswered?.(result);
    },
  });
  const { rootRef } = frame;
  useLayoutEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  if (!frame.open) return null;
  return (
    <SheetLayer scope="elicitation" {...layer}>
      <ElicitationView {...frame.view} onOutcome={onOutcome} />
    </SheetLayer>
  );
}
