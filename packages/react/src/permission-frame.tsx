import type { Choice } from '@mcp-consent/engine';
import type { KeyOutcome, PermissionApi, PermissionModel } from '@mcp-consent/prompt';
import { NAVIGATION_KEYS } from './dom.js';
import { PermissionView } from './permission-view.js';
import { FrameLayer, onAction, useSheetFrame } from './sheet-frame.js';
import type { LayerOptions } from './sheet-layer.js';

export interface PermissionFrameProps extends LayerOptions {
  /** The model to show: the presenter's head, or one a controlled sheet made. */
  model: PermissionModel;
  /** The user's answer, once, inside the click or key press that gave it. */
  onAnswered?: (choice: Choice) => void;
}

/** The button of a choice. */
function choiceButton(root: HTMLElement | null, choice: Choice): HTMLElement | null {
  return root?.querySelector<HTMLElement>(`[data-choice="${choice}"]`) ?? null;
}

/** Enter, Space and arrows belong to the focused control unless it is an action. */
function keepKey(event: { key: string; target: EventTarget | null }): boolean {
  return !onAction(event) && NAVIGATION_KEYS.has(event.key);
}

/** Focus follows the model's arrow keys only (a refused answer leaves it where it is). */
function onKeyHandled(outcome: KeyOutcome, root: HTMLElement | null): void {
  if (outcome.handled && outcome.intent === 'focus') choiceButton(root, outcome.focused)?.focus();
}

/**
 * One open permission prompt in the DOM: the modal sheet (focus on the model's default
 * action, Tab trapped, the page inert), the input gate on keys and clicks, re-arming the
 * guard when the page is visible again, and the live announcement. Client only. The model
 * decides everything; this forwards events to it.
 */
export function PermissionFrame({ model, onAnswered, ...layer }: PermissionFrameProps) {
  const frame = useSheetFrame(model, {
    id: model.requestId,
    focusTarget: (root, api: PermissionApi) => choiceButton(root, api.focused),
    keepKey,
    onKeyHandled,
    onAnswered: (answered) => answered.answer && onAnswered?.(answered.answer),
  });
  return <FrameLayer frame={frame} scope="permission" layer={layer} View={PermissionView} />;
}
