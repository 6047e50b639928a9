import type { Translator } from '@mcp-consent/i18n';
import { footerParts, serverChip, serverParts } from './sheet-parts.js';
import { partAttrs, type ElicitationPart, type PartProps } from './anatomy.js';
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
} from './core.js';
import type {
  ElicitAction,
  ElicitationActionView,
  ElicitationApi,
  ElicitationFocus,
  ElicitationFormApi,
  ElicitationOutcome,
  ElicitationPrompt,
  ElicitationPromptOptions,
  ElicitationState,
  ElicitationUrlApi,
  ElicitRequest,
  ElicitResult,
  FieldView,
} from './elicitation-types.js';
import {
  fieldsOf,
  toContent,
  validateField,
  type FieldSpec,
  type FieldValue,
} from './form-fields.js';
import { focusStep, navigationBindings, resolveKey, type KeyBinding } from './keymap.js';
import { checkUrl } from './url-check.js';

const SCOPE = 'elicitation';
const attrs = (part: ElicitationPart) => partAttrs(SCOPE, part);
const ACTIONS: readonly ElicitAction[] = ['accept', 'decline', 'cancel'];
const ENTER_SUBMITS = new Set(['text', 'email', 'url', 'date', 'datetime', 'number', 'integer']);

/**
 * The headless model of one elicitation request (MCP `elicitation/create`), in form mode
 * (fields from the requested schema, validation, typed content) or URL mode (the full URL
 * with its host split out, warnings, opened by the host only after `accept`). Results are
 * accept / decline / cancel; Escape cancels. Default focus: the first field; a form with
 * no fields (a bare confirmation) and URL mode focus Decline, so Enter never consents.
 */
