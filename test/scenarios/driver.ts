import type {
  AuditEvent,
  Choice,
  Grant,
  PolicySource,
  RequestOptions,
  RequestResult,
  RiskTier,
  ToolCall,
  ToolDefinition,
} from '@mcp-consent/engine';
import type {
  ElicitRequest,
  ElicitResult,
  HostRoot,
  ResultReviewAnswer,
  ReviewedToolResult,
  RootsAnswer,
  RootsResult,
  SamplingAnswer,
} from '@mcp-consent/prompt';
import type { Reviewed, SamplingStep } from './host-runtime.js';

/**
 * What each renderer's test driver provides so that one scenario list runs
 * against every renderer (Lit and React in Chromium, Ink in a terminal
 * harness). Everything is async because the UI may live in a browser page.
 *
 * The host behind it is `createHostRuntime` (host-runtime.ts): a real engine on
 * a manual clock with a memory store that survives `restart()`, whose prompt
 * callback is the renderer under test.
 */
export interface RendererDriver {
  readonly name: string;
  /** A fresh host (new page / new terminal) with the renderer attached. */
  start(options?: HostOptions): Promise<ScenarioHost>;
  /** Releases shared resources (browser, servers) after the suite. */
  close(): Promise<void>;
}

export interface HostOptions {
  /** @default 'en-US' */
  locale?: string;
  /** Input guard window of the prompt model. @default GUARD_MS */
  guardMs?: number;
  /** 'hang': the store never finishes loading (spec N1). @default 'ready' */
  store?: 'ready' | 'hang';
  /** Rules the engine starts with (plain data, issue 17). @default none */
  policy?: PolicySource[];
}

/** A handle of one `request` made through the host. */
export type RequestHandle = number;

/**
 * What the engine's `request` takes besides the call, as `@mcp-consent/mcp` passes it:
 * a dry-run preview is `{ dryRun: { preview, hint } }` (a `dry_run` prompt, never remembered).
 */
export type RequestExtras = Pick<RequestOptions, 'dryRun' | 'forcePrompt' | 'persist'> & {
  /**
   * The tool's definition before it changed (a rug pull), as `@mcp-consent/mcp`'s catalog
   * answers `previousDefinition`: plain data, so browser drivers can pass it to their page.
   */
  previous?: ToolDefinition;
};

/** An allowed call's result to review, as `@mcp-consent/mcp` holds it (plain data). */
export interface ResultReviewAsk {
  tool: string;
  tier: RiskTier;
  result: ReviewedToolResult & Record<string, unknown>;
  /** The host attached no result renderer. @default false */
  noRenderer?: boolean;
}

/** An action of the prompt as the user perceives it. */
export interface ActionView {
  label: string;
  enabled: boolean;
  /** The reason shown or announced for a disabled action. */
  reason: string | null;
}

export interface ScenarioHost {
  // --- the host application side -------------------------------------------------
  /** Asks for permission for a call, as a host does before `tools/call`. Does not wait. */
  request(call: ToolCall, extras?: RequestExtras): Promise<RequestHandle>;
  /** The decision of a request (waits for it). */
  result(handle: RequestHandle): Promise<RequestResult>;
  /** Whether a request has been decided yet. */
  isSettled(handle: RequestHandle): Promise<boolean>;
  /** Resolves when the engine is done hashing or waits on a timer (see host-runtime `idle`). */
  idle(): Promise<void>;
  /** Moves the manual clock (input guard, expiry, timeouts). */
  advance(ms: number): Promise<void>;
  audit(): Promise<AuditEvent[]>;
  grants(): Promise<Grant[]>;
  /** A new engine and renderer over the same store, like a reload or a restart. */
  restart(): Promise<void>;

