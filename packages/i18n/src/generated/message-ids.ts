// Generated from /locales/en-US.json by `npm run generate -w @mcp-consent/i18n`. Do not edit.

/** Every message id, in the order of the en-US catalog. */
// prettier-ignore
export const messageIds = [
  'mcp.permission.title',
  'mcp.permission.from',
  'mcp.permission.from_server.heading',
  'mcp.permission.action.allow_once',
  'mcp.permission.action.allow_always',
  'mcp.permission.action.allow_always_scoped',
  'mcp.permission.action.deny_once',
  'mcp.permission.action.deny_always',
  'mcp.permission.risk.low',
  'mcp.permission.risk.low_writes',
  'mcp.permission.risk.medium',
  'mcp.permission.risk.high',
  'mcp.permission.risk.high_open_world',
  'mcp.permission.risk.high_undescribed',
  'mcp.permission.risk.high_changed',
  'mcp.permission.risk.high_plain',
  'mcp.permission.risk.heading',
  'mcp.permission.risk.why.no_annotations',
  'mcp.permission.risk.why.destructive',
  'mcp.permission.risk.why.definition_changed',
  'mcp.permission.risk.why.open_world',
  'mcp.permission.risk.why.read_only',
  'mcp.permission.risk.why.trusted_server',
  'mcp.permission.risk.why.untrusted_server',
  'mcp.permission.risk.why.idempotent_write',
  'mcp.permission.risk.why.non_idempotent_write',
  'mcp.permission.risk.why.server_raised',
  'mcp.permission.risk.why.server_lowered',
  'mcp.permission.risk.why.server_lower_ignored',
  'mcp.permission.server.trusted',
  'mcp.permission.server.untrusted',
  'mcp.permission.summary.target',
  'mcp.permission.summary.generic',
  'mcp.permission.summary.consequence.undescribed',
  'mcp.permission.summary.consequence.read_only',
  'mcp.permission.summary.consequence.additive',
  'mcp.permission.summary.consequence.destructive',
  'mcp.permission.summary.consequence.destructive_assumed',
  'mcp.permission.effects.heading',
  'mcp.permission.effects.unannotated',
  'mcp.permission.effect.read_only',
  'mcp.permission.effect.writes',
  'mcp.permission.effect.destructive',
  'mcp.permission.effect.additive',
  'mcp.permission.effect.idempotent',
  'mcp.permission.effect.not_idempotent',
  'mcp.permission.effect.open_world',
  'mcp.permission.effect.closed_world',
  'mcp.permission.effect.declared',
  'mcp.permission.effect.assumed',
  'mcp.permission.effect.assumed_writes',
  'mcp.permission.effect.assumed_destructive',
  'mcp.permission.effect.assumed_not_idempotent',
  'mcp.permission.effect.assumed_open_world',
  'mcp.permission.notice.expired',
  'mcp.permission.notice.definition_unknown',
  'mcp.permission.notice.not_ready',
  'mcp.permission.notice.store_failed',
  'mcp.permission.notice.args_hash_unknown',
  'mcp.permission.notice.hidden_characters',
  'mcp.permission.notice.settled_elsewhere',
  'mcp.permission.notice.policy_rule',
  'mcp.permission.notice.policy_rule_reason',
  'mcp.permission.notice.requested_by_app',
  'mcp.permission.notice.policy_ask',
  'mcp.permission.notice.policy_invalid',
  'mcp.permission.note.label',
  'mcp.permission.note.hint',
  'mcp.permission.note.step_hint',
  'mcp.permission.part.name',
  'mcp.permission.part.title',
  'mcp.permission.part.description',
  'mcp.permission.part.inputSchema',
  'mcp.permission.part.annotations',
  'mcp.permission.args.heading',
  'mcp.permission.args.empty',
  'mcp.permission.args.show_more',
  'mcp.permission.args.show_less',
  'mcp.permission.args.more_lines',
  'mcp.permission.args.key.page_up',
  'mcp.permission.args.key.page_down',
  'mcp.permission.args.more_chars',
  'mcp.permission.args.redacted',
  'mcp.permission.args.redacted_count',
  'mcp.permission.args.too_deep',
  'mcp.permission.args.circular',
  'mcp.permission.args.unreadable',
  'mcp.permission.checking',
  'mcp.permission.change.heading',
  'mcp.permission.change.hide',
  'mcp.permission.change.summary',
  'mcp.permission.change.summary_unknown',
  'mcp.permission.change.summary_unspecified',
  'mcp.permission.change.show',
  'mcp.permission.change.added',
  'mcp.permission.change.removed',
  'mcp.permission.allow_always.disabled_destructive',
  'mcp.permission.allow_always.disabled_change',
  'mcp.permission.allow_always.disabled',
  'mcp.permission.queue.position',
  'mcp.permission.queue.label',
  'mcp.permission.close',
  'mcp.permission.keys.hint',
  'mcp.permission.guard',
  'mcp.permission.grain.more',
  'mcp.permission.grain.allow_label',
  'mcp.permission.grain.allow_session',
  'mcp.permission.grain.allow_server',
  'mcp.permission.grain.allow_server_read_only',
  'mcp.permission.grain.allow_timed',
  'mcp.permission.grain.allow_disabled_rule',
  'mcp.permission.grain.always',
  'mcp.permission.grain.args_only',
  'mcp.permission.grain.deny_label',
  'mcp.permission.grain.deny_session',
  'mcp.permission.grain.deny_timed',
  'mcp.permission.grain.deny_disabled',
  'mcp.permission.grain.session',
  'mcp.permission.grain.server',
  'mcp.permission.grain.server_read_only',
  'mcp.permission.grain.step_hint',
  'mcp.permission.grain.key.tab',
  'mcp.permission.announce',
  'mcp.permission.announce_summary',
  'mcp.permission.announce_scope',
  'mcp.permission.duration.days',
  'mcp.permission.duration.hours',
  'mcp.permission.duration.minutes',
  'mcp.expiry.in_days',
  'mcp.expiry.in_hours',
  'mcp.expiry.in_minutes',
  'mcp.expiry.never',
  'mcp.expiry.expired',
  'mcp.expiry.setting.title',
  'mcp.expiry.setting.tier',
  'mcp.expiry.setting.description',
  'mcp.expiry.setting.days',
  'mcp.expiry.setting.hours',
  'mcp.expiry.setting.minutes',
  'mcp.expiry.setting.never',
  'mcp.expiry.setting.off',
  'mcp.expiry.setting.changed',
  'mcp.elicitation.title.form',
  'mcp.elicitation.title.confirm',
  'mcp.elicitation.title.url',
  'mcp.elicitation.message.label',
  'mcp.elicitation.action.accept',
  'mcp.elicitation.action.confirm',
  'mcp.elicitation.action.open',
  'mcp.elicitation.action.decline',
  'mcp.elicitation.action.decline_confirm',
  'mcp.elicitation.action.decline_url',
  'mcp.elicitation.action.cancel',
  'mcp.elicitation.field.required',
  'mcp.elicitation.field.optional',
  'mcp.elicitation.field.choose',
  'mcp.elicitation.form.more_above',
  'mcp.elicitation.form.more_below',
  'mcp.elicitation.form.more_options_above',
  'mcp.elicitation.form.more_options_below',
  'mcp.elicitation.field.yes',
  'mcp.elicitation.field.no',
  'mcp.elicitation.error.required',
  'mcp.elicitation.error.not_a_number',
  'mcp.elicitation.error.not_an_integer',
  'mcp.elicitation.error.minimum',
  'mcp.elicitation.error.maximum',
  'mcp.elicitation.error.min_length',
  'mcp.elicitation.error.max_length',
  'mcp.elicitation.error.email',
  'mcp.elicitation.error.uri',
  'mcp.elicitation.error.date',
  'mcp.elicitation.error.date_time',
  'mcp.elicitation.error.option',
  'mcp.elicitation.error.min_items',
  'mcp.elicitation.error.max_items',
  'mcp.elicitation.error.unsupported',
  'mcp.elicitation.error.summary',
  'mcp.elicitation.url.label',
  'mcp.elicitation.url.host',
  'mcp.elicitation.url.notice',
  'mcp.elicitation.url.warning.punycode',
  'mcp.elicitation.url.warning.mixed_scripts',
  'mcp.elicitation.url.warning.confusable',
  'mcp.elicitation.url.warning.not_https',
  'mcp.elicitation.url.warning.userinfo',
  'mcp.elicitation.url.warning.ip_address',
  'mcp.elicitation.url.error.invalid',
  'mcp.elicitation.url.error.scheme',
  'mcp.elicitation.keys.hint',
  'mcp.elicitation.keys.form',
  'mcp.elicitation.announce',
  'mcp.elicitation.detail.decline',
  'mcp.elicitation.detail.cancel',
  'mcp.elicitation.link',
  'mcp.dry_run.title',
  'mcp.dry_run.intro',
  'mcp.dry_run.preview.heading',
  'mcp.dry_run.hint.label',
  'mcp.dry_run.hint.heading',
  'mcp.dry_run.history.previewed',
  'mcp.dry_run.history.sent',
  'mcp.dry_run.history.not_sent',
  'mcp.dry_run.operator_notice',
  'mcp.dry_run.action.approve',
  'mcp.dry_run.action.deny',
  'mcp.dry_run.keys.hint',
  'mcp.dry_run.announce',
  'mcp.dry_run.step',
  'mcp.dry_run.step.preview',
  'mcp.dry_run.step.preview_note',
  'mcp.dry_run.step.send',
  'mcp.dry_run.result.still_preview',
  'mcp.dry_run.result.server_said',
  'mcp.dry_run.result.error',
  'mcp.roots.title',
  'mcp.roots.intro',
  'mcp.roots.list.heading',
  'mcp.roots.count',
  'mcp.roots.empty',
  'mcp.roots.grain.heading',
  'mcp.roots.grain.server',
  'mcp.roots.grain.once',
  'mcp.roots.action.share',
  'mcp.roots.action.share_none',
  'mcp.roots.keys.hint',
  'mcp.roots.announce',
  'mcp.roots.history.shared',
  'mcp.roots.history.none',
  'mcp.result.title',
  'mcp.result.intro',
  'mcp.result.tool',
  'mcp.result.is_error',
  'mcp.result.content.heading',
  'mcp.result.empty',
  'mcp.result.truncated',
  'mcp.result.block.image',
  'mcp.result.block.audio',
  'mcp.result.block.resource',
  'mcp.result.block.resource_link',
  'mcp.result.block.structured',
  'mcp.result.block.unknown',
  'mcp.result.block.more',
  'mcp.result.block.size_bytes',
  'mcp.result.block.size_kb',
  'mcp.result.action.send',
  'mcp.result.action.withhold',
  'mcp.result.keys.hint',
  'mcp.result.announce',
  'mcp.result.history.sent',
  'mcp.result.history.withheld',
  'mcp.grants.title',
  'mcp.grants.tool.every',
  'mcp.grants.tool.every_read_only',
  'mcp.grants.empty',
  'mcp.grants.count',
  'mcp.grants.column.tool',
  'mcp.grants.column.server',
  'mcp.grants.column.decision',
  'mcp.grants.column.scope',
  'mcp.grants.column.expires',
  'mcp.grants.column.granted',
  'mcp.grants.column.actions',
  'mcp.grants.decision.allow',
  'mcp.grants.decision.deny',
  'mcp.grants.scope.any_arguments',
  'mcp.grants.scope.these_arguments',
  'mcp.grants.granted_on',
  'mcp.grants.expires_on',
  'mcp.grants.expires.session',
  'mcp.grants.expired_on',
  'mcp.grants.action.revoke',
  'mcp.grants.action.revoke_all',
  'mcp.grants.confirm.revoke',
  'mcp.grants.confirm.revoke_all',
  'mcp.grants.revoked',
  'mcp.grants.filter',
  'mcp.grants.action.revoke_one',
  'mcp.grants.action.cancel',
  'mcp.grants.no_match',
  'mcp.grants.revoked_all',
  'mcp.audit.title',
  'mcp.audit.empty',
  'mcp.audit.column.time',
  'mcp.audit.column.tool',
  'mcp.audit.column.server',
  'mcp.audit.column.decision',
  'mcp.audit.column.risk',
  'mcp.audit.column.origin',
  'mcp.audit.decision.allow_once',
  'mcp.audit.decision.allow_always',
  'mcp.audit.decision.allow_session',
  'mcp.audit.decision.allow_timed',
  'mcp.audit.decision.deny_once',
  'mcp.audit.decision.deny_always',
  'mcp.audit.decision.deny_session',
  'mcp.audit.decision.deny_timed',
  'mcp.audit.detail.edited',
  'mcp.audit.detail.note',
  'mcp.audit.detail.note_text',
  'mcp.audit.detail.mode',
  'mcp.audit.origin.user_prompt',
  'mcp.audit.origin.unknown',
  'mcp.audit.origin.cache_hit',
  'mcp.audit.origin.session_grant',
  'mcp.audit.origin.cancelled',
  'mcp.audit.origin.auto_revoke_renewal',
  'mcp.audit.origin.policy',
  'mcp.audit.origin.host_callback',
  'mcp.audit.origin.mode',
  'mcp.audit.origin.trusted_read_only',
  'mcp.audit.origin.timeout',
  'mcp.audit.origin.no_renderer',
  'mcp.audit.origin.invalid',
  'mcp.audit.risk',
  'mcp.audit.at',
  'mcp.audit.export',
  'mcp.audit.clear',
  'mcp.audit.filter',
  'mcp.audit.filter.decision',
  'mcp.audit.filter.all',
  'mcp.audit.no_match',
  'mcp.args_edit.open',
  'mcp.args_edit.discard',
  'mcp.args_edit.heading',
  'mcp.args_edit.hint',
  'mcp.args_edit.readonly',
  'mcp.args_edit.edited',
  'mcp.args_edit.blocked',
  'mcp.args_edit.keys.hint',
  'mcp.tool_args.required',
  'mcp.tool_args.optional',
  'mcp.tool_args.default',
  'mcp.tool_args.values',
  'mcp.tool_args.more_values',
  'mcp.tool_args.array_of',
  'mcp.tool_args.any',
  'mcp.tool_args.none',
  'mcp.tool_args.more',
  'mcp.tool_args.unreadable',
  'mcp.error.prompt_failed',
  'mcp.error.no_prompt',
  'mcp.error.timeout',
  'mcp.error.cancelled',
  'mcp.error.store_unavailable',
  'mcp.error.store_write_failed',
  'mcp.error.unknown',
  'mcp.text.hidden_run',
  'mcp.text.hidden_run_inline',
  'mcp.rules.title',
  'mcp.rules.description',
  'mcp.rules.count',
  'mcp.rules.column.layer',
  'mcp.rules.column.effect',
  'mcp.rules.column.matches',
  'mcp.rules.column.source',
  'mcp.rules.column.reason',
  'mcp.rules.empty',
  'mcp.rules.error',
  'mcp.rules.effect',
  'mcp.rules.invalid',
  'mcp.rules.layer',
  'mcp.rules.source',
  'mcp.rules.source_named',
  'mcp.rules.match.any',
  'mcp.rules.match.argument',
  'mcp.rules.match.arguments',
  'mcp.rules.match.arg',
  'mcp.rules.match.server',
  'mcp.rules.match.tool',
  'mcp.rules.match.tier',
  'mcp.rules.match.hint',
  'mcp.rules.note.no_destructive',
  'mcp.rules.note.ignored',
  'mcp.sampling.step',
  'mcp.sampling.step.request',
  'mcp.sampling.step.response',
  'mcp.sampling.title.request',
  'mcp.sampling.title.response',
  'mcp.sampling.intro.request',
  'mcp.sampling.intro.response',
  'mcp.sampling.reason.tools_requested',
  'mcp.sampling.reason.context_this_server',
  'mcp.sampling.reason.context_all_servers',
  'mcp.sampling.reason.large_max_tokens',
  'mcp.sampling.messages.heading',
  'mcp.sampling.role.user',
  'mcp.sampling.role.assistant',
  'mcp.sampling.system_prompt',
  'mcp.sampling.block.image',
  'mcp.sampling.block.audio',
  'mcp.sampling.block.tool_use',
  'mcp.sampling.block.tool_result',
  'mcp.sampling.block.unknown',
  'mcp.sampling.prefs.hints',
  'mcp.sampling.prefs.cost',
  'mcp.sampling.prefs.speed',
  'mcp.sampling.prefs.intelligence',
  'mcp.sampling.context.none',
  'mcp.sampling.context.this_server',
  'mcp.sampling.context.all_servers',
  'mcp.sampling.max_tokens',
  'mcp.sampling.max_tokens.missing',
  'mcp.sampling.temperature',
  'mcp.sampling.tools.heading',
  'mcp.sampling.response.heading',
  'mcp.sampling.response.model',
  'mcp.sampling.response.stop',
  'mcp.sampling.edit.heading',
  'mcp.sampling.edit.lastUserText',
  'mcp.sampling.edit.systemPrompt',
  'mcp.sampling.edit.maxTokens',
  'mcp.sampling.edit.max_tokens_invalid',
  'mcp.sampling.edit.fix_first',
  'mcp.sampling.grain.label',
  'mcp.sampling.grain.once',
  'mcp.sampling.grain.session',
  'mcp.sampling.action.approve',
  'mcp.sampling.action.edit',
  'mcp.sampling.action.deny',
  'mcp.sampling.action.send',
  'mcp.sampling.keys.request',
  'mcp.sampling.keys.response',
  'mcp.sampling.announce.request',
  'mcp.sampling.announce.response',
  'mcp.progress.running',
  'mcp.progress.of',
  'mcp.progress.count',
  'mcp.progress.server_says',
] as const;

