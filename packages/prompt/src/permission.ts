import type { Choice, PromptRequest } from '@mcp-consent/engine';
import { argumentsView, formatArguments } from './args-preview.js';
import { footerParts, serverChip, serverParts } from './sheet-parts.js';
import { partAttrs, type PartProps, type PermissionPart } from './anatomy.js';
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
} from './core.js';
import { describeEffects } from './effects.js';
import { focusStep, keymapFor, resolveKey } from './keymap.js';
import {
  actionRows,
  choiceOrder,
  LOOKUP_NOTICE,
  PART_NAME,
  RISK_WHY,
  riskColorRole,
  type ActionView,
  type KeyOutcome,
  type NoticeKind,
  type PermissionApi,
  type PermissionPrompt,
  type PermissionPromptOptions,
  type PermissionState,
} from './permission-types.js';

const SCOPE = 'permission';
const attrs = (part: PermissionPart) => partAttrs(SCOPE, part);

/**
 * The headless model of one permission prompt. Everything a renderer shows is computed
 * here, once, from the engine's `PromptRequest`: localized copy, the risk badge (the tier
 * comes from the engine, never re-derived), effect lines, the arguments preview, the four
 * actions with their enabled state, focus, keymap, ids and ARIA attributes. The only state
 * is the focused action, the show-more toggle and the answer.
 */
