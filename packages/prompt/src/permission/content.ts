import type {
  Choice,
  LookupReason,
  PinnedPart,
  PromptRequest,
  RiskReason,
} from '@mcp-consent/engine';
import type { PlainMessageId, Translator } from '@mcp-consent/i18n';
import { formatArguments } from '../args-preview.js';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { describeEffects, type Effects } from '../effects.js';
import { keymapFor } from '../keymap.js';
import { serverChip } from '../sheet-parts.js';
import { permissionIds } from './anatomy.js';
import {
  actionRows,
  choiceOrder,
  riskColorRole,
  type PermissionApi,
  type PermissionContent,
  type PermissionPromptOptions,
} from './types.js';

const RISK_WHY: Readonly<Record<RiskReason, PlainMessageId>> = {
  no_annotations: 'mcp.permission.risk.why.no_annotations',
  destructive: 'mcp.permission.risk.why.destructive',
  open_world: 'mcp.permission.risk.why.open_world',
  read_only: 'mcp.permission.risk.why.read_only',
  trusted_server: 'mcp.permission.risk.why.trusted_server',
  untrusted_server: 'mcp.permission.risk.why.untrusted_server',
  idempotent_write: 'mcp.permission.risk.why.idempotent_write',
  non_idempotent_write: 'mcp.permission.risk.why.non_idempotent_write',
  server_raised: 'mcp.permission.risk.why.server_raised',
  server_lowered: 'mcp.permission.risk.why.server_lowered',
  server_lower_ignored: 'mcp.permission.risk.why.server_lower_ignored',
};

const LOOKUP_NOTICE: Partial<Record<LookupReason, PlainMessageId>> = {
  expired: 'mcp.permission.notice.expired',
  definition_unknown: 'mcp.permission.notice.definition_unknown',
  not_ready: 'mcp.permission.notice.not_ready',
  store_failed: 'mcp.permission.notice.store_failed',
  args_hash_unknown: 'mcp.permission.notice.args_hash_unknown',
};

const PART_NAME: Readonly<Record<PinnedPart, PlainMessageId>> = {
  name: 'mcp.permission.part.name',
  title: 'mcp.permission.part.title',
  description: 'mcp.permission.part.description',
  inputSchema: 'mcp.permission.part.inputSchema',
  annotations: 'mcp.permission.part.annotations',
};

/**
 * Everything a permission sheet shows that the request decides, computed once: localized
 * copy, the risk badge (the tier comes from the engine, never re-derived), effect lines,
 * the arguments preview, notices and the announcement. Server text is sanitized here.
 */
export function describePermission(
  request: PromptRequest,
  options: PermissionPromptOptions,
  t: Translator,
): PermissionContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape');
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const { call } = request;
  const tool = toolText(request, cleaner);
  const server = serverChip(call.server, cleaner, t);
  const effects = describeEffects(call.tool, t, cleaner);
  const args = formatArguments(call.args, t, { mode: options.textMode, ...options.args });
  for (const kind of args.found) cleaner.found.add(kind);
  const risk = riskView(request, t);
  return {
    t,
    prefix,
    ids: permissionIds(prefix),
    tool,
    server,
    risk,
    effects,
    args,
    // After every piece of server text above, so the hidden-characters notice counts them all.
    notices: requestNotices(request, t, cleaner),
    // The engine's assessment decides both; the model only says them.
    allowAlwaysEnabled: request.allowAlwaysEnabled,
    ...allowAlwaysText(request, options, t),
    defaultFocus: request.defaultChoice,
    keymap: keymapFor(t.dir),
    focusOrder: options.layout === 'list' ? choiceOrder : actionRows.flat(),
    announcement: t.t('mcp.permission.announce', {
      tool: tool.displayName,
      server: server.name,
      risk: risk.label,
      effects: effectsSummary(effects, t),
    }),
  };
}

/** The tool's name, title and description: server text, sanitized once. */
function toolText(request: PromptRequest, cleaner: TextCleaner): PermissionApi['tool'] {
  const { tool } = request.call;
  const name = cleaner.text(tool.name, TEXT_LIMITS.toolName) || '?';
  const rawTitle = nonEmpty(tool.title) ?? nonEmpty(tool.annotations?.title);
  const title = rawTitle === undefined ? null : cleaner.text(rawTitle, TEXT_LIMITS.toolTitle);
  const rawDescription = nonEmpty(tool.description);
  const description =
    rawDescription === undefined
      ? null
      : cleaner.text(rawDescription, TEXT_LIMITS.description, true);
  return { name, title, description, displayName: title ?? name };
}

function riskView(request: PromptRequest, t: Translator): PermissionApi['risk'] {
  const { tier, reasons } = request.risk;
  return {
    tier,
    colorRole: riskColorRole[tier],
    label: t.t(`mcp.permission.risk.${tier}`),
    heading: t.t('mcp.permission.risk.heading'),
    reasons: reasons
      .filter((reason) => Object.hasOwn(RISK_WHY, reason))
      .map((reason) => ({ reason, text: t.t(RISK_WHY[reason]) })),
  };
}

/** Why Allow always is disabled, or how long it would last. */
function allowAlwaysText(request: PromptRequest, options: PermissionPromptOptions, t: Translator) {
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
  return { allowAlwaysReason, allowAlwaysDetail };
}

/** The notices the request itself calls for: the grant lookup's, and hidden characters. */
function requestNotices(
  request: PromptRequest,
  t: Translator,
  cleaner: TextCleaner,
): PermissionApi['notices'] {
  const notices: PermissionApi['notices'] = [];
  const { lookup } = request;
  const noticeId = LOOKUP_NOTICE[lookup.reason];
  if (noticeId) notices.push({ kind: lookup.reason, text: t.t(noticeId) });
  if (lookup.reason === 'definition_changed') {
    const parts = (lookup.changed ?? []).filter((part) => Object.hasOwn(PART_NAME, part));
    notices.push({
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
    notices.push({
      kind: 'hidden_characters',
      text: t.t('mcp.permission.notice.hidden_characters'),
    });
  }
  return notices;
}

/** Allow always is the only action the engine can switch off. */
export function enabled(content: PermissionContent, choice: Choice): boolean {
  return choice !== 'allow_always' || content.allowAlwaysEnabled;
}

function effectsSummary(effects: Effects, t: Translator): string {
  return [
    effects.unannotatedText ?? effects.heading,
    t.formatList(
      effects.lines.map((line) => line.text),
      'unit',
    ),
  ].join(' ');
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
