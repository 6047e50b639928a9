import type { Choice, LookupReason, RiskReason, RiskTier } from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { ArgumentsPreview, ArgumentsPreviewOptions } from '../args-preview.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput } from '../core.js';
import type { Effects } from '../effects.js';
import type { KeyBinding } from '../keymap.js';
import type { PermissionPart } from './anatomy.js';

export type ColorRole = 'success-container' | 'warning-container' | 'error-container';

/** Risk tier → colour role of spec R2 (the only risk mapping in this package). */
export const riskColorRole: Readonly<Record<RiskTier, ColorRole>> = {
  low: 'success-container',
  medium: 'warning-container',
  high: 'error-container',
};

/** The order of the number keys 1–4 (spec R3 and R7). */
export const choiceOrder: readonly Choice[] = [
  'allow_once',
  'allow_always',
  'deny_once',
  'deny_always',
];

/** The two rows of spec R1: deny actions above, allow actions below. */
export const actionRows: readonly (readonly Choice[])[] = [
  ['deny_always', 'deny_once'],
  ['allow_once', 'allow_always'],
];

export type NoticeKind = LookupReason | 'hidden_characters' | 'settled_elsewhere';

export interface PermissionPromptOptions extends BaseModelOptions {
  /** Called once with the user's answer (never during the guard, never twice). */
  onAnswer?: (choice: Choice) => void;
  /** When set, Allow always shows "expires in 7 days" for this lifetime (`null`: never expires). */
  allowAlwaysExpiresInMs?: number | null;
  /** `grid` moves arrow focus through the R1 rows; `list` through the numbered order. @default 'grid' */
  layout?: 'grid' | 'list';
  args?: ArgumentsPreviewOptions;
}

export interface ActionView {
  choice: Choice;
  label: string;
  /** The number key, "1"–"4". */
  shortcut: string;
  enabled: boolean;
  /** Why the action is disabled, localized; `null` when enabled. */
  disabledReason: string | null;
  /** Extra line, e.g. "expires in 7 days" under Allow always. */
  detail: string | null;
  isDefault: boolean;
  focused: boolean;
  /** The default action is `primary`, the others `neutral`. A style hook, not a decision. */
  emphasis: 'primary' | 'neutral';
}

export interface PermissionState {
  status: 'open' | 'answered' | 'closed';
  answer: Choice | null;
  focused: Choice;
  argsExpanded: boolean;
  /** Place in the engine's queue; starts from the request, kept live by `setQueue`. */
  queue: QueuePosition;
}

export interface QueuePosition {
  position: number;
  total: number;
}

export type KeyOutcome =
  | { handled: false }
  | { handled: true; intent: 'focus'; focused: Choice }
  | ({ handled: true; intent: 'answer'; choice: Choice } & AnswerOutcome);

export type PermissionId =
  | 'root'
  | 'title'
  | 'toolName'
  | 'description'
  | 'risk'
  | 'effects'
  | 'effectsHeading'
  | 'args'
  | 'argsHeading'
  | 'keyHint'
  | 'announcer';

export interface PermissionApi {
  status: PermissionState['status'];
  answer: Choice | null;
  locale: string;
  dir: Direction;
  ids: Readonly<Record<PermissionId, string>>;
  title: string;
  tool: { name: string; title: string | null; description: string | null; displayName: string };
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  risk: {
    tier: RiskTier;
    colorRole: ColorRole;
    label: string;
    heading: string;
    reasons: { reason: RiskReason; text: string }[];
  };
  effects: Effects;
  notices: { kind: NoticeKind; text: string }[];
  args: {
    heading: string;
    empty: boolean;
    /** What to show now: the preview, or everything once expanded. */
    text: string;
    truncated: boolean;
    expanded: boolean;
    /** "Show more" / "Show less"; `null` when everything fits. */
    toggleLabel: string | null;
    /** "12 more lines" while collapsed. */
    moreText: string | null;
    /** "2 secret-looking values are hidden". */
    redactedText: string | null;
  };
  actions: ActionView[];
  actionRows: readonly (readonly Choice[])[];
  defaultFocus: Choice;
  focused: Choice;
  escapeAction: 'deny_once';
  keymap: readonly KeyBinding<Choice>[];
  keyHint: string;
  guard: { active: boolean; endsAt: number; text: string };
  queue: { visible: boolean; position: number; total: number; text: string; label: string };
  close: { label: string };
  announcement: string;
  /** Attributes per part; `getActionProps` and friends for repeated parts. */
  props: Readonly<Partial<Record<PermissionPart, PartProps>>>;
  getActionProps(choice: Choice): PartProps;
  getActionReasonProps(choice: Choice): PartProps;
  getEffectProps(index: number): PartProps;
  getNoticeProps(index: number): PartProps;
  choose(choice: Choice): AnswerOutcome;
  handleKey(input: string | KeyInput): KeyOutcome;
  toggleArgs(expanded?: boolean): void;
  focus(choice: Choice): void;
}

export interface PermissionModel {
  /** The engine's prompt id this model shows. */
  readonly requestId: string;
  /** The renderer-neutral view of the current state. Cached until the state changes. */
  connect(): PermissionApi;
  /** Updates "1 of 3" as other requests join or leave the queue (see `followQueue`). */
  setQueue(queue: QueuePosition): void;
  getState(): PermissionState;
  subscribe(listener: () => void): () => void;
  /** Restarts the input guard (for example when a hidden tab becomes visible). */
  rearm(): void;
  destroy(): void;
}

/**
 * What one request says, sanitized and localized once (`content.ts`): the part of the
 * view that does not change while the sheet is open. Internal, not exported.
 */
export interface PermissionContent {
  t: Translator;
  prefix: string;
  ids: PermissionApi['ids'];
  tool: PermissionApi['tool'];
  server: PermissionApi['server'];
  risk: PermissionApi['risk'];
  effects: Effects;
  args: ArgumentsPreview;
  /** Lookup and hidden-character notices; connect adds "settled elsewhere". */
  notices: PermissionApi['notices'];
  /** From the engine's assessment: when false, Allow always is shown disabled. */
  allowAlwaysEnabled: boolean;
  allowAlwaysReason: string | null;
  allowAlwaysDetail: string | null;
  defaultFocus: Choice;
  keymap: readonly KeyBinding<Choice>[];
  /** The order arrow keys move focus in (the layout's). */
  focusOrder: readonly Choice[];
  announcement: string;
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type PermissionActions = Pick<
  PermissionApi,
  'choose' | 'handleKey' | 'toggleArgs' | 'focus'
>;
