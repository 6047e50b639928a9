import type { ServerRef } from '@mcp-consent/engine';
import type { Direction, Translator } from '@mcp-consent/i18n';
import type { PartProps } from '../anatomy.js';
import type { AnswerOutcome, BaseModelOptions, KeyInput } from '../core.js';
import type { KeyBinding } from '../keymap.js';
import type { RootsPart, rootsIds } from './anatomy.js';

/** One of the host's roots (MCP `Root`): a `file://` URI and an optional name. */
export interface HostRoot {
  uri: string;
  name?: string;
}

/** A server's `roots/list`, as the kit asks about it: who asks and what the host could share. */
export interface RootsRequest {
  /** A stable id (element ids derive from it). */
  id: string;
  /** The requesting server as the host configured it: always shown. */
  server: ServerRef;
  /** The host's roots, in the host's order: the user picks among these. */
  roots: readonly HostRoot[];
}

export type RootsAnswer = 'share' | 'share_none';

/** How long the choice holds: remembered for this server, or only for this request. */
export type RootsGrain = 'server' | 'once';

/** What the user decided: the URIs to share (exactly as the host gave them) and for how long. */
export interface RootsResult {
  answer: RootsAnswer;
  /** The checked roots' URIs, in the host's order; empty for `share_none`. */
  uris: string[];
  grain: RootsGrain;
}

/** What can hold the keyboard focus: a root's checkbox, a grain, or an answer. */
export type RootsFocus = `root-${number}` | `grain-${RootsGrain}` | RootsAnswer;

export interface RootsPromptOptions extends BaseModelOptions {
  /** Called once with the result. */
  onResult?: (result: RootsResult) => void;
  /** Aborted when the request is settled elsewhere or the server gives up: the model closes. */
  signal?: AbortSignal;
}

export interface RootsState {
  status: 'open' | 'answered' | 'closed';
  result: RootsResult | null;
  /** One flag per host root, in order; none checked at first. */
  checked: readonly boolean[];
  grain: RootsGrain;
  focused: RootsFocus;
}

/** One of the host's roots as shown: both texts cleaned (a name may come from anywhere). */
export interface RootItemView {
  index: number;
  /** 1-based, the key that toggles it. */
  number: number;
  name: string;
  uri: string;
  checked: boolean;
  focused: boolean;
  /** The checkbox's accessible name: the name and the URI. */
  label: string;
}

export interface RootsGrainView {
  grain: RootsGrain;
  label: string;
  selected: boolean;
  focused: boolean;
}

export interface RootsActionView {
  answer: RootsAnswer;
  label: string;
  isDefault: boolean;
  focused: boolean;
}

export interface RootsApi {
  status: RootsState['status'];
  result: RootsResult | null;
  locale: string;
  dir: Direction;
  title: string;
  intro: string;
  server: { id: string; name: string; from: string; trusted: boolean; trustLabel: string };
  listHeading: string;
  items: readonly RootItemView[];
  /** "2 of 3 selected". */
  count: string;
  /** Shown instead of the list when the host has no roots. */
  empty: string | null;
  grainsHeading: string;
  grains: readonly RootsGrainView[];
  notices: { kind: 'hidden_characters' | 'settled_elsewhere'; text: string }[];
  actions: readonly RootsActionView[];
  defaultFocus: RootsAnswer;
  focused: RootsFocus;
  escapeAction: 'share_none';
  keymap: readonly KeyBinding<RootsAnswer>[];
  keyHint: string;
  guard: { active: boolean; endsAt: number; text: string };
  announcement: string;
  props: Readonly<Partial<Record<RootsPart, PartProps>>>;
  getItemProps(index: number): PartProps;
  getCheckboxProps(index: number): PartProps;
  /** A root's name (host text, cleaned, never translated): it names the checkbox. */
  getNameProps(index: number): PartProps;
  /** A root's URI (left to right): it describes the checkbox. */
  getUriProps(index: number): PartProps;
  getGrainProps(grain: RootsGrain): PartProps;
  getActionProps(answer: RootsAnswer): PartProps;
  /** Checks or unchecks a root (while open and after the input guard). */
  toggle(index: number, checked?: boolean): AnswerOutcome;
  /** Picks how long the choice holds (while open and after the input guard). */
  setGrain(grain: RootsGrain): AnswerOutcome;
  choose(answer: RootsAnswer): AnswerOutcome;
  handleKey(input: string | KeyInput): { handled: boolean; outcome?: AnswerOutcome };
  focus(target: RootsFocus): void;
}

export interface RootsModel {
  connect(): RootsApi;
  getState(): RootsState;
  subscribe(listener: () => void): () => void;
  rearm(): void;
  destroy(): void;
}

/** What one request says, sanitized and localized once (`content.ts`). Internal. */
export interface RootsContent {
  t: Translator;
  prefix: string;
  ids: ReturnType<typeof rootsIds>;
  server: RootsApi['server'];
  /** The roots as shown, and the URIs exactly as the host gave them (what is shared). */
  roots: readonly { name: string; uri: string; raw: string }[];
  /** Hidden characters; connect adds "settled elsewhere". */
  notices: RootsApi['notices'];
  keymap: readonly KeyBinding<RootsAnswer>[];
}

/** The transitions `state.ts` hands the view, as the api's actions. */
export type RootsActions = Pick<RootsApi, 'toggle' | 'setGrain' | 'choose' | 'handleKey' | 'focus'>;
