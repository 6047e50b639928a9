import type { RootsApi, RootsModel, RootsResult } from '@mcp-consent/prompt';
import { RootsView } from './roots-view.js';
import { FrameLayer, onAction, useSheetFrame } from './sheet-frame.js';
import type { LayerOptions } from './sheet-layer.js';

export interface RootsFrameProps extends LayerOptions {
  /** The model to show: the presenter's head. */
  model: RootsModel;
  /** A stable id of the request (the modal sheet opens once per id). */
  id: string;
  /** The user's answer, once. */
  onAnswered?: (result: RootsResult) => void;
}

/** The control that stands for the model's focus. */
function focusTarget(root: HTMLElement | null, { focused }: RootsApi): HTMLElement | null {
  if (!root) return null;
  if (focused.startsWith('root-'))
    return root.querySelector(`[data-part="checkbox"][data-index="${focused.slice(5)}"]`);
  if (focused.startsWith('grain-'))
    return root.querySelector(`[data-part="grain"][data-grain="${focused.slice(6)}"]`);
  return root.querySelector(`[data-part="action"][data-answer="${focused}"]`);
}

/** Space, and any key off the actions but a number or Escape, stay the focused control's. */
function keepKey(event: { key: string; target: EventTarget | null }): boolean {
  const isNumber = /^[1-9]$/.test(event.key);
  return event.key === ' ' || (!onAction(event) && !isNumber && event.key !== 'Escape');
}

/**
 * One open roots request in the DOM: the modal sheet with Share none focused, the input gate,
 * re-arming and the announcement. Escape shares none from anywhere; a number key ticks its
 * root; Space and arrows on a checkbox or radio stay the browser's.
 */
export function RootsFrame({ model, id, onAnswered, ...layer }: RootsFrameProps) {
  const report = (api: RootsApi) => api.result && onAnswered?.(api.result);
  const frame = useSheetFrame(model, { id, focusTarget, keepKey, onAnswered: report });
  return <FrameLayer frame={frame} scope="roots" layer={layer} View={RootsView} />;
}
