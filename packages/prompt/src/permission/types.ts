import type {
  Choice,
  LookupReason,
  PinnedPart,
  PromptAnswer,
  RiskReason,
  RiskTier,
} from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { ArgumentsPreview, ArgumentsPreviewOptions } from '../args-preview.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput, ServerText } from '../core.js';
import type { DiffSegment } from '../diff.js';
import type { Effects } from '../effects.js';
import type { KeyBinding } from '../keymap.js';
import type { ToolIconSource } from '../tool-icon.js';
import type { DryRunStep } from '../dry-run/types.js';
import type { PermissionPart } from './anatomy.js';
import type { ArgsEditorApi } from '../args-edit/types.js';
import type { GrainContent } from './grains.js';

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

/**
 * Which badge label the sheet shows (`mcp.permission.risk.<key>`). The R9 labels `low`
 * ("read-only") and `high` ("may modify data") are used only where they are true; the
 * others say the tier without claiming an effect the effect lines contradict.
 */
export type RiskBadgeKey =
  | 'low'
  | 'low_writes'
  | 'medium'
  | 'high'
  | 'high_open_world'
  | 'high_undescribed'
  | 'high_changed'
  | 'high_plain';

export type NoticeKind =
  | LookupReason
  | 'hidden_characters'
  | 'settled_elsewhere'
  /** Step 1 of a two-key dry run: the server answered this tool with a preview before. */
  | 'dry_run_preview'
  /** "Asked because of rule 3 in “team.json”" (issue 17); the file is host text, quoted. */
  | 'policy_rule'
  /** The rule's own note, quoted (host or admin text). */
  | 'policy_rule_reason'
  /** An MCP App's UI asked for the call, not the model (the host's name for the app, quoted). */
  | 'requested_by_app';

/** Which answer a "Remember" control sets: Allow always or Deny always. */
export type GrainDecision = 'allow' | 'deny';

/**
 * One value of a "Remember" control: `session`, `timed:<ms>` (one of `request.grains.timed`),
 * `always`, or for an allow the whole server this session (`server`, `server_read_only`).
 */
export type GrainValue = 'session' | 'always' | 'server' | 'server_read_only' | `timed:${number}`;

export interface PermissionPromptOptions extends BaseModelOptions {
  /**
   * Called once with the user's answer (never during the guard, never twice): the choice and,
   * when it says more than the choice, the answer for the engine (a `ChoiceDetail` with the
   * picked grain, "only these arguments" or the deny note; `request.grains` only), or an allow
   * with the edited `args` ("Edit arguments", `request.editable`).
   */
  onAnswer?: (choice: Choice, answer?: PromptAnswer) => void;
  /**
   * When a number, Allow always is labelled with its lifetime ("Allow always · 30 days") and
   * the announcement says it; `null`: the detail says it never expires.
   */
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
  /** The server's description is shown whole ("Show more"). */
  descriptionExpanded: boolean;
  /** The "What changed" panel is open now. */
  changeOpen: boolean;
  /** The user has opened the "What changed" panel at least once (gates Allow always). */
  changeSeen: boolean;
  /** Place in the engine's queue; starts from the request, kept live by `setQueue`. */
  queue: QueuePosition;
  /** What the engine was answered (with grain and note); `null` until answered. */
  answerDetail: PromptAnswer | null;
  /** The picked grain of Allow always and Deny always, and "only these exact arguments". */
  grain: Record<GrainDecision, { value: GrainValue | null; argsOnly: boolean }>;
  /** The deny note typed so far (sent with any deny). */
  note: string;
  /** The "How long, and a note" panel is open. */
  optionsOpen: boolean;
}

/** One option of a "Remember" control. */
export interface GrainOptionView {
  value: GrainValue;
  /** "This session", "1 hour" (ICU plural), "Always", "Every tool of this server, this session". */
  label: string;
  selected: boolean;
}

