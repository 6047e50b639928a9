import type { FieldValue, FieldSpec } from '../form-fields.js';
import type { PartProps } from '../anatomy.js';
import type { FieldView } from '../elicitation/types.js';
import type { ArgsEditPart } from './anatomy.js';

/** What the editor's values make of the call's arguments now. */
export type ArgsEditResult =
  /** Closed, or nothing differs from what the agent asked: the call runs as asked. */
  | { kind: 'unchanged' }
  /** Edited, but some field is invalid: no allow answer may be given. */
  | { kind: 'invalid'; count: number; reason: string }
  /** Edited and valid: an allow answer carries `args`. */
  | { kind: 'edited'; args: Record<string, unknown>; count: number };

export interface ArgsEditState {
  /** The panel is open; closing it discards the edits. */
  open: boolean;
  values: ReadonlyMap<string, FieldValue>;
  touched: ReadonlySet<string>;
  /** An allow was tried while invalid: every field shows its error. */
  submitted: boolean;
}

/** The renderer-neutral view of the "Edit arguments" panel. */
export interface ArgsEditorApi {
  open: boolean;
  ids: Readonly<Record<'editor' | 'heading' | 'status', string>>;
  /** The button that opens the panel ("Edit arguments") or closes it ("Discard edits"). */
  toggle: { label: string; expanded: boolean };
  heading: string;
  /** "If you allow, the tool runs with these values…". */
  hint: string;
  /** The fields, as the elicitation form shows them (same `FieldView`, same controls). */
  form: {
    fields: FieldView[];
    yesLabel: string;
    noLabel: string;
    choosePlaceholder: string;
  };
  /** Arguments the controls cannot show (nested, secret, multi-line…): kept as asked. */
  readOnly: string | null;
  result: ArgsEditResult;
  /** "1 argument edited…" or why Allow is off; polite live region. `null` while unchanged. */
  status: string | null;
  /** Why allow answers are off now, or `null`. */
  blockedReason: string | null;
  props: Readonly<Partial<Record<ArgsEditPart, PartProps>>>;
  /** Opens the panel, or with `false` closes it and discards the edits. */
  setOpen(open?: boolean): void;
  setValue(name: string, value: FieldValue): void;
  /** Marks a field as visited, so its error shows. */
  blur(name: string): void;
  /** Keyboard focus moved to a field (kept for parity with the elicitation form). */
  focus(target: { kind: 'field'; name: string }): void;
}

/** The editor of one call's arguments (`createArgsEditor`). */
export interface ArgsEditor {
  connect(): ArgsEditorApi;
  getState(): ArgsEditState;
  subscribe(listener: () => void): () => void;
  /** The current result; an `invalid` one also makes every error show. */
  check(): ArgsEditResult;
}

/** What the schema and the arguments allow to edit, decided once. Internal. */
export interface ArgsEditContent {
  specs: FieldSpec[];
  initial: ReadonlyMap<string, FieldValue>;
  /** Names (cleaned) of the arguments kept as asked. */
  readOnly: string[];
  original: Readonly<Record<string, unknown>>;
}
