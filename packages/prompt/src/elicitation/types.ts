import type { ServerRef } from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput } from '../core.js';
import type { ContentValue, FieldSpec, FieldValue } from '../form-fields.js';
import type { KeyBinding } from '../keymap.js';
import type { MarkdownBlock } from '../markdown.js';
import type { UrlWarningKind } from '../url-check.js';
import type { ElicitationPart } from './anatomy.js';

/** `elicitation/create` in form mode: a message and a flat, primitive schema. */
export interface ElicitFormRequest {
  mode?: 'form';
  message: string;
  requestedSchema: unknown;
}

/** `elicitation/create` in URL mode: the user is asked to open a link (opened only after consent). */
export interface ElicitUrlRequest {
  mode: 'url';
  message: string;
  url: string;
  elicitationId: string;
}

export type ElicitRequest = ElicitFormRequest | ElicitUrlRequest;

export type ElicitAction = 'accept' | 'decline' | 'cancel';

/** The elicitation result: content only with `accept` in form mode. */
export type ElicitResult =
  | { action: 'accept'; content?: Record<string, ContentValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/**
 * The tool call during which the server asked, as the kit knows it (never as the server says):
 * `destructive` from the engine's hints of that call (`effectiveHints`, MCP defaults applied).
 */
export interface ElicitationOrigin {
  /** The tool's name. */
  tool: string;
  /** The call may destroy data: confirming it is shown in the danger style. */
  destructive: boolean;
}

export interface ElicitationPromptOptions extends BaseModelOptions {
  /** The requesting server, always shown. */
  server: ServerRef;
  /**
   * The call the request came from, when the host (or `@mcp-consent/mcp`) knows it. A form
   * asked during a destructive call gets a danger-styled Accept. @default undefined (neutral)
   */
  origin?: ElicitationOrigin;
  /** Element ids are derived from it. @default the elicitationId, else 'elicitation' */
  id?: string;
  /** Called once with the result. For URL mode, open `api.url.openUrl` after `accept`. */
  onResult?: (result: ElicitResult) => void;
  /** Aborted when the request is settled elsewhere or times out: the model closes. */
  signal?: AbortSignal;
}

export type ElicitationFocus =
  { kind: 'action'; action: ElicitAction } | { kind: 'field'; name: string };

export interface ElicitationState {
  status: 'open' | 'answered' | 'closed';
  result: ElicitResult | null;
  values: ReadonlyMap<string, FieldValue>;
  touched: ReadonlySet<string>;
  submitted: boolean;
  focused: ElicitationFocus;
}

export interface FieldView extends FieldSpec {
  id: string;
  value: FieldValue;
  /** "required" / "optional". */
  requiredText: string;
  /** Shown once the field was left or the form submitted. */
  error: string | null;
  /** Attributes for the input (type, constraints, ARIA). */
  inputProps: PartProps;
  props: Readonly<
    Partial<Record<'field' | 'field-label' | 'field-description' | 'field-error', PartProps>>
  >;
}

export interface ElicitationActionView {
  action: ElicitAction;
  label: string;
  /** What the answer does, in plain words ("Tells the server no"); `null` for Accept. */
  detail: string | null;
  /** Accept is the primary answer; Decline and Cancel are secondary. */
  emphasis: 'primary' | 'neutral';
  /** `danger` for an Accept that confirms a destructive call (see `origin`). */
  tone: 'danger' | 'neutral';
  /** The digit that answers when focus is on an answer ("1"…"3", in the order shown). */
  shortcut: string;
  enabled: boolean;
  disabledReason: string | null;
  isDefault: boolean;
  focused: boolean;
}

export type ElicitationOutcome = AnswerOutcome | { accepted: false; reason: 'invalid' };

interface ApiBase {
  status: ElicitationState['status'];
  result: ElicitResult | null;
  locale: string;
  dir: Direction;
  ids: Readonly<Record<'root' | 'title' | 'message' | 'announcer', string>>;
  title: string;
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  /**
   * The server's message: `text` cleaned and plain; `blocks` the same text as a safe
   * markdown subset (`parseMarkdown`), link runs already showing their real host. Render
   * blocks as text nodes only.
   */
  message: { label: string; text: string; truncated: boolean; blocks: MarkdownBlock[] };
  notices: { kind: 'hidden_characters' | 'settled_elsewhere'; text: string }[];
  actions: ElicitationActionView[];
  defaultFocus: ElicitationFocus;
  focused: ElicitationFocus;
  escapeAction: 'cancel';
  keymap: readonly KeyBinding<ElicitAction>[];
  keyHint: string;
  guard: { active: boolean; endsAt: number; text: string };
  close: { label: string };
  announcement: string;
  props: Readonly<Partial<Record<ElicitationPart, PartProps>>>;
  getActionProps(action: ElicitAction): PartProps;
  /** Form mode: validates and submits; URL mode: consents to opening the link. */
  accept(): ElicitationOutcome;
  decline(): ElicitationOutcome;
  cancel(): ElicitationOutcome;
  choose(action: ElicitAction): ElicitationOutcome;
  handleKey(input: string | KeyInput): { handled: boolean; outcome?: ElicitationOutcome };
  focus(target: ElicitationFocus): void;
}

export interface ElicitationFormApi extends ApiBase {
  mode: 'form';
  form: {
    fields: FieldView[];
    /** The schema asks for something this kit cannot show: only decline and cancel work. */
    unsupported: boolean;
    /** "2 fields need attention" after a submit with errors. */
    errorSummary: string | null;
    yesLabel: string;
    noLabel: string;
    choosePlaceholder: string;
    /** "3 more fields above": a terminal form taller than the screen shows a window of fields. */
    moreAbove(count: number): string;
    /** "2 more fields below", the other side of that window. */
    moreBelow(count: number): string;
    /** "4 more options above": a multi-select taller than that window scrolls its options. */
    moreOptionsAbove(count: number): string;
    /** "6 more options below". */
    moreOptionsBelow(count: number): string;
  };
  setValue(name: string, value: FieldValue): void;
  /** Marks a field as visited, so its error shows. */
  blur(name: string): void;
  /** Errors of every field by name (all fields, whether touched or not). */
  validate(): Record<string, string>;
  /** The typed content an `accept` would send, or `null` while invalid. */
  toContent(): Record<string, ContentValue> | null;
}

export interface ElicitationUrlApi extends ApiBase {
  mode: 'url';
  url: {
    label: string;
    valid: boolean;
    /**
     * The full URL as shown, and in three parts so the host can be highlighted
     * (`text` = `before + host + after`). Past the length cap the parts are cut with "…",
     * user info first, never the host of a name DNS could resolve.
     */
    text: string;
    before: string;
    host: string;
    after: string;
    truncated: boolean;
    /** "Site: example.com". */
    site: string | null;
    hostUnicode: string | null;
    warnings: { kind: UrlWarningKind; text: string }[];
    error: string | null;
    /** "Nothing is opened until you choose Open link." */
    notice: string;
    /** What the host opens after `accept`; `null` when the URL cannot be opened. */
    openUrl: string | null;
  };
}

export type ElicitationApi = ElicitationFormApi | ElicitationUrlApi;

export interface ElicitationModel {
  connect(): ElicitationApi;
  getState(): ElicitationState;
  subscribe(listener: () => void): () => void;
  rearm(): void;
  destroy(): void;
}

/**
 * What one request says, sanitized and localized once (`content.ts`): the part of the view
 * that does not change while the sheet is open. Internal, not exported.
 */
export interface ElicitationContent {
  t: Translator;
  prefix: string;
  ids: ElicitationApi['ids'];
  title: string;
  server: ElicitationApi['server'];
  message: ElicitationApi['message'];
  /** The link in URL mode; `undefined` in form mode. */
  url: ElicitationUrlApi['url'] | undefined;
  /** The fields in form mode (none when the schema is unsupported). */
  specs: FieldSpec[];
  /** Element id per field name. */
  fieldIds: ReadonlyMap<string, string>;
  unsupported: boolean;
  acceptLabel: string;
  /** Decline's label for this mode ("Don't share", "Say no", "Don't open"). */
  declineLabel: string;
  /** Accept confirms a destructive call. */
  danger: boolean;
  /** Why Accept cannot be used (unsupported schema, unusable URL), or `null`. */
  acceptReason: string | null;
  defaultFocus: ElicitationFocus;
  keymap: readonly KeyBinding<ElicitAction>[];
  /** Hidden characters; connect adds "settled elsewhere". */
  notices: ElicitationApi['notices'];
  announcement: string;
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type ElicitationActions = Pick<
  ElicitationFormApi,
  'choose' | 'handleKey' | 'focus' | 'setValue' | 'blur' | 'validate' | 'toContent'
>;
