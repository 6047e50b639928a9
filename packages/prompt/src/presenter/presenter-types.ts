import type {
  ChoiceDetail,
  Choice,
  Clock,
  DryRunRequest,
  PermissionEngine,
  PermissionRequest,
  PromptAnswer,
  PromptRequest,
  RiskTier,
  ServerRef,
  ToolCall,
} from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { BaseModelOptions } from '../core.js';
import type { DryRunApi, DryRunModel, DryRunPromptOptions } from '../dry-run/index.js';
import type {
  ElicitationApi,
  ElicitationModel,
  ElicitationOrigin,
  ElicitRequest,
  ElicitResult,
} from '../elicitation/index.js';
import type {
  PermissionApi,
  PermissionModel,
  PermissionPromptOptions,
} from '../permission/index.js';
import type {
  ResultReviewApi,
  ResultReviewModel,
  ResultReviewPromptOptions,
  ResultReviewResult,
  ReviewedToolResult,
} from '../result-review/index.js';
import type { HostRoot, RootsApi, RootsModel, RootsResult } from '../roots/index.js';
import type {
  SamplingAnswer,
  SamplingApi,
  SamplingCall,
  SamplingModel,
  SamplingPromptOptions,
} from '../sampling/index.js';

/** The kinds of request a presenter shows. */
export type ConsentKind =
  'permission' | 'dry_run' | 'elicitation' | 'roots' | 'sampling' | 'result_review';

/**
 * A server's question as `@mcp-consent/mcp` hands it to its `elicit` callback (only these
 * fields are read), so `elicit: presenter.elicit` plugs in as it is.
 */
export interface ElicitationCall {
  /** The request exactly as the server sent it (untrusted; the model sanitizes it). */
  params: ElicitRequest;
  /** The requesting server as the host configured it: always shown. */
  server: ServerRef;
  /** Aborted when the server gives up: the question closes with `cancel`. */
  signal?: AbortSignal;
  /** A stable id (element ids derive from it). */
  id?: string;
  /** The tool call the server asked during, as the kit knows it: a destructive one styles Accept as danger. */
  origin?: ElicitationOrigin;
}

/**
 * A server's `roots/list` as `@mcp-consent/mcp` hands it to its `pickRoots` callback (only these
 * fields are read), so `pickRoots: presenter.roots` plugs in as it is.
 */
export interface RootsCall {
  /** The requesting server as the host configured it: always shown. */
  server: ServerRef;
  /** The host's roots, the only ones the user can pick. */
  roots: readonly HostRoot[];
  /** Aborted when the server gives up: the question closes, sharing nothing. */
  signal?: AbortSignal;
  /** A stable id (element ids derive from it). */
  id?: string;
}

/**
 * An allowed tool call's result held for review, as `@mcp-consent/mcp` hands it to its
 * `reviewResults.review` callback (only these fields are read), so `review: presenter.result`
 * plugs in as it is.
 */
export interface ResultReviewCall {
  /** The server as the host configured it: always shown. */
  server: ServerRef;
  /** The tool's name (server text). */
  tool: string;
  /** The call's risk tier as the engine assessed it. */
  tier: RiskTier;
  /** The result as the server sent it (untrusted; the model cleans what it shows). */
  result: ReviewedToolResult;
  /** Aborted when the call is given up: the review closes, withholding the result. */
  signal?: AbortSignal;
  /** A stable id (element ids derive from it). */
  id?: string;
}

/** The head of the queue, with the model built for it: what a renderer shows. */
export type ConsentItem =
  | { kind: 'permission'; id: string; request: PermissionRequest; model: PermissionModel }
  | { kind: 'dry_run'; id: string; request: DryRunRequest; model: DryRunModel }
  | { kind: 'elicitation'; id: string; call: ElicitationCall; model: ElicitationModel }
  | { kind: 'roots'; id: string; call: RootsCall; model: RootsModel }
  | { kind: 'sampling'; id: string; call: SamplingCall; model: SamplingModel }
  | { kind: 'result_review'; id: string; call: ResultReviewCall; model: ResultReviewModel };

/** How a request left the presenter. */
export type ConsentEnd = 'answered' | 'settled_elsewhere' | 'failed' | 'interrupted' | 'disposed';

/** A settled request, for renderers that keep a record (a terminal's scrollback). */
export type SettledItem =
  | {
      kind: 'permission';
      id: string;
      end: ConsentEnd;
      answer: Choice;
      /** What the engine got beyond the choice: the grain picked, the deny note (issue 17). */
      detail?: ChoiceDetail;
      api: PermissionApi | null;
    }
  | { kind: 'dry_run'; id: string; end: ConsentEnd; answer: Choice; api: DryRunApi | null }
  | {
      kind: 'elicitation';
      id: string;
      end: ConsentEnd;
      answer: ElicitResult;
      api: ElicitationApi | null;
    }
  | { kind: 'roots'; id: string; end: ConsentEnd; answer: RootsResult; api: RootsApi | null }
  | {
      kind: 'sampling';
      id: string;
      end: ConsentEnd;
      answer: SamplingAnswer;
      api: SamplingApi | null;
    }
  | {
      kind: 'result_review';
      id: string;
      end: ConsentEnd;
      answer: ResultReviewResult;
      api: ResultReviewApi | null;
    };