export function createPermissionPrompt(
  request: PromptRequest,
  options: PermissionPromptOptions,
): PermissionPrompt {
  const t = resolveTranslator(options);
  const cleaner = new TextCleaner(options.textMode ?? 'escape');
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const ids = {
    root: prefix,
    title: `${prefix}-title`,
    toolName: `${prefix}-tool-name`,
    description: `${prefix}-description`,
    risk: `${prefix}-risk`,
    effects: `${prefix}-effects`,
    effectsHeading: `${prefix}-effects-heading`,
    args: `${prefix}-args`,
    argsHeading: `${prefix}-args-heading`,
    keyHint: `${prefix}-key-hint`,
    announcer: `${prefix}-announcer`,
  };
  const { call, risk } = request;
  const { tool, server } = call;

  // Server text, sanitized once.
  const name = cleaner.text(tool.name, TEXT_LIMITS.toolName) || '?';
  const rawTitle = nonEmpty(tool.title) ?? nonEmpty(tool.annotations?.title);
  const toolTitle = rawTitle === undefined ? null : cleaner.text(rawTitle, TEXT_LIMITS.toolTitle);
  const rawDescription = nonEmpty(tool.description);
  const description =
    rawDescription === undefined
      ? null
      : cleaner.text(rawDescription, TEXT_LIMITS.description, true);
  const chip = serverChip(server, cleaner, t);
  const { name: serverName, trusted } = chip;
  const effects = describeEffects(tool, t, cleaner);
  const args = formatArguments(call.args, t, { mode: options.textMode, ...options.args });
  for (const kind of args.found) cleaner.found.add(kind);

  const displayName = toolTitle ?? name;
  const riskLabel = t.t(`mcp.permission.risk.${risk.tier}`);
  const reasons = risk.reasons
    .filter((reason) => Object.hasOwn(RISK_WHY, reason))
    .map((reason) => ({ reason, text: t.t(RISK_WHY[reason]) }));
  // The engine's assessment decides both; the model only says them.
  const defaultFocus: Choice = request.defaultChoice;
  const allowAlwaysReason = request.allowAlwaysEnabled
    ? null
    : t.t(
        request.allowAlwaysDisabled === 'destructive'
          ? 'mcp.permission.allow_always.disabled_destructive'
          : 'mcp.permission.allow_always.disabled',
      );
  const allowAlwaysDetail =
    options.allowAlwaysExpiresInMs !== undefined && request.allowAlwaysEnabled
      ? t.formatExpiry(options.allowAlwaysExpiresInMs)
      : null;

  const lookupNotices: { kind: NoticeKind; text: string }[] = [];
  const { lookup } = request;
  const noticeId = LOOKUP_NOTICE[lookup.reason];
  if (noticeId) lookupNotices.push({ kind: lookup.reason, text: t.t(noticeId) });
  if (lookup.reason === 'definition_changed') {
    const parts = (lookup.changed ?? []).filter((part) => Object.hasOwn(PART_NAME, part));
    lookupNotices.push({
      kind: 'definition_changed',
      text:
        parts.length > 0
          ? t.t('mcp.permission.notice.definition_changed', {
              parts: t.formatList(parts.map((part) => t.t(PART_NAME[part]))),
            })
          : t.t('mcp.permission.notice.definition_changed_unknown'),
    });
  }
  if (cleaner.shouldNotice) {
    lookupNotices.push({
      kind: 'hidden_characters',
      text: t.t('mcp.permission.notice.hidden_characters'),
    });
  }

  const effectsSummary = [
    effects.unannotatedText ?? effects.heading,
    t.formatList(
      effects.lines.map((line) => line.text),
      'unit',
    ),
  ].join(' ');
  const announcement = t.t('mcp.permission.announce', {
    tool: displayName,
    server: serverName,
    risk: riskLabel,
    effects: effectsSummary,
  });
  const keymap = keymapFor(t.dir);
  const focusOrder = options.layout === 'list' ? choiceOrder : actionRows.flat();

  const state = createState<PermissionState>({
    status: request.signal.aborted ? 'closed' : 'open',
    answer: null,
    focused: defaultFocus,
    argsExpanded: false,
    queue: { position: request.position, total: request.queueLength },
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const onAbort = () => {
    if (state.get().status === 'open') state.set({ status: 'closed' });
  };
  request.signal.addEventListener('abort', onAbort, { once: true });

  const enabled = (choice: Choice) => choice !== 'allow_always' || request.allowAlwaysEnabled;
  const choose = (choice: Choice): AnswerOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    if (!enabled(choice)) return { accepted: false, reason: 'disabled' };
    state.set({ status: 'answered', answer: choice, focused: choice });
    guard.dispose();
    options.onAnswer?.(choice);
    return { accepted: true };
  };
  const focus = (choice: Choice) => {
    if (state.get().focused !== choice) state.set({ focused: choice });
  };
  const handleKey = (input: Parameters<PermissionApi['handleKey']>[0]): KeyOutcome => {
    const key = toKeyInput(input);
    const binding = resolveKey(keymap, key);
    if (!binding) return { handled: false };
    if (binding.intent.startsWith('focus-')) {
      const next = focusStep(focusOrder, state.get().focused, binding.intent);
      focus(next);
      return { handled: true, intent: 'focus', focused: next };
    }
    const choice =
      binding.intent === 'activate-focused' ? state.get().focused : (binding.action ?? 'deny_once');
    // A held key (auto-repeat) or IME composition is never an answer.
    if (key.repeat || key.isComposing)
      return { handled: true, intent: 'answer', choice, accepted: false, reason: 'guard' };
    return { handled: true, intent: 'answer', choice, ...choose(choice) };
  };
  const toggleArgs = (expanded?: boolean) => {
    const next = expanded ?? !state.get().argsExpanded;
    if (args.truncated && next !== state.get().argsExpanded) state.set({ argsExpanded: next });
  };

  let cache: { state: PermissionState; guard: boolean; api: PermissionApi } | undefined;
  const connect = (): PermissionApi => {
    const current = state.get();
    const guardActive = guard.active && current.status === 'open';
    if (cache && cache.state === current && cache.guard === guardActive) return cache.api;
    const notices = [...lookupNotices];
    if (current.status === 'closed') {
      notices.push({
        kind: 'settled_elsewhere',
        text: t.t('mcp.permission.notice.settled_elsewhere'),
      });
    }
    const actions: ActionView[] = choiceOrder.map((choice, index) => ({
      choice,
      label: t.t(`mcp.permission.action.${choice}`),
      shortcut: String(index + 1),
      enabled: enabled(choice),
      disabledReason: choice === 'allow_always' ? allowAlwaysReason : null,
      detail: choice === 'allow_always' ? allowAlwaysDetail : null,
      isDefault: choice === defaultFocus,
      focused: choice === current.focused,
      emphasis: choice === defaultFocus ? 'primary' : 'neutral',
    }));
    const expanded = current.argsExpanded;
    const view = current.queue;
    const queueVisible = view.total > 1;

    const actionProps = (choice: Choice): PartProps => {
      const action = actions.find((a) => a.choice === choice)!;
      return {
        ...attrs('action'),
        id: `${prefix}-action-${choice}`,
        type: 'button',
        'data-choice': choice,
        'data-default': action.isDefault ? 'true' : undefined,
        'data-focused': action.focused ? 'true' : undefined,
        'data-emphasis': action.emphasis,
        'aria-disabled': action.enabled ? undefined : 'true',
        'aria-describedby': action.enabled ? undefined : `${prefix}-reason-${choice}`,
        'aria-keyshortcuts': action.shortcut,
        title: action.disabledReason ?? undefined,
      };
    };
    const props: Partial<Record<PermissionPart, PartProps>> = {
      root: {
        ...attrs('root'),
        id: ids.root,
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': `${ids.title} ${ids.toolName}`,
        'aria-describedby': `${ids.risk} ${ids.effects}`,
        dir: t.dir,
        lang: t.locale,
        'data-state': current.status,
        'data-tier': risk.tier,
        'data-guard': guardActive ? 'active' : 'idle',
      },
      backdrop: { ...attrs('backdrop'), 'aria-hidden': 'true' },
      header: attrs('header'),
      title: { ...attrs('title'), id: ids.title },
      'tool-icon': { ...attrs('tool-icon'), 'aria-hidden': 'true' },
      'tool-name': { ...attrs('tool-name'), id: ids.toolName, dir: 'auto', translate: 'no' },
      'tool-title': { ...attrs('tool-title'), dir: 'auto', hidden: toolTitle === null },
      'tool-description': {
        ...attrs('tool-description'),
        id: ids.description,
        dir: 'auto',
        hidden: description === null,
      },
      ...serverParts(SCOPE, trusted),
      'risk-badge': {
        ...attrs('risk-badge'),
        id: ids.risk,
        'data-tier': risk.tier,
        'data-color-role': riskColorRole[risk.tier],
      },
      'risk-reasons': { ...attrs('risk-reasons'), role: 'list' },
      'risk-reason': { ...attrs('risk-reason'), role: 'listitem' },
      'queue-position': {
        ...attrs('queue-position'),
        'aria-label': t.t('mcp.permission.queue.label', view),
        hidden: !queueVisible,
      },
      effects: {
        ...attrs('effects'),
        id: ids.effects,
        role: 'list',
        'aria-labelledby': ids.effectsHeading,
      },
      'effects-heading': { ...attrs('effects-heading'), id: ids.effectsHeading },
      args: {
        ...attrs('args'),
        'data-expanded': String(expanded),
        'data-truncated': String(args.truncated),
      },
      'args-heading': { ...attrs('args-heading'), id: ids.argsHeading },
      'args-body': {
        ...attrs('args-body'),
        id: ids.args,
        dir: 'ltr',
        translate: 'no',
        tabindex: '0',
        role: 'region',
        'aria-labelledby': ids.argsHeading,
      },
      'args-toggle': {
        ...attrs('args-toggle'),
        type: 'button',
        'aria-expanded': String(expanded),
        'aria-controls': ids.args,
        hidden: !args.truncated,
      },
      'args-redacted': { ...attrs('args-redacted'), hidden: args.redacted.length === 0 },
      ...footerParts(SCOPE, {
        titleId: ids.title,
        guardActive,
        closeLabel: t.t('mcp.permission.close'),
        keyHintId: ids.keyHint,
        announcerId: ids.announcer,
      }),
    };

    const api: PermissionApi = {
      status: current.status,
      answer: current.answer,
      locale: t.locale,
      dir: t.dir,
      ids,
      title: t.t('mcp.permission.title'),
      tool: { name, title: toolTitle, description, displayName },
      server: chip,
      risk: {
        tier: risk.tier,
        colorRole: riskColorRole[risk.tier],
        label: riskLabel,
        heading: t.t('mcp.permission.risk.heading'),
        reasons,
      },
      effects,
      notices,
      args: {
        heading: t.t('mcp.permission.args.heading'),
        ...argumentsView(args, expanded, t),
      },
      actions,
      actionRows,
      defaultFocus,
      focused: current.focused,
      escapeAction: 'deny_once',
      keymap,
      keyHint: t.t('mcp.permission.keys.hint'),
      guard: { active: guardActive, endsAt: guard.endsAt, text: t.t('mcp.permission.guard') },
      queue: {
        visible: queueVisible,
        ...view,
        text: t.t('mcp.permission.queue.position', view),
        label: t.t('mcp.permission.queue.label', view),
      },
      close: { label: t.t('mcp.permission.close') },
      announcement,
      props,
      getActionProps: actionProps,
      getActionReasonProps: (choice) => ({
        ...attrs('action-reason'),
        id: `${prefix}-reason-${choice}`,
        role: 'tooltip',
        hidden: enabled(choice),
      }),
      getEffectProps: (index) => {
        const line = effects.lines[index];
        return {
          ...attrs('effect'),
          role: 'listitem',
          'data-effect': line?.effect,
          'data-source': line?.source,
          'data-tone': line?.tone,
        };
      },
      getNoticeProps: (index) => ({
        ...attrs('notice'),
        role: 'note',
        'data-kind': notices[index]?.kind,
      }),
      choose,
      handleKey,
      toggleArgs,
      focus,
    };
    cache = { state: current, guard: guardActive, api };
    return api;
  };

  return {
    requestId: request.id,
    connect,
    setQueue: (queue) => {
      const { position, total } = state.get().queue;
      if (queue.position !== position || queue.total !== total) state.set({ queue: { ...queue } });
    },
    ...modelLifecycle(state, guard, () => request.signal.removeEventListener('abort', onAbort)),
  };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
