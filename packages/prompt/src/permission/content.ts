import type { Choice, LookupReason, PromptRequest, RiskReason } from '@mcp-consent/engine';
import type { PlainMessageId, Translator } from '@mcp-consent/i18n';
import { formatArguments } from '../args-preview.js';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { dryRunStep, isPreviewStep } from '../dry-run/step.js';
import { describeEffects, type Effects } from '../effects.js';
import { keymapFor } from '../keymap.js';
import { serverChip } from '../sheet-parts.js';
import { buildSummary } from '../summary.js';
import { permissionIds } from './anatomy.js';
import { describeChange } from './change.js';
import { fromServerContent, nonEmpty } from './from-server.js';
import { describeGrains, durationText } from './grains.js';
import { riskBadgeKey } from './risk-badge.js';
import {
  actionRows,
  choiceOrder,
  riskColorRole,
  type PermissionApi,
  type PermissionContent,
  type PermissionPromptOptions,
  type PermissionState,
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
  definition_changed: 'mcp.permission.risk.why.definition_changed',
};

const LOOKUP_NOTICE: Partial<Record<LookupReason, PlainMessageId>> = {
  expired: 'mcp.permission.notice.expired',
  definition_unknown: 'mcp.permission.notice.definition_unknown',
  not_ready: 'mcp.permission.notice.not_ready',
  store_failed: 'mcp.permission.notice.store_failed',
  args_hash_unknown: 'mcp.permission.notice.args_hash_unknown',
  policy_invalid: 'mcp.permission.notice.policy_invalid',
};

/** A policy file name and a rule's note are host or admin text: capped like a server's. */
const RULE_FILE_LIMIT = 200;
/** Longest app name shown in "The app … asked"; the host's text, kept to a line. */
const APP_NAME_LIMIT = 80;
const RULE_REASON_LIMIT = 500;

/**
 * Everything a permission sheet shows that the request decides, computed once: localized
 * copy, the summary line, the risk badge (the tier comes from the engine, never re-derived),
 * effect lines, what the server said, what changed, the arguments preview, notices and the
 * announcement. Server text is sanitized here.
 */
