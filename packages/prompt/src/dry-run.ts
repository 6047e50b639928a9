import type { PromptRequest, RiskAssessment, ServerRef, ToolDefinition } from '@mcp-consent/engine';
import type { Direction } from '@mcp-consent/i18n';
import { footerParts, serverChip, serverParts } from './sheet-parts.js';
import { partAttrs, type DryRunPart, type PartProps } from './anatomy.js';
import { argumentsView, formatArguments, type ArgumentsPreviewOptions } from './args-preview.js';
import {
  createState,
  modelLifecycle,
  DEFAULT_GUARD_MS,
  idPrefixFor,
  InputGuard,
  resolveTranslator,
  TEXT_LIMITS,
  TextCleaner,
  toKeyInput,
  type AnswerOutcome,
  type BaseModelOptions,
  type KeyInput,
} from './core.js';
import { focusStep, navigationBindings, resolveKey, type KeyBinding } from './keymap.js';
import { riskColorRole, type ColorRole } from './permission-types.js';

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
  hint: { label: string; text: string } | null;
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

export interface DryRunPrompt {
  connect(): DryRunApi;
  getState(): DryRunState;
  subscribe(listener: () => void): () => void;
  rearm(): void;
  destroy(): void;
}

const SCOPE = 'dry-run';
const attrs = (part: DryRunPart) => partAttrs(SCOPE, part);
const ANSWERS: readonly DryRunAnswer[] = ['deny', 'approve'];

/**
 * The model of a dry-run preview (two-key confirmation, seed 001): what the tool would
 * have done, redacted and sanitized, with Approve (re-issue with confirmation) and Deny.
 * Deny is focused and Escape denies: the call already proved to be destructive.
 */
