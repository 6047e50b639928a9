import type { RiskTier, SamplingRiskReason, ServerRef } from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput, ServerText } from '../core.js';
import type { KeyBinding } from '../keymap.js';
import type { ColorRole } from '../permission/types.js';
import type { SamplingPart } from './anatomy.js';

/**
 * The params of `sampling/createMessage` (MCP 2025-11-25) as the server sent them: untrusted,
 * read defensively (the model never assumes a field has the type the spec gives it).
 */
export interface SamplingParams {
  messages: readonly unknown[];
  systemPrompt?: string;
  modelPreferences?: unknown;
  includeContext?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: readonly string[];
  tools?: readonly unknown[];
  toolChoice?: unknown;
  metadata?: unknown;
  [key: string]: unknown;
}

/** The result of `sampling/createMessage`: what the host's generator returned. */
export interface SamplingResult {
  role: 'assistant';
  content: unknown;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/**
 * One step of a sampling request as `@mcp-consent/mcp` hands it to its `sample` callback, so
 * `sample: presenter.sample` plugs in as it is. Step `request`: may the server's request go
 * to the host's model (approve, edit, deny)? Step `response`: may the model's reply go back
 * to the server (send, deny)?
 */
export type SamplingCall = {
  /** The requesting server as the host configured it: always shown. */
  server: ServerRef;
  /** Aborted when the server gives up: the sheet closes with a denial. */
  signal?: AbortSignal;
  /** A stable id (element ids derive from it). */
  id?: string;
} & (
  | { step: 'request'; params: SamplingParams }
  | {
      step: 'response';
      /** The request the generator got (after the user's edits). */
      params: SamplingParams;
      /** The generator's reply, exactly what Send returns to the server. */
      result: SamplingResult;
    }
);

/** How long a request-step answer holds for this server. */
export type SamplingGrain = 'once' | 'session';

/** The user's changes to the request; only the fields the user changed are present. */
export interface SamplingEdits {
  /** New text of the last user message's first text block. */
  lastUserText?: string;
  systemPrompt?: string;
  maxTokens?: number;
}

export type SamplingRequestAnswer =
  | { action: 'approve'; grain: SamplingGrain; edits?: SamplingEdits }
  | { action: 'deny'; grain: SamplingGrain };

export type SamplingResponseAnswer = { action: 'send' } | { action: 'deny' };

export type SamplingAnswer = SamplingRequestAnswer | SamplingResponseAnswer;

/** The buttons of each step: Edit opens the edit form, it answers nothing by itself. */
export type SamplingAction = 'approve' | 'edit' | 'deny' | 'send';

export type SamplingField = 'lastUserText' | 'systemPrompt' | 'maxTokens';

export type SamplingFocus =
  { kind: 'action'; action: SamplingAction } | { kind: 'field'; name: SamplingField };

export interface SamplingPromptOptions extends BaseModelOptions {
  /** Called once with the answer. */
  onAnswer?: (answer: SamplingAnswer) => void;
  /** Aborted when the request is settled elsewhere: the model closes. */
  signal?: AbortSignal;
  /** `maxTokens` above this counts as large for the risk. @default 4096 */
  largeMaxTokens?: number;
  /** Text longer than this is cut with a "show more". @default 600 */
  previewLength?: number;
}

export interface SamplingState {
  status: 'open' | 'answered' | 'closed';
  answer: SamplingAnswer | null;
  focused: SamplingFocus;
  grain: SamplingGrain;
  editing: boolean;
  /** The edit form's values, as typed. */
  values: Readonly<Record<SamplingField, string>>;
  /** Ids of the text blocks shown whole. */
  expanded: ReadonlySet<string>;
}

/** One content block of a message or of the response, ready to show. */
export type BlockView =
  | {
      kind: 'text';
      id: string;
      text: ServerText;
      truncated: boolean;
      expanded: boolean;
      toggleLabel: string | null;
    }
  /** Image or audio: never decoded, a label with its mime type and size. */
  | { kind: 'media'; id: string; label: string }
  /** A tool call or result (2025-11-25) or a block the kit does not know: a label. */
  | { kind: 'other'; id: string; label: string };

export interface MessageView {
  role: 'user' | 'assistant';
  roleLabel: string;
  blocks: BlockView[];
}

export interface SamplingEditFieldView {
  name: SamplingField;
  id: string;
  label: string;
  value: string;
  multiline: boolean;
  error: string | null;
}

export interface SamplingActionView {
  action: SamplingAction;
  label: string;
  shortcut: string;
  isDefault: boolean;
  focused: boolean;
  enabled: boolean;
  disabledReason: string | null;
}

export interface SamplingApi {
  step: 'request' | 'response';
  status: SamplingState['status'];
  answer: SamplingAnswer | null;
  locale: string;
  dir: Direction;
  stepText: string;
  title: string;
  intro: string;
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  risk: { tier: RiskTier; colorRole: ColorRole; label: string; reasons: string[] };
  riskReasons: readonly SamplingRiskReason[];
  messagesHeading: string;
  messages: MessageView[];
  systemPrompt: { label: string; block: BlockView } | null;
  /** Model preferences, context, max tokens, temperature: one localized line each. */
  details: string[];
  tools: { heading: string; names: string[] } | null;
  /** Step `response` only: the reply under review. */
  response: {
    heading: string;
    model: string;
    blocks: BlockView[];
    stopReason: string | null;
  } | null;
  edit: { heading: string; fields: SamplingEditFieldView[] } | null;
  grain: {
    label: string;
    options: { value: 'once' | 'session'; label: string; selected: boolean }[];
  } | null;
  notices: { kind: 'hidden_characters' | 'settled_elsewhere'; text: string }[];
  actions: SamplingActionView[];
  defaultFocus: SamplingFocus;
  focused: SamplingFocus;
  escapeAction: 'deny';
  keymap: readonly KeyBinding<SamplingAction>[];
  keyHint: string;
  guard: { active: boolean; endsAt: number; text: string };
  close: { label: string };
  announcement: string;
  props: Readonly<Partial<Record<SamplingPart, PartProps>>>;
  getActionProps(action: SamplingAction): PartProps;
  choose(action: SamplingAction): AnswerOutcome;
  handleKey(input: string | KeyInput): { handled: boolean; outcome?: AnswerOutcome };
  focus(target: SamplingFocus): void;
  setGrain(grain: SamplingGrain): void;
  setValue(name: SamplingField, value: string): void;
  toggleBlock(id: string, expanded?: boolean): void;
}

export interface SamplingModel {
  connect(): SamplingApi;
  getState(): SamplingState;
  subscribe(listener: () => void): () => void;
  rearm(): void;
  destroy(): void;
}

/** What one sheet says, sanitized and localized once (`content.ts`). Internal. */
export interface SamplingContent {
  t: Translator;
  prefix: string;
  step: 'request' | 'response';
  ids: Readonly<
    Record<'root' | 'title' | 'step' | 'intro' | 'messages' | 'grain' | 'announcer', string>
  >;
  stepText: string;
  title: string;
  intro: string;
  server: SamplingApi['server'];
  risk: SamplingApi['risk'];
  riskReasons: readonly SamplingRiskReason[];
  /** Each message's blocks in short and whole form; connect picks by `expanded`. */
  messages: { role: 'user' | 'assistant'; roleLabel: string; blocks: BlockContent[] }[];
  systemPrompt: BlockContent | null;
  details: string[];
  tools: SamplingApi['tools'];
  response: { model: string; blocks: BlockContent[]; stopReason: string | null } | null;
  /** The edit form's fields that exist for this request, with their first values. */
  editable: { name: SamplingField; initial: string }[];
  notices: SamplingApi['notices'];
  keymap: readonly KeyBinding<SamplingAction>[];
  announcement: string;
}

/** A block before the expanded state is known. */
export type BlockContent =
  | { kind: 'text'; id: string; short: ServerText; whole: ServerText }
  | { kind: 'media' | 'other'; id: string; label: string };

export type SamplingActions = Pick<
  SamplingApi,
  'choose' | 'handleKey' | 'focus' | 'setGrain' | 'setValue' | 'toggleBlock'
>;