/** The "Remember an allow for" (or deny) control: it sets what Allow always (Deny always) does. */
export interface GrainGroupView {
  decision: GrainDecision;
  /** The action whose answer and label it sets. */
  choice: 'allow_always' | 'deny_always';
  label: string;
  options: GrainOptionView[];
  selected: GrainValue;
  /** "Only these exact arguments": available for session, timed and always, not a whole server. */
  argsOnly: { label: string; checked: boolean; available: boolean };
}

/** The optional deny note: a labelled text field, sent with any deny. */
export interface NoteView {
  label: string;
  hint: string;
  value: string;
  maxLength: number;
}

/**
 * The secondary controls of a request that offers grains (`request.grains`): how long Allow
 * always and Deny always hold, and the deny note, behind one "How long, and a note" toggle so
 * the four answers stay in reach.
 */
export interface GrainsView {
  toggleLabel: string;
  open: boolean;
  /** `null` when an allow can only be once (a rule asks every time, a destructive tool). */
  allow: GrainGroupView | null;
  deny: GrainGroupView | null;
  note: NoteView;
  /** For keyboard sub-steps (a terminal): "Press a number to choose, Esc to go back", and the note's. */
  stepHint: { remember: string; note: string };
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
  | 'summary'
  | 'fromServer'
  | 'fromServerHeading'
  | 'change'
  | 'changeHeading'
  | 'changeBody'
  | 'toolName'
  | 'description'
  | 'risk'
  | 'effects'
  | 'effectsHeading'
  | 'args'
  | 'argsHeading'
  | 'keyHint'
  | 'announcer'
  | 'grains'
  | 'grainAllow'
  | 'grainDeny'
  | 'argsOnlyAllow'
  | 'argsOnlyDeny'
  | 'note'
  | 'noteLabel'
  | 'noteHint';

/** The server's own words about the tool, shown in one "From the server" container. */
export interface FromServerView {
  /** "From the server": kit copy. */
  heading: string;
  /** The tool's name, cleaned (server text). */
  name: string;
  /** The tool's title (or annotation title), cleaned; `null` when it gave none. */
  title: ServerText | null;
  /** The description to show now: the first lines while collapsed, all of it once expanded. */
  description: ServerText | null;
  descriptionExpanded: boolean;
  /** "Show more" / "Show less"; `null` when the description is short. */
  descriptionToggleLabel: string | null;
  /** The tool's own icon (`toolIconFor`: `data:` or the server's origin); null: the kit's. */
  icon: ToolIconSource | null;
}

/** One changed part of a tool definition with its diff (empty when the old one is unknown). */
export interface ChangePartView {
  part: PinnedPart;
  /** "description", "input schema", … (localized). */
  label: string;
  /** Cleaned text marked `same`, `added` or `removed`; `[]` when there is nothing to compare. */
  segments: DiffSegment[];
}

/** The tool changed since the user allowed it always (a possible "rug pull"). */
export interface ChangeView {
  /** "This tool changed". */
  heading: string;
  /** Which parts changed, and what to do. */
  summary: string;
  /** The panel with the diff is shown. */
  opened: boolean;
  /** "Show what changed" / "Hide what changed". */
  toggleLabel: string;
  /** The earlier definition is known, so `segments` hold a diff. */
  diffAvailable: boolean;
  parts: ChangePartView[];
  /** "Added" / "Removed": what a screen reader hears before a marked segment. */
  marks: { added: string; removed: string };
}

export interface PermissionApi {
  status: PermissionState['status'];
  answer: Choice | null;
  locale: string;
  dir: Direction;
  ids: Readonly<Record<PermissionId, string>>;
  /** Kit copy (R9 title). */
  title: string;
  /** The plain-language first line: what will run, on what, where, and what the server says. */
  summary: string;
  /** The header holds only the kit's own strings: the title and the risk badge. */
  header: { title: string; risk: PermissionApi['risk'] };
  /**
   * "Step 1 of 2 · Preview" when `@mcp-consent/mcp` expects the call to come back as a server's
   * dry-run preview (seed 001; see `markPreviewStep`), shown above the title; `null` otherwise.
   */
  step: DryRunStep | null;
  /** Everything the server said about the tool, in one container. */
  fromServer: FromServerView;
  /** Set while a changed definition is unreviewed; `null` otherwise. */
  change: ChangeView | null;
  /** @deprecated for display: server text belongs in `fromServer`. Kept for compatibility. */
  tool: { name: string; title: string | null; description: string | null; displayName: string };
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  risk: {
    tier: RiskTier;
    colorRole: ColorRole;
    /** Which label is shown; see {@link RiskBadgeKey}. */
    badge: RiskBadgeKey;
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
  /** How long to remember, and the deny note; `null` when the request offers no grains. */
  grains: GrainsView | null;
  /**
   * "Edit arguments" (`request.editable`): the call's arguments as form fields; an allow then
   * runs the edited call. While an edit is invalid the allow actions are off with the reason.
   * `null` (or absent) when nothing can be edited.
   */
  editor?: ArgsEditorApi | null;
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
  /** Attributes of one changed part (`change-part`) and of its segments (`change-segment`). */
  getChangePartProps(index: number): PartProps;
  getChangeSegmentProps(partIndex: number, segmentIndex: number): PartProps;
  /** Attributes of a "Remember" control's label, select and "only these arguments" checkbox. */
  getGrainLabelProps(decision: GrainDecision): PartProps;
  getGrainSelectProps(decision: GrainDecision): PartProps;
  getArgsOnlyProps(decision: GrainDecision): PartProps;
  choose(choice: Choice): AnswerOutcome;
  /** Picks how long Allow always (`allow`) or Deny always (`deny`) holds; unknown values are ignored. */
  setGrain(decision: GrainDecision, value: GrainValue | string): void;
  /** Narrows that answer to these exact arguments (session, timed, always only). */
  setArgsOnly(decision: GrainDecision, checked: boolean): void;
  /** The deny note, cut to 500 characters. */
  setNote(text: string): void;
  /** Opens or closes "How long, and a note". */
  toggleOptions(open?: boolean): void;
  handleKey(input: string | KeyInput): KeyOutcome;
  toggleArgs(expanded?: boolean): void;
  /** Shows the whole server description, or the first lines again. */
  toggleDescription(expanded?: boolean): void;
  /** Opens (or with `false` closes) the "What changed" panel; opening it unlocks Allow always. */
  openChange(open?: boolean): void;
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
  summary: string;
  step: PermissionApi['step'];
  /** The description collapsed and whole; `fromServer` without the toggle state. */
  fromServer: {
    heading: string;
    name: string;
    title: ServerText | null;
    collapsed: ServerText | null;
    full: ServerText | null;
    icon: ToolIconSource | null;
  };
  /** `null` unless the lookup says the definition changed. */
  change: Omit<ChangeView, 'opened' | 'toggleLabel'> | null;
  server: PermissionApi['server'];
  risk: PermissionApi['risk'];
  effects: Effects;
  args: ArgumentsPreview;
  /** What the request offers beyond once (`null`: the classic four answers). */
  grains: GrainContent | null;
  /** Lookup, rule and hidden-character notices; connect adds "settled elsewhere". */
  notices: PermissionApi['notices'];
  /** From the engine's assessment: when false, Allow always is shown disabled. */
  allowAlwaysEnabled: boolean;
  allowAlwaysReason: string | null;
  allowAlwaysDetail: string | null;
  /** "Allow always · 30 days" when the host gives a lifetime, else the R9 label. */
  allowAlwaysLabel: string;
  /** Why Allow always waits while the change is unopened. */
  allowAlwaysChangeReason: string | null;
  /** "Allow always would last 30 days." for the announcement, when a lifetime is set. */
  scopeAnnouncement: string | null;
  defaultFocus: Choice;
  keymap: readonly KeyBinding<Choice>[];
  /** The order arrow keys move focus in (the layout's). */
  focusOrder: readonly Choice[];
  announcement: string;
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type PermissionActions = Pick<
  PermissionApi,
  | 'choose'
  | 'handleKey'
  | 'toggleArgs'
  | 'toggleDescription'
  | 'openChange'
  | 'focus'
  | 'setGrain'
  | 'setArgsOnly'
  | 'setNote'
  | 'toggleOptions'
>;