export type MessageId = (typeof messageIds)[number];

/** The values each message takes; `never` when it has no placeholders. */
// prettier-ignore
export interface MessageValues {
  'mcp.permission.title': never;
  'mcp.permission.from': { server: string | number };
  'mcp.permission.from_server.heading': never;
  'mcp.permission.action.allow_once': never;
  'mcp.permission.action.allow_always': never;
  'mcp.permission.action.allow_always_scoped': { duration: string | number };
  'mcp.permission.action.deny_once': never;
  'mcp.permission.action.deny_always': never;
  'mcp.permission.risk.low': never;
  'mcp.permission.risk.low_writes': never;
  'mcp.permission.risk.medium': never;
  'mcp.permission.risk.high': never;
  'mcp.permission.risk.high_open_world': never;
  'mcp.permission.risk.high_undescribed': never;
  'mcp.permission.risk.high_changed': never;
  'mcp.permission.risk.high_plain': never;
  'mcp.permission.risk.heading': never;
  'mcp.permission.risk.why.no_annotations': never;
  'mcp.permission.risk.why.destructive': never;
  'mcp.permission.risk.why.definition_changed': never;
  'mcp.permission.risk.why.open_world': never;
  'mcp.permission.risk.why.read_only': never;
  'mcp.permission.risk.why.trusted_server': never;
  'mcp.permission.risk.why.untrusted_server': never;
  'mcp.permission.risk.why.idempotent_write': never;
  'mcp.permission.risk.why.non_idempotent_write': never;
  'mcp.permission.risk.why.server_raised': never;
  'mcp.permission.risk.why.server_lowered': never;
  'mcp.permission.risk.why.server_lower_ignored': never;
  'mcp.permission.server.trusted': never;
  'mcp.permission.server.untrusted': never;
  'mcp.permission.summary.target': { tool: string | number; target: string | number; server: string | number; consequence: string | number };
  'mcp.permission.summary.generic': { tool: string | number; server: string | number; consequence: string | number };
  'mcp.permission.summary.consequence.undescribed': never;
  'mcp.permission.summary.consequence.read_only': { reach: string };
  'mcp.permission.summary.consequence.additive': { reach: string };
  'mcp.permission.summary.consequence.destructive': { reach: string };
  'mcp.permission.summary.consequence.destructive_assumed': { reach: string };
  'mcp.permission.effects.heading': never;
  'mcp.permission.effects.unannotated': never;
  'mcp.permission.effect.read_only': never;
  'mcp.permission.effect.writes': never;
  'mcp.permission.effect.destructive': never;
  'mcp.permission.effect.additive': never;
  'mcp.permission.effect.idempotent': never;
  'mcp.permission.effect.not_idempotent': never;
  'mcp.permission.effect.open_world': never;
  'mcp.permission.effect.closed_world': never;
  'mcp.permission.effect.declared': never;
  'mcp.permission.effect.assumed': never;
  'mcp.permission.effect.assumed_writes': never;
  'mcp.permission.effect.assumed_destructive': never;
  'mcp.permission.effect.assumed_not_idempotent': never;
  'mcp.permission.effect.assumed_open_world': never;
  'mcp.permission.notice.expired': never;
  'mcp.permission.notice.definition_unknown': never;
  'mcp.permission.notice.not_ready': never;
  'mcp.permission.notice.store_failed': never;
  'mcp.permission.notice.args_hash_unknown': never;
  'mcp.permission.notice.hidden_characters': never;
  'mcp.permission.notice.settled_elsewhere': never;
  'mcp.permission.notice.policy_rule': { rule: string | number; file: string | number };
  'mcp.permission.notice.policy_rule_reason': { reason: string | number };
  'mcp.permission.notice.requested_by_app': { app: string | number };
  'mcp.permission.notice.policy_ask': never;
  'mcp.permission.notice.policy_invalid': never;
  'mcp.permission.note.label': never;
  'mcp.permission.note.hint': { max: string | number };
  'mcp.permission.note.step_hint': never;
  'mcp.permission.part.name': never;
  'mcp.permission.part.title': never;
  'mcp.permission.part.description': never;
  'mcp.permission.part.inputSchema': never;
  'mcp.permission.part.annotations': never;
  'mcp.permission.args.heading': never;
  'mcp.permission.args.empty': never;
  'mcp.permission.args.show_more': never;
  'mcp.permission.args.show_less': never;
  'mcp.permission.args.more_lines': { count: number };
  'mcp.permission.args.key.page_up': never;
  'mcp.permission.args.key.page_down': never;
  'mcp.permission.args.more_chars': { count: number };
  'mcp.permission.args.redacted': never;
  'mcp.permission.args.redacted_count': { count: number };
  'mcp.permission.args.too_deep': never;
  'mcp.permission.args.circular': never;
  'mcp.permission.args.unreadable': never;
  'mcp.permission.checking': never;
  'mcp.permission.change.heading': never;
  'mcp.permission.change.hide': never;
  'mcp.permission.change.summary': { parts: string | number };
  'mcp.permission.change.summary_unknown': { parts: string | number };
  'mcp.permission.change.summary_unspecified': never;
  'mcp.permission.change.show': never;
  'mcp.permission.change.added': never;
  'mcp.permission.change.removed': never;
  'mcp.permission.allow_always.disabled_destructive': never;
  'mcp.permission.allow_always.disabled_change': never;
  'mcp.permission.allow_always.disabled': never;
  'mcp.permission.queue.position': { position: string | number; total: string | number };
  'mcp.permission.queue.label': { position: string | number; total: string | number };
  'mcp.permission.close': never;
  'mcp.permission.keys.hint': never;
  'mcp.permission.guard': never;
  'mcp.permission.grain.more': never;
  'mcp.permission.grain.allow_label': never;
  'mcp.permission.grain.allow_session': never;
  'mcp.permission.grain.allow_server': never;
  'mcp.permission.grain.allow_server_read_only': never;
  'mcp.permission.grain.allow_timed': { duration: string | number };
  'mcp.permission.grain.allow_disabled_rule': never;
  'mcp.permission.grain.always': never;
  'mcp.permission.grain.args_only': never;
  'mcp.permission.grain.deny_label': never;
  'mcp.permission.grain.deny_session': never;
  'mcp.permission.grain.deny_timed': { duration: string | number };
  'mcp.permission.grain.deny_disabled': never;
  'mcp.permission.grain.session': never;
  'mcp.permission.grain.server': never;
  'mcp.permission.grain.server_read_only': never;
  'mcp.permission.grain.step_hint': never;
  'mcp.permission.grain.key.tab': never;
  'mcp.permission.announce': { tool: string | number; server: string | number; risk: string | number; effects: string | number };
  'mcp.permission.announce_summary': { summary: string | number; risk: string | number; effects: string | number };
  'mcp.permission.announce_scope': { duration: string | number };
  'mcp.permission.duration.days': { count: number };
  'mcp.permission.duration.hours': { count: number };
  'mcp.permission.duration.minutes': { count: number };
  'mcp.expiry.in_days': { count: number };
  'mcp.expiry.in_hours': { count: number };
  'mcp.expiry.in_minutes': { count: number };
  'mcp.expiry.never': never;
  'mcp.expiry.expired': never;
  'mcp.expiry.setting.title': never;
  'mcp.expiry.setting.tier': { tier: string };
  'mcp.expiry.setting.description': never;
  'mcp.expiry.setting.days': { count: number };
  'mcp.expiry.setting.hours': { count: number };
  'mcp.expiry.setting.minutes': { count: number };
  'mcp.expiry.setting.never': never;
  'mcp.expiry.setting.off': never;
  'mcp.expiry.setting.changed': { tier: string; value: string | number };
  'mcp.elicitation.title.form': { server: string | number };
  'mcp.elicitation.title.confirm': { server: string | number };
  'mcp.elicitation.title.url': { server: string | number };
  'mcp.elicitation.message.label': never;
  'mcp.elicitation.action.accept': never;
  'mcp.elicitation.action.confirm': never;
  'mcp.elicitation.action.open': never;
  'mcp.elicitation.action.decline': never;
  'mcp.elicitation.action.decline_confirm': never;
  'mcp.elicitation.action.decline_url': never;
  'mcp.elicitation.action.cancel': never;
  'mcp.elicitation.field.required': never;
  'mcp.elicitation.field.optional': never;
  'mcp.elicitation.field.choose': never;
  'mcp.elicitation.form.more_above': { count: number };
  'mcp.elicitation.form.more_below': { count: number };
  'mcp.elicitation.form.more_options_above': { count: number };
  'mcp.elicitation.form.more_options_below': { count: number };
  'mcp.elicitation.field.yes': never;
  'mcp.elicitation.field.no': never;
  'mcp.elicitation.error.required': { field: string | number };
  'mcp.elicitation.error.not_a_number': { field: string | number };
  'mcp.elicitation.error.not_an_integer': { field: string | number };
  'mcp.elicitation.error.minimum': { field: string | number; min: number };
  'mcp.elicitation.error.maximum': { field: string | number; max: number };
  'mcp.elicitation.error.min_length': { field: string | number; min: number };
  'mcp.elicitation.error.max_length': { field: string | number; max: number };
  'mcp.elicitation.error.email': { field: string | number };
  'mcp.elicitation.error.uri': { field: string | number };
  'mcp.elicitation.error.date': { field: string | number };
  'mcp.elicitation.error.date_time': { field: string | number };
  'mcp.elicitation.error.option': { field: string | number };
  'mcp.elicitation.error.min_items': { min: number; field: string | number };
  'mcp.elicitation.error.max_items': { max: number; field: string | number };
  'mcp.elicitation.error.unsupported': never;
  'mcp.elicitation.error.summary': { count: number };
  'mcp.elicitation.url.label': never;
  'mcp.elicitation.url.host': { host: string | number };
  'mcp.elicitation.url.notice': never;
  'mcp.elicitation.url.warning.punycode': { unicode: string | number };
  'mcp.elicitation.url.warning.mixed_scripts': never;
  'mcp.elicitation.url.warning.confusable': never;
  'mcp.elicitation.url.warning.not_https': never;
  'mcp.elicitation.url.warning.userinfo': { host: string | number };
  'mcp.elicitation.url.warning.ip_address': never;
  'mcp.elicitation.url.error.invalid': never;
  'mcp.elicitation.url.error.scheme': { scheme: string | number };
  'mcp.elicitation.keys.hint': never;
  'mcp.elicitation.keys.form': never;
  'mcp.elicitation.announce': { server: string | number; message: string | number };
  'mcp.elicitation.detail.decline': never;
  'mcp.elicitation.detail.cancel': never;
  'mcp.elicitation.link': { text: string | number; host: string | number };
  'mcp.dry_run.title': never;
  'mcp.dry_run.intro': { tool: string | number; server: string | number };
  'mcp.dry_run.preview.heading': never;
  'mcp.dry_run.hint.label': never;
  'mcp.dry_run.hint.heading': never;
  'mcp.dry_run.history.previewed': never;
  'mcp.dry_run.history.sent': never;
  'mcp.dry_run.history.not_sent': never;
  'mcp.dry_run.operator_notice': never;
  'mcp.dry_run.action.approve': never;
  'mcp.dry_run.action.deny': never;
  'mcp.dry_run.keys.hint': never;
  'mcp.dry_run.announce': { step: string | number; tool: string | number; server: string | number };
  'mcp.dry_run.step': { index: string | number; total: string | number; label: string | number };
  'mcp.dry_run.step.preview': never;
  'mcp.dry_run.step.preview_note': { step: string | number; server: string | number; tool: string | number };
  'mcp.dry_run.step.send': never;
  'mcp.dry_run.result.still_preview': { tool: string | number; server: string | number };
  'mcp.dry_run.result.server_said': { message: string | number };
  'mcp.dry_run.result.error': { tool: string | number; server: string | number };
  'mcp.roots.title': never;
  'mcp.roots.intro': { server: string | number };
  'mcp.roots.list.heading': never;
  'mcp.roots.count': { count: string | number; total: string | number };
  'mcp.roots.empty': never;
  'mcp.roots.grain.heading': never;
  'mcp.roots.grain.server': never;
  'mcp.roots.grain.once': never;
  'mcp.roots.action.share': never;
  'mcp.roots.action.share_none': never;
  'mcp.roots.keys.hint': never;
  'mcp.roots.announce': { server: string | number };
  'mcp.roots.history.shared': { count: string | number; total: string | number; server: string | number };
  'mcp.roots.history.none': { server: string | number };
  'mcp.result.title': never;
  'mcp.result.intro': { tool: string | number; server: string | number };
  'mcp.result.tool': { tool: string | number };
  'mcp.result.is_error': never;
  'mcp.result.content.heading': never;
  'mcp.result.empty': never;
  'mcp.result.truncated': { count: number };
  'mcp.result.block.image': { mime: string | number; size: string | number };
  'mcp.result.block.audio': { mime: string | number; size: string | number };
  'mcp.result.block.resource': { uri: string | number; mime: string | number; size: string | number };
  'mcp.result.block.resource_link': { uri: string | number };
  'mcp.result.block.structured': { size: string | number };
  'mcp.result.block.unknown': never;
  'mcp.result.block.more': { count: number };
  'mcp.result.block.size_bytes': { count: number };
  'mcp.result.block.size_kb': { kb: number };
  'mcp.result.action.send': never;
  'mcp.result.action.withhold': never;
  'mcp.result.keys.hint': never;
  'mcp.result.announce': { tool: string | number; server: string | number };
  'mcp.result.history.sent': { tool: string | number };
  'mcp.result.history.withheld': { tool: string | number };
  'mcp.grants.title': never;
  'mcp.grants.tool.every': never;
  'mcp.grants.tool.every_read_only': never;
  'mcp.grants.empty': never;
  'mcp.grants.count': { count: number };
  'mcp.grants.column.tool': never;
  'mcp.grants.column.server': never;
  'mcp.grants.column.decision': never;
  'mcp.grants.column.scope': never;
  'mcp.grants.column.expires': never;
  'mcp.grants.column.granted': never;
  'mcp.grants.column.actions': never;
  'mcp.grants.decision.allow': never;
  'mcp.grants.decision.deny': never;
  'mcp.grants.scope.any_arguments': never;
  'mcp.grants.scope.these_arguments': never;
  'mcp.grants.granted_on': { date: Date | number };
  'mcp.grants.expires_on': { date: Date | number };
  'mcp.grants.expires.session': never;
  'mcp.grants.expired_on': { date: Date | number };
  'mcp.grants.action.revoke': never;
  'mcp.grants.action.revoke_all': never;
  'mcp.grants.confirm.revoke': { tool: string | number };
  'mcp.grants.confirm.revoke_all': { count: number };
  'mcp.grants.revoked': { tool: string | number };
  'mcp.grants.filter': never;
  'mcp.grants.action.revoke_one': { tool: string | number; server: string | number };
  'mcp.grants.action.cancel': never;
  'mcp.grants.no_match': never;
  'mcp.grants.revoked_all': { count: number };
  'mcp.audit.title': never;
  'mcp.audit.empty': never;
  'mcp.audit.column.time': never;
  'mcp.audit.column.tool': never;
  'mcp.audit.column.server': never;
  'mcp.audit.column.decision': never;
  'mcp.audit.column.risk': never;
  'mcp.audit.column.origin': never;
  'mcp.audit.decision.allow_once': never;
  'mcp.audit.decision.allow_always': never;
  'mcp.audit.decision.allow_session': never;
  'mcp.audit.decision.allow_timed': never;
  'mcp.audit.decision.deny_once': never;
  'mcp.audit.decision.deny_always': never;
  'mcp.audit.decision.deny_session': never;
  'mcp.audit.decision.deny_timed': never;
  'mcp.audit.detail.edited': never;
  'mcp.audit.detail.note': never;
  'mcp.audit.detail.note_text': { note: string | number };
  'mcp.audit.detail.mode': { mode: string };
  'mcp.audit.origin.user_prompt': never;
  'mcp.audit.origin.unknown': never;
  'mcp.audit.origin.cache_hit': never;
  'mcp.audit.origin.session_grant': never;
  'mcp.audit.origin.cancelled': never;
  'mcp.audit.origin.auto_revoke_renewal': never;
  'mcp.audit.origin.policy': never;
  'mcp.audit.origin.host_callback': never;
  'mcp.audit.origin.mode': never;
  'mcp.audit.origin.trusted_read_only': never;
  'mcp.audit.origin.timeout': never;
  'mcp.audit.origin.no_renderer': never;
  'mcp.audit.origin.invalid': never;
  'mcp.audit.risk': { tier: string };
  'mcp.audit.at': { time: Date | number };
  'mcp.audit.export': never;
  'mcp.audit.clear': never;
  'mcp.audit.filter': never;
  'mcp.audit.filter.decision': never;
  'mcp.audit.filter.all': never;
  'mcp.audit.no_match': never;
  'mcp.args_edit.open': never;
  'mcp.args_edit.discard': never;
  'mcp.args_edit.heading': never;
  'mcp.args_edit.hint': never;
  'mcp.args_edit.readonly': { names: string | number };
  'mcp.args_edit.edited': { names: string | number };
  'mcp.args_edit.blocked': { count: number };
  'mcp.args_edit.keys.hint': never;
  'mcp.tool_args.required': never;
  'mcp.tool_args.optional': never;
  'mcp.tool_args.default': { value: string | number };
  'mcp.tool_args.values': { values: string | number };
  'mcp.tool_args.more_values': { count: number };
  'mcp.tool_args.array_of': { type: string | number };
  'mcp.tool_args.any': never;
  'mcp.tool_args.none': never;
  'mcp.tool_args.more': { count: number };
  'mcp.tool_args.unreadable': never;
  'mcp.error.prompt_failed': never;
  'mcp.error.no_prompt': never;
  'mcp.error.timeout': never;
  'mcp.error.cancelled': never;
  'mcp.error.store_unavailable': never;
  'mcp.error.store_write_failed': never;
  'mcp.error.unknown': never;
  'mcp.text.hidden_run': { count: number };
  'mcp.text.hidden_run_inline': { count: number };
  'mcp.rules.title': never;
  'mcp.rules.description': never;
  'mcp.rules.count': { count: number };
  'mcp.rules.column.layer': never;
  'mcp.rules.column.effect': never;
  'mcp.rules.column.matches': never;
  'mcp.rules.column.source': never;
  'mcp.rules.column.reason': never;
  'mcp.rules.empty': never;
  'mcp.rules.error': { location: string | number; message: string | number };
  'mcp.rules.effect': { effect: string };
  'mcp.rules.invalid': { count: number };
  'mcp.rules.layer': { layer: string };
  'mcp.rules.source': { n: string | number; file: string | number };
  'mcp.rules.source_named': { n: string | number; id: string | number; file: string | number };
  'mcp.rules.match.any': never;
  'mcp.rules.match.argument': { pointer: string | number };
  'mcp.rules.match.arguments': never;
  'mcp.rules.match.arg': { kind: string; where: string | number; value: string | number };
  'mcp.rules.match.server': { server: string | number };
  'mcp.rules.match.tool': { tool: string | number };
  'mcp.rules.match.tier': { tier: string };
  'mcp.rules.match.hint': { hint: string; value: string };
  'mcp.rules.note.no_destructive': never;
  'mcp.rules.note.ignored': never;
  'mcp.sampling.step': { index: string | number; label: string | number };
  'mcp.sampling.step.request': never;
  'mcp.sampling.step.response': never;
  'mcp.sampling.title.request': never;
  'mcp.sampling.title.response': never;
  'mcp.sampling.intro.request': { server: string | number };
  'mcp.sampling.intro.response': { server: string | number };
  'mcp.sampling.reason.tools_requested': never;
  'mcp.sampling.reason.context_this_server': never;
  'mcp.sampling.reason.context_all_servers': never;
  'mcp.sampling.reason.large_max_tokens': never;
  'mcp.sampling.messages.heading': never;
  'mcp.sampling.role.user': never;
  'mcp.sampling.role.assistant': never;
  'mcp.sampling.system_prompt': never;
  'mcp.sampling.block.image': { mime: string | number; size: string | number };
  'mcp.sampling.block.audio': { mime: string | number; size: string | number };
  'mcp.sampling.block.tool_use': { name: string | number };
  'mcp.sampling.block.tool_result': never;
  'mcp.sampling.block.unknown': never;
  'mcp.sampling.prefs.hints': { names: string | number };
  'mcp.sampling.prefs.cost': { value: number };
  'mcp.sampling.prefs.speed': { value: number };
  'mcp.sampling.prefs.intelligence': { value: number };
  'mcp.sampling.context.none': never;
  'mcp.sampling.context.this_server': never;
  'mcp.sampling.context.all_servers': never;
  'mcp.sampling.max_tokens': { count: number };
  'mcp.sampling.max_tokens.missing': never;
  'mcp.sampling.temperature': { value: number };
  'mcp.sampling.tools.heading': never;
  'mcp.sampling.response.heading': never;
  'mcp.sampling.response.model': { model: string | number };
  'mcp.sampling.response.stop': { reason: string };
  'mcp.sampling.edit.heading': never;
  'mcp.sampling.edit.lastUserText': never;
  'mcp.sampling.edit.systemPrompt': never;
  'mcp.sampling.edit.maxTokens': never;
  'mcp.sampling.edit.max_tokens_invalid': never;
  'mcp.sampling.edit.fix_first': never;
  'mcp.sampling.grain.label': never;
  'mcp.sampling.grain.once': never;
  'mcp.sampling.grain.session': never;
  'mcp.sampling.action.approve': never;
  'mcp.sampling.action.edit': never;
  'mcp.sampling.action.deny': never;
  'mcp.sampling.action.send': never;
  'mcp.sampling.keys.request': never;
  'mcp.sampling.keys.response': never;
  'mcp.sampling.announce.request': { step: string | number; server: string | number; risk: string | number };
  'mcp.sampling.announce.response': { step: string | number; server: string | number };
  'mcp.progress.running': { tool: string | number };
  'mcp.progress.of': { progress: number; total: number };
  'mcp.progress.count': { progress: number };
  'mcp.progress.server_says': never;
}
