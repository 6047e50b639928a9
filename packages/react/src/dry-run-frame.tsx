import type { DryRunAnswer, DryRunApi, DryRunModel } from '@mcp-consent/prompt';
import { NAVIGATION_KEYS } from './dom.js';
import { DryRunView } from './dry-run-view.js';
import { FrameLayer, onAction, useSheetFrame } from './sheet-frame.js';
import type { LayerOptions } from './sheet-layer.js';

export interface DryRunFrameProps extends LayerOptions {
  /** The model to show: the presenter's head, or one `<DryRunSheet>` made. */
  model: DryRunModel;
  /** A stable id of the preview (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once: `approve` means re-issue the call with `__confirm: true`. */
  onAnswered?: (answer: DryRunAnswer) => void;
}

/** The button that stands for the model's focus. */
function focusTarget(root: HTMLElement | null, api: DryRunApi): HTMLElement | null {
  return root?.querySelector<HTMLElement>(`[data-answer="${api.focused}"]`) ?? null;
}

/** Enter, Space and arrows belong to the focused control unless it is an action. */
function keepKey(event: { key: string; target: EventTarget | null }): boolean {
  return !onAction(event) && NAVIGATION_KEYS.has(event.key);
}

/**
 * One open dry-run preview (seed 001) in the DOM, in the sheet of the permission prompt:
 * the modal sheet with Don't send focused, the input gate, re-arming and the announcement.
 */
export function DryRunFrame({ model, id, onAnswered, ...layer }: DryRunFrameProps) {
  const report = (api: DryRunApi) => api.answer && onAnswered?.(api.answer);
  const frame = useSheetFrame(model, { id, focusTarget, keepKey, onAnswered: report });
  return <FrameLayer frame={frame} scope="dry-run" layer={layer} View={DryRunView} />;
}