export interface ConsentSnapshot {
  /** What to show now, with its model; null when nothing waits. */
  current: ConsentItem | null;
  /** Requests held, the current one included. */
  waiting: number;
  /** The engine has taken longer than 100 ms to decide ("Checking permissions…"). */
  checking: boolean;
  /** The last settled requests, oldest first (at most 100). */
  settled: readonly SettledItem[];
}

export interface ConsentPresenterOptions extends Omit<BaseModelOptions, 'idPrefix'> {
  /**
   * The engine the permission prompts come from: keeps "1 of 3" live and says when it takes
   * longer than 100 ms to decide (`checking`), and assesses the tool calls given to `show`.
   * Only these four members are used, so a renderer can type what it takes as narrowly.
   * @default undefined
   */
  engine?: Pick<PermissionEngine, 'assess' | 'getSnapshot' | 'pending' | 'subscribe'>;
  /** A translator for every model; wins over `locale`. */
  translator?: Translator;
  /** Options of the permission model only (Allow always's expiry line, arrow layout, arguments). */
  permission?: Pick<PermissionPromptOptions, 'allowAlwaysExpiresInMs' | 'layout' | 'args'>;
  /** Options of the dry-run model only. */
  dryRun?: Pick<DryRunPromptOptions, 'args'>;
  /** Options of the sampling model only (the large reply threshold, the preview length). */
  sampling?: Pick<SamplingPromptOptions, 'largeMaxTokens' | 'previewLength'>;
  /** Options of the result review model only (how much of a text block is shown). */
  resultReview?: Pick<ResultReviewPromptOptions, 'previewLength'>;
}

/**
 * One queue for everything the user is asked, whatever the kind: the engine's permission and
 * dry-run prompts, servers' elicitations, and `show()` calls. It hands out the model of the
 * head request and settles each request exactly once: with the user's answer, or with the
 * fail-closed answer of its kind (Deny once, cancel) when it is settled elsewhere, fails to
 * render, or the presenter is disposed. Renderers only subscribe.
 */
export interface ConsentPresenter {
  /**
   * The engine's prompt callback: `engine.request(call, { prompt: presenter.prompt })`. Always
   * resolves with one of the four choices, or with a `ChoiceDetail` (the grain picked, a deny
   * note) when the request offers grains (a `PromptCallback`).
   */
  readonly prompt: (request: PromptRequest) => Promise<PromptAnswer>;
  /** An `elicit` callback for `@mcp-consent/mcp`: resolves with accept, decline or cancel. */
  readonly elicit: (call: ElicitationCall) => Promise<ElicitResult>;
  /**
   * A `pickRoots` callback for `@mcp-consent/mcp`: resolves with the roots the user checked and
   * how long the choice holds; Share none (nothing, only this time) when it cannot be shown.
   */
  readonly roots: (call: RootsCall) => Promise<RootsResult>;
  /**
   * A `sample` callback for `@mcp-consent/mcp`: one step of a sampling request (the request,
   * then the reply). Resolves with the user's answer; a step nobody could answer is a denial.
   */
  readonly sample: (call: SamplingCall) => Promise<SamplingAnswer>;
  /**
   * A `reviewResults.review` callback for `@mcp-consent/mcp`: resolves with Send or Withhold; a
   * review nobody could answer withholds the result.
   */
  readonly result: (call: ResultReviewCall) => Promise<ResultReviewResult>;
  /**
   * Spec R7: asks about a tool call (assessed by the engine's rules, nothing stored or
   * audited) or an engine request, calls `onDecision` with the answer, resolves with it too.
   */
  show(
    call: ToolCall | PromptRequest,
    onDecision?: (choice: Choice) => void,
    options?: { signal?: AbortSignal },
  ): Promise<Choice>;
  /** A renderer could not show the request: it settles with its kind's fail-closed answer. */
  fail(id: string, error?: unknown): void;
  getSnapshot(): ConsentSnapshot;
  subscribe(listener: () => void): () => void;
  /**
   * Settles everything held on the safe side (Deny once, cancel) and stays usable: the user
   * interrupted (Ctrl+C) and the host lives on.
   */
  interrupt(): void;
  /** Settles everything held on the safe side (Deny once, cancel): the renderer is going away. */
  dispose(): void;
}

/** Re-exported for renderers that name the clock in their own options. */
export type { Clock };
