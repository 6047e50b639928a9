import type { RiskAssessment, ServerRef, ToolDefinition } from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { ArgumentsPreview, ArgumentsPreviewOptions } from '../args-preview.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput } from '../core.js';
import type { KeyBinding } from '../keymap.js';
import type { MarkdownBlock } from '../markdown.js';
import type { ColorRole } from '../permission/types.js';
import type { DryRunPart } from './anatomy.js';

/** A `DRY_RUN_PREVIEW` answer from a two-key server (seed 001), ready to show. */
export interface DryRunRequest {
  id: string;
  server: ServerRef;
  tool: Pick<ToolDefinition, 'name' | 'title' | 'annotations'>;
  /** The redacted arguments the server sent back instead of executing. */
  preview: unknown;
  /** The server's `recovery_hint`; untrusted text. */
  hint?: string | null;
  /** The engine's assessment of the call, when the host has it. */
  risk?: RiskAssessment;
}

export type DryRunAnswer = 'approve' | 'deny';

/** A step of the two-key flow, from the model: `text` is "Step 2 of 2 · Send for real". */
export interface DryRunStep {
  index: 1 | 2;
  total: 2;
  label: string;
  text: string;
}

export interface DryRunPromptOptions extends BaseModelOptions {
  /** `approve`: re-issue the call with `__confirm: true`; `deny`: do not. Called once. */
  onAnswer?: (answer: DryRunAnswer) => void;
  signal?: AbortSignal;
  args?: ArgumentsPreviewOptions;
}

export interface DryRunState {
  status: 'open' | 'answered' | 'closed';
  answer: DryRunAnswer | null;
  focused: DryRunAnswer;
  expanded: boolean;
}

export interface DryRunApi {
  status: DryRunState['status'];
  answer: DryRunAnswer | null;
  locale: string;
  dir: Direction;
  title: string;
  intro: string;
  tool: { name: string; displayName: string };
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  risk: { tier: RiskAssessment['tier']; colorRole: ColorRole; label: string } | null;
  preview: {
    heading: string;
    empty: boolean;
    text: string;
    truncated: boolean;
    expanded: boolean;
    toggleLabel: string | null;
    moreText: string | null;
    redactedText: string | null;
  };
  /**
   * Where this sheet sits in the two-key flow: always step 2 of 2, "send for real" (step 1 was
   * the answer that let the call reach the server, which answered with this preview).
   */
  step: DryRunStep;
  /**
   * The server's own hint (`recovery_hint`), addressed to its operator or agent, never to the
   * user: shown only as quoted server text inside the "From the server" box, under a kit label
   * that says so. `blocks` is the same text as a safe markdown subset (text runs only).
   */
  hint: { heading: string; label: string; text: string; blocks: MarkdownBlock[] } | null;
  operatorNotice: string;
  notices: { kind: 'hidden_characters' | 'settled_elsewhere'; text: string }[];
  actions: { answer: DryRunAnswer; label: string; isDefault: boolean; focused: boolean }[];
  defaultFocus: DryRunAnswer;
  focused: DryRunAnswer;
  escapeAction: 'deny';
  keymap: readonly KeyBinding<DryRunAnswer>[];
  keyHint: string;
  guard: { active: boolean; endsAt: number; text: string };
  announcement: string;
  props: Readonly<Partial<Record<DryRunPart, PartProps>>>;
  getActionProps(answer: DryRunAnswer): PartProps;
  choose(answer: DryRunAnswer): AnswerOutcome;
  handleKey(input: string | KeyInput): { handled: boolean; outcome?: AnswerOutcome };
  togglePreview(expanded?: boolean): void;
  focus(answer: DryRunAnswer): void;
}

export interface DryRunModel {
  connect(): DryRunApi;
  getState(): DryRunState;
  subscribe(listener: () => void): () => void;
  rearm(): void;
  destroy(): void;
}

/**
 * What one preview says, sanitized and localized once (`content.ts`): the part of the view
 * that does not change while the sheet is open. Internal, not exported.
 */
export interface DryRunContent {
  t: Translator;
  prefix: string;
  ids: Readonly<Record<'root' | 'title' | 'step' | 'intro' | 'preview' | 'fromServer', string>>;
  step: DryRunStep;
  tool: DryRunApi['tool'];
  server: DryRunApi['server'];
  risk: DryRunApi['risk'];
  preview: ArgumentsPreview;
  hint: DryRunApi['hint'];
  /** Hidden characters; connect adds "settled elsewhere". */
  notices: DryRunApi['notices'];
  keymap: readonly KeyBinding<DryRunAnswer>[];
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type DryRunActions = Pick<DryRunApi, 'choose' | 'handleKey' | 'togglePreview' | 'focus'>;
