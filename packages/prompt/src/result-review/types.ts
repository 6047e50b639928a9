import type { RiskTier, ServerRef } from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput } from '../core.js';
import type { KeyBinding } from '../keymap.js';
import type { ResultReviewPart, resultReviewIds } from './anatomy.js';

/**
 * A tool's result as the server sent it (MCP `CallToolResult`): only these fields are read, and
 * every one of them is untrusted. Anything else the result carries is neither shown nor read.
 */
export interface ReviewedToolResult {
  content?: readonly unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * One allowed tool call's result, held back until the user says whether the model may see it
 * (`GuardClientOptions.reviewResults` of `@mcp-consent/mcp`, `presenter.result`).
 */
export interface ResultReviewRequest {
  /** A stable id (element ids derive from it). */
  id: string;
  /** The server as the host configured it: always shown. */
  server: ServerRef;
  /** The tool's name (server text: cleaned before it is shown). */
  tool: string;
  /** The call's risk tier as the engine assessed it. */
  tier: RiskTier;
  /** The result to review. */
  result: ReviewedToolResult;
}

/** Send the result to the model as it came, or withhold it (the model gets the kit's text). */
export type ResultReviewAnswer = 'send' | 'withhold';

export interface ResultReviewResult {
  answer: ResultReviewAnswer;
}

export interface ResultReviewPromptOptions extends BaseModelOptions {
  /** Called once with the result. */
  onResult?: (result: ResultReviewResult) => void;
  /** Aborted when the call is given up: the model closes (the result is withheld). */
  signal?: AbortSignal;
  /** Text blocks longer than this are cut, with a count of what is left out. @default 4000 */
  previewLength?: number;
}

export interface ResultReviewState {
  status: 'open' | 'answered' | 'closed';
  result: ResultReviewResult | null;
  focused: ResultReviewAnswer;
}

/**
 * One content block as shown: text cleaned and cut (`more` counts what was left out), anything
 * else (image, audio, resource, structured data) a kit label with its kind and size, never the
 * data itself.
 */
export type ResultBlockView =
  | { kind: 'text'; index: number; text: string; more: string | null }
  | { kind: 'label'; index: number; label: string };

export interface ResultReviewActionView {
  answer: ResultReviewAnswer;
  label: string;
  isDefault: boolean;
  focused: boolean;
}

export interface ResultReviewApi {
  status: ResultReviewState['status'];
  result: ResultReviewResult | null;
  locale: string;
  dir: Direction;
  title: string;
  intro: string;
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  /** The tool's name, cleaned. */
  tool: string;
  /** "Tool: {tool}". */
  toolLine: string;
  risk: { tier: RiskTier; label: string };
  /** The kit's line when the server flagged the result as an error; null otherwise. */
  error: string | null;
  contentHeading: string;
  blocks: readonly ResultBlockView[];
  /** Shown instead of the blocks when the result has no content. */
  empty: string | null;
  notices: { kind: 'hidden_characters' | 'settled_elsewhere'; text: string }[];
  actions: readonly ResultReviewActionView[];
  defaultFocus: ResultReviewAnswer;
  focused: ResultReviewAnswer;
  escapeAction: 'withhold';
  keymap: readonly KeyBinding<ResultReviewAnswer>[];
  keyHint: string;
  guard: { active: boolean; endsAt: number; text: string };
  announcement: string;
  props: Readonly<Partial<Record<ResultReviewPart, PartProps>>>;
  /** "3 more blocks not shown", for a renderer that cannot show every block (a short terminal). */
  moreBlocks(count: number): string;
  getBlockProps(index: number): PartProps;
  getActionProps(answer: ResultReviewAnswer): PartProps;
  choose(answer: ResultReviewAnswer): AnswerOutcome;
  handleKey(input: string | KeyInput): { handled: boolean; outcome?: AnswerOutcome };
  focus(target: ResultReviewAnswer): void;
}

export interface ResultReviewModel {
  connect(): ResultReviewApi;
  getState(): ResultReviewState;
  subscribe(listener: () => void): () => void;
  rearm(): void;
  destroy(): void;
}

/** What one request says, sanitized and localized once (`content.ts`). Internal. */
export interface ResultReviewContent {
  t: Translator;
  prefix: string;
  ids: ReturnType<typeof resultReviewIds>;
  server: ResultReviewApi['server'];
  tool: string;
  risk: ResultReviewApi['risk'];
  error: string | null;
  blocks: readonly ResultBlockView[];
  /** Hidden characters; connect adds "settled elsewhere". */
  notices: ResultReviewApi['notices'];
  keymap: readonly KeyBinding<ResultReviewAnswer>[];
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type ResultReviewActions = Pick<ResultReviewApi, 'choose' | 'handleKey' | 'focus'>;