export function createElicitationPrompt(
  request: ElicitRequest,
  options: ElicitationPromptOptions,
): ElicitationPrompt {
  const t = resolveTranslator(options);
  const cleaner = new TextCleaner(options.textMode ?? 'escape');
  const isUrl = request.mode === 'url';
  const prefix = idPrefixFor(
    options.id ?? (isUrl ? request.elicitationId : 'elicitation'),
    options.idPrefix,
  );
  const ids = {
    root: prefix,
    title: `${prefix}-title`,
    message: `${prefix}-message`,
    announcer: `${prefix}-announcer`,
  };
  const { server } = options;
  const chip = serverChip(server, cleaner, t);
  const { name: serverName, trusted } = chip;
  const message = cleaner.clean(request.message, TEXT_LIMITS.message, { multiline: true });

  const fields = isUrl ? [] : fieldsOf(request.requestedSchema, cleaner);
  const unsupported = !isUrl && fields === null;
  const specs: FieldSpec[] = fields ?? [];
  const url = isUrl ? checkUrl(typeof request.url === 'string' ? request.url : '') : null;
  const urlText = isUrl
    ? cleaner.clean(url?.valid ? url.href : request.url, TEXT_LIMITS.url)
    : null;

  const acceptReason = unsupported
    ? t.t('mcp.elicitation.error.unsupported')
    : url && !url.valid
      ? url.error === 'scheme'
        ? t.t('mcp.elicitation.url.error.scheme', { scheme: cleaner.text(url.scheme, 40) })
        : t.t('mcp.elicitation.url.error.invalid')
      : null;
  const acceptLabel = isUrl
    ? t.t('mcp.elicitation.action.open')
    : t.t(specs.length > 0 ? 'mcp.elicitation.action.accept' : 'mcp.elicitation.action.confirm');
  const title = t.t(
    isUrl
      ? 'mcp.elicitation.title.url'
      : specs.length > 0
        ? 'mcp.elicitation.title.form'
        : 'mcp.elicitation.title.confirm',
    { server: serverName },
  );
  const defaultFocus: ElicitationFocus =
    specs.length > 0
      ? { kind: 'field', name: specs[0]!.name }
      : { kind: 'action', action: 'decline' };
  const fieldIds = new Map(specs.map((field, index) => [field.name, `${prefix}-field-${index}`]));
  const keymap: readonly KeyBinding<ElicitAction>[] = [
    { keys: ['Escape', 'Esc'], intent: 'escape', action: 'cancel' },
    { keys: ['Enter'], intent: 'activate-focused' },
    ...navigationBindings(t.dir),
  ];

  const state = createState<ElicitationState>({
    status: options.signal?.aborted ? 'closed' : 'open',
    result: null,
    values: new Map(specs.map((field) => [field.name, field.defaultValue])),
    touched: new Set(),
    submitted: false,
    focused: defaultFocus,
  });
  const guard = new InputGuard(options.clock, options.guardMs ?? DEFAULT_GUARD_MS, state.notify);
  const onAbort = () => {
    if (state.get().status === 'open') state.set({ status: 'closed' });
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const settle = (result: ElicitResult): ElicitationOutcome => {
    state.set({ status: 'answered', result, focused: { kind: 'action', action: result.action } });
    guard.dispose();
    options.onResult?.(result);
    return { accepted: true };
  };
  const choose = (action: ElicitAction): ElicitationOutcome => {
    if (state.get().status !== 'open') return { accepted: false, reason: 'settled' };
    if (guard.active) return { accepted: false, reason: 'guard' };
    if (action !== 'accept') return settle({ action });
    if (acceptReason !== null) return { accepted: false, reason: 'disabled' };
    if (isUrl) return settle({ action: 'accept' });
    const content = toContent(specs, state.get().values, t);
    if (content === null) {
      state.set({ submitted: true });
      return { accepted: false, reason: 'invalid' };
    }
    return settle({ action: 'accept', content });
  };
  const focus = (target: ElicitationFocus) => state.set({ focused: target });
  const handleKey = (input: Parameters<ElicitationApi['handleKey']>[0]) => {
    const key = toKeyInput(input);
    const binding = resolveKey(keymap, key);
    const focused = state.get().focused;
    if (!binding) return { handled: false };
    const answering = binding.intent === 'escape' || binding.intent === 'activate-focused';
    if (answering && (key.repeat || key.isComposing)) {
      return { handled: true, outcome: { accepted: false as const, reason: 'guard' as const } };
    }
    if (binding.intent === 'escape') return { handled: true, outcome: choose('cancel') };
    if (focused.kind === 'field') {
      const field = specs.find((f) => f.name === focused.name);
      if (binding.intent !== 'activate-focused' || !field || !ENTER_SUBMITS.has(field.kind)) {
        return { handled: false };
      }
      return { handled: true, outcome: choose('accept') };
    }
    if (binding.intent === 'activate-focused')
      return { handled: true, outcome: choose(focused.action) };
    focus({ kind: 'action', action: focusStep(ACTIONS, focused.action, binding.intent) });
    return { handled: true };
  };

  let cache: { state: ElicitationState; guard: boolean; api: ElicitationApi } | undefined;
  let urlPart: ElicitationUrlApi['url'] | undefined;
  const connect = (): ElicitationApi => {
    const current = state.get();
    const guardActive = guard.active && current.status === 'open';
    if (cache && cache.state === current && cache.guard === guardActive) return cache.api;
    // Static, but computed before the notices so hidden characters in it count.
    urlPart ??= isUrl ? urlView() : undefined;
    const notices: ElicitationApi['notices'] = [];
    if (cleaner.shouldNotice) {
      notices.push({
        kind: 'hidden_characters',
        text: t.t('mcp.permission.notice.hidden_characters'),
      });
    }
    if (current.status === 'closed') {
      notices.push({
        kind: 'settled_elsewhere',
        text: t.t('mcp.permission.notice.settled_elsewhere'),
      });
    }
    const isFocused = (action: ElicitAction) =>
      current.focused.kind === 'action' && current.focused.action === action;
    const actions: ElicitationActionView[] = ACTIONS.map((action) => ({
      action,
      label: action === 'accept' ? acceptLabel : t.t(`mcp.elicitation.action.${action}`),
      enabled: action !== 'accept' || acceptReason === null,
      disabledReason: action === 'accept' ? acceptReason : null,
      isDefault: defaultFocus.kind === 'action' && defaultFocus.action === action,
      focused: isFocused(action),
    }));
    const base = {
      status: current.status,
      result: current.result,
      locale: t.locale,
      dir: t.dir,
      ids,
      title,
      server: chip,
      message: {
        label: t.t('mcp.elicitation.message.label'),
        text: message.text,
        truncated: message.truncated,
      },
      notices,
      actions,
      defaultFocus,
      focused: current.focused,
      escapeAction: 'cancel' as const,
      keymap,
      keyHint: t.t('mcp.elicitation.keys.hint'),
      guard: { active: guardActive, endsAt: guard.endsAt, text: t.t('mcp.permission.guard') },
      close: { label: t.t('mcp.elicitation.action.cancel') },
      announcement: t.t('mcp.elicitation.announce', {
        server: serverName,
        message: cleaner.text(request.message, 300, true),
      }),
      props: partProps(current, guardActive),
      getActionProps: (action: ElicitAction): PartProps => {
        const view = actions.find((a) => a.action === action)!;
        return {
          ...attrs('action'),
          id: `${prefix}-action-${action}`,
          type: 'button',
          'data-action': action,
          'data-default': view.isDefault ? 'true' : undefined,
          'data-focused': view.focused ? 'true' : undefined,
          'aria-disabled': view.enabled ? undefined : 'true',
          title: view.disabledReason ?? undefined,
        };
      },
      accept: () => choose('accept'),
      decline: () => choose('decline'),
      cancel: () => choose('cancel'),
      choose,
      handleKey,
      focus,
    };
    const api: ElicitationApi = urlPart
      ? { ...base, mode: 'url', url: urlPart }
      : formApi(base, current);
    cache = { state: current, guard: guardActive, api };
    return api;
  };

  const partProps = (current: ElicitationState, guardActive: boolean) => ({
    root: {
      ...attrs('root'),
      id: ids.root,
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': ids.title,
      'aria-describedby': ids.message,
      dir: t.dir,
      lang: t.locale,
      'data-mode': isUrl ? 'url' : 'form',
      'data-state': current.status,
      'data-guard': guardActive ? 'active' : 'idle',
    },
    backdrop: { ...attrs('backdrop'), 'aria-hidden': 'true' },
    header: attrs('header'),
    title: { ...attrs('title'), id: ids.title },
    ...serverParts(SCOPE, trusted),
    'message-label': attrs('message-label'),
    message: { ...attrs('message'), id: ids.message, dir: 'auto' },
    notice: { ...attrs('notice'), role: 'note' },
    form: { ...attrs('form'), 'aria-labelledby': ids.title, novalidate: true },
    'error-summary': { ...attrs('error-summary'), role: 'alert', hidden: !current.submitted },
    url: { ...attrs('url'), dir: 'ltr', translate: 'no' },
    'url-label': attrs('url-label'),
    'url-before': attrs('url-before'),
    'url-host': { ...attrs('url-host'), 'data-highlight': 'true' },
    'url-after': attrs('url-after'),
    'url-site': attrs('url-site'),
    'url-warning': { ...attrs('url-warning'), role: 'note' },
    'url-notice': attrs('url-notice'),
    'url-error': { ...attrs('url-error'), role: 'alert' },
    ...footerParts(SCOPE, {
      titleId: ids.title,
      guardActive,
      closeLabel: t.t('mcp.elicitation.action.cancel'),
      announcerId: ids.announcer,
    }),
  });

  const urlView = (): ElicitationUrlApi['url'] => {
    const shown = urlText!;
    const common = {
      label: t.t('mcp.elicitation.url.label'),
      text: shown.text,
      truncated: shown.truncated,
      notice: t.t('mcp.elicitation.url.notice'),
    };
    if (!url || !url.valid) {
      return {
        ...common,
        valid: false,
        before: '',
        host: '',
        after: shown.text,
        site: null,
        hostUnicode: null,
        warnings: [],
        error: acceptReason,
        openUrl: null,
      };
    }
    const host = cleaner.text(url.host, 512);
    const unicode = url.hostUnicode === null ? null : cleaner.text(url.hostUnicode, 512);
    const warnings = url.warnings.map((kind) => ({
      kind,
      text:
        kind === 'punycode'
          ? t.t('mcp.elicitation.url.warning.punycode', { unicode: unicode ?? host })
          : kind === 'userinfo'
            ? t.t('mcp.elicitation.url.warning.userinfo', { host })
            : t.t(`mcp.elicitation.url.warning.${kind}`),
    }));
    // Long user info is how a link disguises its real site: it gets at most half the room
    // left by the host, so the host always shows and the shown text is the three parts.
    const before = cleaner.clean(
      url.before,
      Math.max(1, Math.floor((TEXT_LIMITS.url - host.length) / 2)),
    );
    const after = cleaner.clean(
      url.after,
      Math.max(1, TEXT_LIMITS.url - before.text.length - host.length),
    );
    return {
      ...common,
      text: before.text + host + after.text,
      truncated: before.truncated || host !== url.host || after.truncated,
      valid: true,
      before: before.text,
      host,
      after: after.text,
      site: t.t('mcp.elicitation.url.host', { host }),
      hostUnicode: unicode,
      warnings,
      error: null,
      openUrl: url.href,
    };
  };

  const formApi = (
    base: Omit<
      ElicitationFormApi,
      'mode' | 'form' | 'setValue' | 'blur' | 'validate' | 'toContent'
    >,
    current: ElicitationState,
  ): ElicitationFormApi => {
    const views = specs.map((field) => fieldView(field, current, t, fieldIds.get(field.name)!));
    const errors = views.filter((view) => validateField(view, view.value, t) !== null).length;
    return {
      ...base,
      mode: 'form',
      form: {
        fields: views,
        unsupported,
        errorSummary:
          current.submitted && errors > 0
            ? t.t('mcp.elicitation.error.summary', { count: errors })
            : null,
        yesLabel: t.t('mcp.elicitation.field.yes'),
        noLabel: t.t('mcp.elicitation.field.no'),
        choosePlaceholder: t.t('mcp.elicitation.field.choose'),
      },
      setValue: (name, value) => {
        if (!fieldIds.has(name) || state.get().status !== 'open') return;
        const values = new Map(state.get().values);
        values.set(name, value);
        state.set({ values });
      },
      blur: (name) => {
        if (!fieldIds.has(name) || state.get().touched.has(name)) return;
        state.set({ touched: new Set([...state.get().touched, name]) });
      },
      validate: () => {
        const out: [string, string][] = [];
        for (const field of specs) {
          const error = validateField(field, state.get().values.get(field.name), t);
          if (error !== null) out.push([field.name, error]);
        }
        return Object.fromEntries(out);
      },
      toContent: () => toContent(specs, state.get().values, t),
    };
  };

  return {
    connect,
    ...modelLifecycle(state, guard, () => options.signal?.removeEventListener('abort', onAbort)),
  };
}

const INPUT_TYPE: Record<FieldSpec['kind'], Record<string, string>> = {
  text: { type: 'text' },
  email: { type: 'email', inputmode: 'email' },
  url: { type: 'url', inputmode: 'url' },
  date: { type: 'date' },
  datetime: { type: 'datetime-local' },
  number: { type: 'number', inputmode: 'decimal', step: 'any' },
  integer: { type: 'number', inputmode: 'numeric', step: '1' },
  boolean: { type: 'checkbox' },
  select: {},
  multiselect: {},
};

function fieldView(
  field: FieldSpec,
  current: ElicitationState,
  t: Translator,
  id: string,
): FieldView {
  const value: FieldValue = current.values.get(field.name) ?? field.defaultValue;
  const shown = current.submitted || current.touched.has(field.name);
  const error = shown ? validateField(field, value, t) : null;
  const described = [
    field.description ? `${id}-description` : '',
    error ? `${id}-error` : '',
  ].filter(Boolean);
  const str = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return {
    ...field,
    id,
    value,
    requiredText: t.t(
      field.required ? 'mcp.elicitation.field.required' : 'mcp.elicitation.field.optional',
    ),
    error,
    inputProps: {
      ...partAttrs(SCOPE, 'field-input'),
      ...INPUT_TYPE[field.kind],
      id,
      name: id,
      'data-kind': field.kind,
      required: field.required,
      'aria-required': field.required ? 'true' : undefined,
      'aria-invalid': error ? 'true' : undefined,
      'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      dir: 'auto',
      minlength: str(field.minLength),
      maxlength: str(field.maxLength),
      min: str(field.minimum),
      max: str(field.maximum),
    },
    props: {
      field: {
        ...partAttrs(SCOPE, 'field'),
        'data-kind': field.kind,
        'data-invalid': error ? 'true' : undefined,
      },
      'field-label': {
        ...partAttrs(SCOPE, 'field-label'),
        for: id,
        id: `${id}-label`,
        dir: 'auto',
      },
      'field-description': {
        ...partAttrs(SCOPE, 'field-description'),
        id: `${id}-description`,
        dir: 'auto',
        hidden: !field.description,
      },
      'field-error': {
        ...partAttrs(SCOPE, 'field-error'),
        id: `${id}-error`,
        role: 'alert',
        hidden: !error,
      },
    },
  };
}