export function describePermission(
  request: PromptRequest,
  options: PermissionPromptOptions,
  t: Translator,
): PermissionContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const { call } = request;
  const tool = toolText(request, cleaner);
  const server = serverChip(call.server, cleaner, t);
  const effects = describeEffects(call.tool, t, cleaner);
  const args = formatArguments(call.args, t, { mode: options.textMode, ...options.args });
  for (const kind of args.found) cleaner.found.add(kind);
  const risk = riskView(request, t);
  const summary = buildSummary(
    {
      tool: call.tool,
      serverName: server.name,
      args: call.args,
      redactKey: options.args?.redactKey,
    },
    t,
    cleaner,
  );
  const change = describeChange(request, t, cleaner);
  const allowAlways = allowAlwaysText(request, options, t, change !== null);
  const fromServer = fromServerContent(call.tool, t, cleaner, call.server.origin);
  // After every piece of server text above, so the hidden-characters notice counts them all.
  const notices = requestNotices(request, t, cleaner);
  return {
    t,
    prefix,
    ids: permissionIds(prefix),
    tool,
    summary,
    step: isPreviewStep(request) ? dryRunStep(1, t) : null,
    fromServer,
    change,
    server,
    risk,
    effects,
    args,
    notices,
    // The engine's assessment decides both; the model only says them.
    allowAlwaysEnabled: request.allowAlwaysEnabled,
    ...allowAlways,
    grains: describeGrains(request, t, allowAlways.allowAlwaysLabel),
    // An unreviewed change focuses Deny once, whatever the request says.
    defaultFocus: change ? 'deny_once' : request.defaultChoice,
    keymap: keymapFor(t.dir),
    focusOrder: options.layout === 'list' ? choiceOrder : actionRows.flat(),
    announcement: [
      isPreviewStep(request) ? dryRunStep(1, t).text : null,
      t.t('mcp.permission.announce_summary', {
        summary,
        risk: risk.label,
        effects: effectsSummary(effects, t),
      }),
      change?.summary,
      // Why the kit asks although an answer may be remembered: the rule, said with the rest.
      notices.find((notice) => notice.kind === 'policy_rule')?.text,
      allowAlways.scopeAnnouncement,
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** The tool's name, title and description: server text, sanitized once (the compat `api.tool`). */
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
  const badge = riskBadgeKey(tier, reasons, request.call.tool);
  return {
    tier,
    colorRole: riskColorRole[tier],
    badge,
    label: t.t(`mcp.permission.risk.${badge}`),
    heading: t.t('mcp.permission.risk.heading'),
    reasons: reasons
      .filter((reason) => Object.hasOwn(RISK_WHY, reason))
      .map((reason) => ({ reason, text: t.t(RISK_WHY[reason]) })),
  };
}

/** Allow always: why it is disabled, how long it would last, and its label. */
function allowAlwaysText(
  request: PromptRequest,
  options: PermissionPromptOptions,
  t: Translator,
  changed: boolean,
) {
  const allowAlwaysReason = request.allowAlwaysEnabled
    ? null
    : t.t(
        request.allowAlwaysDisabled === 'destructive'
          ? 'mcp.permission.allow_always.disabled_destructive'
          : 'mcp.permission.allow_always.disabled',
      );
  const lifetime = options.allowAlwaysExpiresInMs;
  const allowAlwaysDetail =
    lifetime !== undefined && request.allowAlwaysEnabled ? t.formatExpiry(lifetime) : null;
  const label = t.t('mcp.permission.action.allow_always');
  const duration = typeof lifetime === 'number' && lifetime > 0 ? durationText(lifetime, t) : null;
  return {
    allowAlwaysReason,
    allowAlwaysDetail,
    allowAlwaysLabel:
      duration === null ? label : t.t('mcp.permission.action.allow_always_scoped', { duration }),
    allowAlwaysChangeReason: changed ? t.t('mcp.permission.allow_always.disabled_change') : null,
    scopeAnnouncement:
      duration !== null && request.allowAlwaysEnabled
        ? t.t('mcp.permission.announce_scope', { duration })
        : null,
  };
}

/** The notices the request itself calls for: the grant lookup's, and hidden characters. */
function requestNotices(
  request: PromptRequest,
  t: Translator,
  cleaner: TextCleaner,
): PermissionApi['notices'] {
  const notices: PermissionApi['notices'] = [];
  const requester = request.call.requestedBy;
  if (requester?.kind === 'app') {
    // First: who asked changes how the rest reads. The name is the host's, cleaned all the same.
    notices.push({
      kind: 'requested_by_app',
      text: t.t('mcp.permission.notice.requested_by_app', {
        app: cleaner.text(requester.app, APP_NAME_LIMIT) || '?',
      }),
    });
  }
  const noticeId = LOOKUP_NOTICE[request.lookup.reason];
  if (noticeId) notices.push({ kind: request.lookup.reason, text: t.t(noticeId) });
  notices.push(...ruleNotices(request, t, cleaner));
  // Step 1 of a two-key dry run: what the server did before, and that step 2 will ask again.
  if (isPreviewStep(request)) {
    notices.push({
      kind: 'dry_run_preview',
      text: t.t('mcp.dry_run.step.preview_note', {
        step: dryRunStep(1, t).text,
        server: serverChip(request.call.server, cleaner, t).name,
        tool: toolText(request, cleaner).displayName,
      }),
    });
  }
  // A changed definition is not a notice any more: `change` says it, with the diff.
  if (cleaner.shouldNotice) {
    notices.push({
      kind: 'hidden_characters',
      text: t.t('mcp.permission.notice.hidden_characters'),
    });
  }
  return notices;
}

/**
 * Why a rule (or the host's settings) made the engine ask. The rule's file and note are host
 * or admin text: cleaned like server text and quoted, never the kit's own statement.
 */
function ruleNotices(
  request: PromptRequest,
  t: Translator,
  cleaner: TextCleaner,
): PermissionApi['notices'] {
  const { rule } = request;
  if (!rule) {
    return request.lookup.reason === 'policy_ask'
      ? [{ kind: 'policy_ask', text: t.t('mcp.permission.notice.policy_ask') }]
      : [];
  }
  const file = cleaner.text(rule.file, RULE_FILE_LIMIT) || '?';
  const notices: PermissionApi['notices'] = [
    {
      kind: 'policy_rule',
      text: t.t('mcp.permission.notice.policy_rule', { rule: rule.index + 1, file }),
    },
  ];
  const reason = nonEmpty(rule.reason);
  if (reason !== undefined) {
    notices.push({
      kind: 'policy_rule_reason',
      text: t.t('mcp.permission.notice.policy_rule_reason', {
        reason: cleaner.text(reason, RULE_REASON_LIMIT),
      }),
    });
  }
  return notices;
}

/**
 * Which actions can be off. Allow always: the engine switches it off for tools that may
 * destroy data (unless the request offers a session grain for them), the request when only
 * "once" is offered (a rule asks every time), and the model while a changed definition has not
 * been opened. Deny always: only when the request offers no remembered deny.
 */
export function enabled(
  content: PermissionContent,
  choice: Choice,
  state: Pick<PermissionState, 'changeSeen'>,
): boolean {
  if (choice === 'deny_always') return content.grains === null || content.grains.deny.length > 0;
  if (choice !== 'allow_always') return true;
  const offered =
    content.grains === null ? content.allowAlwaysEnabled : content.grains.allow.length > 0;
  return offered && (content.change === null || state.changeSeen);
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