export function createDryRunPrompt(
  request: DryRunRequest,
  options: DryRunPromptOptions,
): DryRunPrompt {
  const t = resolveTranslator(options);
  const cleaner = new TextCleaner(options.textMode ?? 'escape');
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const ids = {
    root: prefix,
    title: `${prefix}-title`,
    intro: `${prefix}-intro`,
    preview: `${prefix}-preview`,
  };
  const { server, tool } = request;
  const name = cleaner.text(tool.name, TEXT_LIMITS.toolName) || '?';
  const rawTitle = [tool.title, tool.annotations?.title].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
  const displayName = rawTitle === undefined ? name : cleaner.text(rawTitle, TEXT_LIMITS.toolTitle);
  const chip = serverChip(server, cleaner, t);
  const { name: serverName, trusted } = chip;
  const preview = formatArguments(request.preview, t, { mode: options.textMode, ...options.args });
  for (const kind of preview.found) cleaner.found.add(kind);
  const hint =
    typeof request.hint === 'string' && request.hint.trim() !== ''
      ? {
          label: t.t('mcp.dry_run.hint.label'),
          text: cleaner.text(request.hint, TEXT_LIMITS.hint, true),
        }
      : null;
  const risk = request.risk
    ? {
        tier: request.risk.tier,
        colorRole: riskColorRole[request.risk.tier],
        label: t.t(`mcp.permission.risk.${request.risk.tier}`),
      }
    : null;
  const keymap: readonly KeyBinding<DryRunAnswer>[] = [
    { keys: ['Escape', 'Esc'], intent: 'escape', action: 'deny' },
    { keys: ['Enter'], intent: 'activate-focused' },
    ...navigationBindings(t.dir),
  ];

  const state = createState<DryRunState>({
    status: options.signal?.aborted ? 'closed' : 'open',
    answer: null,
    focused: 'deny',
    expanded: false,
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const onAbort = () => {
    if (state.get().status === 'open') state.set({ status: 'closed' });
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const choose = (answer: DryRunAnswer): AnswerOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    state.set({ status: 'answered', answer, focused: answer });
    guard.dispose();
    options.onAnswer?.(answer);
    return { accepted: true };
  };
  const focus = (answer: DryRunAnswer) => {
    if (state.get().focused !== answer) state.set({ focused: answer });
  };
  const handleKey = (input: string | KeyInput) => {
    const key = toKeyInput(input);
    const binding = resolveKey(keymap, key);
    if (!binding) return { handled: false };
    if (binding.intent.startsWith('focus-')) {
      focus(focusStep(ANSWERS, state.get().focused, binding.intent));
      return { handled: true };
    }
    if (key.repeat || key.isComposing)
      return { handled: true, outcome: { accepted: false as const, reason: 'guard' as const } };
    const answer = binding.intent === 'escape' ? 'deny' : state.get().focused;
    return { handled: true, outcome: choose(answer) };
  };
  const togglePreview = (expanded?: boolean) => {
    const next = expanded ?? !state.get().expanded;
    if (preview.truncated && next !== state.get().expanded) state.set({ expanded: next });
  };

  let cache: { state: DryRunState; guard: boolean; api: DryRunApi } | undefined;
  const connect = (): DryRunApi => {
    const current = state.get();
    const guardActive = guard.active && current.status === 'open';
    if (cache && cache.state === current && cache.guard === guardActive) return cache.api;
    const notices: DryRunApi['notices'] = [];
    if (cleaner.shouldNotice)
      notices.push({
        kind: 'hidden_characters',
        text: t.t('mcp.permission.notice.hidden_characters'),
      });
    if (current.status === 'closed')
      notices.push({
        kind: 'settled_elsewhere',
        text: t.t('mcp.permission.notice.settled_elsewhere'),
      });
    const { expanded } = current;
    const actions = ANSWERS.map((answer) => ({
      answer,
      label: t.t(`mcp.dry_run.action.${answer}`),
      isDefault: answer === 'deny',
      focused: answer === current.focused,
    }));
    const api: DryRunApi = {
      status: current.status,
      answer: current.answer,
      locale: t.locale,
      dir: t.dir,
      title: t.t('mcp.dry_run.title'),
      intro: t.t('mcp.dry_run.intro', { server: serverName, tool: displayName }),
      tool: { name, displayName },
      server: chip,
      risk,
      preview: {
        heading: t.t('mcp.dry_run.preview.heading'),
        ...argumentsView(preview, expanded, t),
      },
      hint,
      operatorNotice: t.t('mcp.dry_run.operator_notice'),
      notices,
      actions,
      defaultFocus: 'deny',
      focused: current.focused,
      escapeAction: 'deny',
      keymap,
      keyHint: t.t('mcp.dry_run.keys.hint'),
      guard: { active: guardActive, endsAt: guard.endsAt, text: t.t('mcp.permission.guard') },
      announcement: t.t('mcp.dry_run.announce', { server: serverName, tool: displayName }),
      props: {
        root: {
          ...attrs('root'),
          id: ids.root,
          role: 'dialog',
          'aria-modal': 'true',
          'aria-labelledby': ids.title,
          'aria-describedby': `${ids.intro} ${ids.preview}`,
          dir: t.dir,
          lang: t.locale,
          'data-state': current.status,
          'data-guard': guardActive ? 'active' : 'idle',
        },
        backdrop: { ...attrs('backdrop'), 'aria-hidden': 'true' },
        header: attrs('header'),
        title: { ...attrs('title'), id: ids.title },
        intro: { ...attrs('intro'), id: ids.intro },
        'tool-name': { ...attrs('tool-name'), dir: 'auto', translate: 'no' },
        ...serverParts(SCOPE, trusted),
        'risk-badge': {
          ...attrs('risk-badge'),
          hidden: risk === null,
          'data-tier': risk?.tier,
          'data-color-role': risk?.colorRole,
        },
        notice: { ...attrs('notice'), role: 'note' },
        'preview-heading': attrs('preview-heading'),
        preview: {
          ...attrs('preview'),
          id: ids.preview,
          dir: 'ltr',
          translate: 'no',
          tabindex: '0',
          'data-expanded': String(expanded),
        },
        'args-toggle': {
          ...attrs('args-toggle'),
          type: 'button',
          'aria-expanded': String(expanded),
          'aria-controls': ids.preview,
          hidden: !preview.truncated,
        },
        'args-redacted': { ...attrs('args-redacted'), hidden: preview.redacted.length === 0 },
        'hint-label': { ...attrs('hint-label'), hidden: hint === null },
        hint: { ...attrs('hint'), dir: 'auto', hidden: hint === null },
        'operator-notice': { ...attrs('operator-notice'), role: 'note' },
        ...footerParts(SCOPE, {
          titleId: ids.title,
          guardActive,
          closeLabel: t.t('mcp.dry_run.action.deny'),
        }),
      },
      getActionProps: (answer) => ({
        ...attrs('action'),
        id: `${prefix}-action-${answer}`,
        type: 'button',
        'data-answer': answer,
        'data-default': answer === 'deny' ? 'true' : undefined,
        'data-focused': answer === current.focused ? 'true' : undefined,
      }),
      choose,
      handleKey,
      togglePreview,
      focus,
    };
    cache = { state: current, guard: guardActive, api };
    return api;
  };

  return {
    connect,
    ...modelLifecycle(state, guard, () => options.signal?.removeEventListener('abort', onAbort)),
  };
}

/**
 * What the dry-run model shows for an engine prompt request of kind `dry_run` (a server's
 * `DRY_RUN_PREVIEW`, which `@mcp-consent/mcp` asks about, seed 001); `null` for every other kind.
 * Every renderer reads it with this one function.
 */
export function dryRunRequestOf(request: PromptRequest): DryRunRequest | null {
  if (request.kind !== 'dry_run') return null;
  return {
    id: request.id,
    server: request.call.server,
    tool: request.call.tool,
    preview: request.dryRun.preview,
    hint: typeof request.dryRun.hint === 'string' ? request.dryRun.hint : null,
    risk: request.risk,
  };
}
