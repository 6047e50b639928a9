import type { Choice } from '@mcp-consent/engine';
import type {
  DryRunAnswer,
  ElicitResult,
  ResultReviewResult,
  RootsResult,
} from '@mcp-consent/prompt';

/** `mcp-open`: a prompt is on screen (also for each next prompt of a queue). */
export interface OpenDetail {
  requestId: string;
}

/** `mcp-decision`: the user answered. Final, so not cancelable. */
export interface DecisionDetail {
  requestId: string;
  /** What the engine gets; for a dry-run preview, Allow once (approve) or Deny once. */
  choice: Choice;
  /** Only for a dry-run preview (seed 001): approve re-issues the call with `__confirm`. */
  dryRun?: DryRunAnswer;
}

/** `mcp-close`: the sheet closed; `reason` says whether the user answered or it was settled elsewhere. */
export interface CloseDetail {
  requestId: string;
  reason: 'answered' | 'settled_elsewhere';
}

/** `mcp-elicitation-result`: the user answered an elicitation (content only in form mode). */
export interface ElicitationResultDetail {
  requestId: string;
  result: ElicitResult;
  /** URL mode after accept: what the host should open now (the sheet never opens it). */
  openUrl: string | null;
}

/** `mcp-roots-result`: the user answered a server's `roots/list` (the URIs shared, the grain). */
export interface RootsResultDetail {
  requestId: string;
  result: RootsResult;
}

/** `mcp-result-review`: the user answered a result review (send it to the model, or withhold it). */
export interface ResultReviewDetail {
  requestId: string;
  result: ResultReviewResult;
}

/** `mcp-revoke`: about to revoke one grant. Cancelable: `preventDefault()` keeps it. */
export interface RevokeDetail {
  key: string;
  tool: string;
  server: string;
}

/** `mcp-revoke-all`: about to revoke every listed grant (after confirmation). Cancelable. */
export interface RevokeAllDetail {
  count: number;
}

/**
 * `mcp-expiry-change`: the user changed how long Allow always lasts for a tier (spec R5); the
 * engine applies it already. Save `expiry` and give it back as the engine's `expiry` option to
 * keep it. Not cancelable.
 */
export interface ExpiryChangeDetail {
  tier: 'low' | 'medium' | 'high';
  expiry: Readonly<Record<'low' | 'medium' | 'high', number | null>>;
}

export interface McpEventMap {
  'mcp-open': CustomEvent<OpenDetail>;
  'mcp-decision': CustomEvent<DecisionDetail>;
  'mcp-close': CustomEvent<CloseDetail>;
  'mcp-elicitation-result': CustomEvent<ElicitationResultDetail>;
  'mcp-roots-result': CustomEvent<RootsResultDetail>;
  'mcp-result-review': CustomEvent<ResultReviewDetail>;
  'mcp-revoke': CustomEvent<RevokeDetail>;
  'mcp-revoke-all': CustomEvent<RevokeAllDetail>;
  'mcp-expiry-change': CustomEvent<ExpiryChangeDetail>;
}

/** Dispatches a typed event that bubbles out of the shadow root; returns false when cancelled. */
export function emit<K extends keyof McpEventMap>(
  target: EventTarget,
  type: K,
  detail: McpEventMap[K]['detail'],
  cancelable = false,
): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }),
  );
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends McpEventMap {}
}