  // --- what the user sees and does ---------------------------------------------------
  /**
   * Waits until a prompt (permission, dry-run preview or elicitation) is shown, and focused
   * where focus exists.
   */
  waitForPrompt(): Promise<void>;
  /** Waits until no prompt is shown. */
  waitForClosed(): Promise<void>;
  isOpen(): Promise<boolean>;
  /** The prompt's visible text (rendered text, not markup). */
  screen(): Promise<string>;
  /** Keys as `KeyboardEvent.key` values: '1'…'4', 'Enter', 'Escape', 'Tab', 'ArrowDown', … */
  press(key: string): Promise<void>;
  /** Types text somewhere outside the prompt first, then it reaches whatever has focus. */
  typeAhead(text: string): Promise<void>;
  /** The action the keyboard would activate with Enter (focus or selection). */
  focusedAction(): Promise<Choice | null>;
  /** Activates an action the way a pointer user would (click or tap). */
  click(choice: Choice): Promise<void>;
  action(choice: Choice): Promise<ActionView>;
  /** Expands the arguments preview ("Show more" or its key). */
  expandArguments(): Promise<void>;
  /** Opens "What changed" of a redefined tool, as a user would (its button or its key). */
  openChange(): Promise<void>;
  /**
   * Picks how long Allow always (`allow`) or Deny always (`deny`) holds, as a user would (the
   * sheet's "Remember" control, the terminal's numbered step): a `GrainValue` of the model
   * (`session`, `timed:<ms>`, `always`, `server`, `server_read_only`).
   */
  pickGrain(decision: 'allow' | 'deny', value: string): Promise<void>;
  /** Types the optional deny note, as a user would (the labelled field, the terminal's note step). */
  typeNote(text: string): Promise<void>;
  /**
   * Edits one argument before allowing, as a user would ("Edit arguments", then the field;
   * the terminal's `e`, Tab to it, typing, Enter): `value` replaces what the field shows.
   */
  editArgument(name: string, value: string): Promise<void>;

  // --- a server's own question (elicitation) -------------------------------------------
  /**
   * The server asks the user (`elicitation/create`), as `@mcp-consent/mcp` hands it to the
   * renderer's `elicit` callback; the requesting server is the fixtures' `server`. Does not wait.
   */
  elicit(params: ElicitRequest): Promise<RequestHandle>;
  /** The answer to an elicitation (waits for it). */
  elicitation(handle: RequestHandle): Promise<ElicitResult>;
  /** Types a value into a form field, replacing what is there, as a user would. */
  fill(field: string, value: string): Promise<void>;
  /** Whether a form field has the focus (the field typing reaches, the terminal's › row). */
  fieldFocused(field: string): Promise<boolean>;
  /**
   * How many of the form's controls are marked invalid for assistive technology
   * (`aria-invalid="true"`); left out where there is no such mark (the model, a terminal).
   */
  invalidControls?(): Promise<number>;
  /** Activates an elicitation's action the way a pointer user would (click or tap). */
  clickElicitation(action: 'accept' | 'decline' | 'cancel'): Promise<void>;
  // --- a server's roots/list (issue 18) ---------------------------------------------------
  /**
   * The server asks which of the host's `roots` it may see, as `@mcp-consent/mcp` hands it to
   * the renderer's `pickRoots` callback; the requesting server is the fixtures' `server`.
   */
  askRoots(roots: HostRoot[]): Promise<RequestHandle>;
  /** The answer to a roots request (waits for it). */
  rootsResult(handle: RequestHandle): Promise<RootsResult>;
  /** Ticks or unticks the root at `index` as a user would (its row, or its number key). */
  toggleRoot(index: number): Promise<void>;
  /** Activates Share selected or Share none the way a pointer user would (or Enter on it). */
  clickRoots(answer: RootsAnswer): Promise<void>;
  // --- an allowed call's result, reviewed before the model sees it (issue 18) ---------------
  /**
   * Holds a result for review through `@mcp-consent/mcp`'s review with the renderer's
   * `reviewResult` callback (or none); the answering server is the fixtures' `server`.
   */
  reviewResult(ask: ResultReviewAsk): Promise<RequestHandle>;
  /** What the model got and what was reported (waits for the review). */
  reviewed(handle: RequestHandle): Promise<Reviewed>;
  /** Activates Send or Withhold the way a pointer user would (or Enter on it). */
  clickReview(answer: ResultReviewAnswer): Promise<void>;
  // --- a server's sampling request (issue 18) ------------------------------------------
  /**
   * One step of a `sampling/createMessage` request, as `@mcp-consent/mcp` hands it to the
   * renderer's `sample` callback; the requesting server is the fixtures' `server`. Does not wait.
   */
  sample(step: SamplingStep): Promise<RequestHandle>;
  /** The answer to a sampling step (waits for it). */
  sampled(handle: RequestHandle): Promise<SamplingAnswer>;
  /** Signs that server text escaped its box: scripts that ran, raw escape sequences written, … */
  compromised(): Promise<string[]>;
  dispose(): Promise<void>;
}
