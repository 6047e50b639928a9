// Generated from /locales/apps/en-US.json by `npm run generate -w @mcp-consent/i18n`. Do not edit.

/** Every message id, in the order of the en-US catalog. */
// prettier-ignore
export const appMessageIds = [
  'mcp.playground.title',
  'mcp.playground.intro',
  'mcp.playground.settings.heading',
  'mcp.playground.renderer.label',
  'mcp.playground.renderer.lit',
  'mcp.playground.renderer.react',
  'mcp.playground.locale.label',
  'mcp.playground.log.heading',
  'mcp.playground.log.note',
  'mcp.playground.log.empty',
  'mcp.playground.log.decision',
  'mcp.playground.log.rule',
  'mcp.playground.log.reason',
  'mcp.playground.theme.label',
  'mcp.playground.theme.light',
  'mcp.playground.theme.dark',
  'mcp.playground.user.label',
  'mcp.playground.workspace.label',
  'mcp.playground.scope.note',
  'mcp.playground.server.heading',
  'mcp.playground.server.url',
  'mcp.playground.server.demo',
  'mcp.playground.server.demo_2026',
  'mcp.playground.server.trusted',
  'mcp.playground.server.review',
  'mcp.playground.server.connect',
  'mcp.playground.server.disconnect',
  'mcp.playground.server.cors',
  'mcp.playground.session.end',
  'mcp.playground.session.ended',
  'mcp.playground.session.note',
  'mcp.playground.status.idle',
  'mcp.playground.status.connecting',
  'mcp.playground.status.connected',
  'mcp.playground.status.failed',
  'mcp.playground.tools.heading',
  'mcp.playground.tools.empty',
  'mcp.playground.call.heading',
  'mcp.playground.call.none',
  'mcp.playground.call.args',
  'mcp.playground.call.run',
  'mcp.playground.call.invalid_json',
  'mcp.playground.call.not_object',
  'mcp.playground.result.heading',
  'mcp.playground.result.pending',
  'mcp.playground.result.running',
  'mcp.playground.result.image',
  'mcp.playground.result.audio',
  'mcp.playground.result.media_hidden',
  'mcp.playground.result.ok',
  'mcp.playground.result.error',
  'mcp.playground.result.denied',
  'mcp.playground.result.withheld',
  'mcp.playground.result.failed',
  'mcp.playground.result.model_text',
  'mcp.playground.rules.heading',
  'mcp.playground.rules.intro',
  'mcp.playground.rules.invalid',
  'mcp.playground.rules.text',
  'mcp.playground.rules.layer',
  'mcp.playground.rules.layer_name',
  'mcp.playground.rules.order',
  'mcp.playground.rules.applied',
  'mcp.playground.rules.error_at',
  'mcp.playground.rules.error_at_file',
  'mcp.playground.rules.example_deny',
  'mcp.playground.rules.example_ask',
  'mcp.playground.rules.never_applies',
  'mcp.playground.manager.heading',
  'mcp.playground.manager.storage',
  'mcp.playground.manager.data_loss',
  'mcp.playground.manager.storage_server',
  'mcp.playground.mode.heading',
  'mcp.playground.mode.help',
  'mcp.playground.mode.label',
  'mcp.playground.mode.name',
  'mcp.playground.sampling.heading',
  'mcp.playground.sampling.echo',
  'mcp.playground.roots.intro',
  'mcp.playground.serverlog.heading',
  'mcp.playground.serverlog.note',
  'mcp.playground.serverlog.empty',
  'mcp.playground.serverlog.level',
  'mcp.cli.help.summary',
  'mcp.cli.help.usage',
  'mcp.cli.help.commands',
  'mcp.cli.help.options',
  'mcp.cli.help.files',
  'mcp.cli.help.exit_codes',
  'mcp.cli.help.cmd.interactive',
  'mcp.cli.help.cmd.url',
  'mcp.cli.help.cmd.call',
  'mcp.cli.help.cmd.grants',
  'mcp.cli.help.cmd.audit',
  'mcp.cli.help.cmd.revoke',
  'mcp.cli.help.cmd.rules',
  'mcp.cli.help.cmd.config',
  'mcp.cli.help.opt.store',
  'mcp.cli.help.opt.user',
  'mcp.cli.help.opt.workspace',
  'mcp.cli.help.opt.server_id',
  'mcp.cli.help.opt.name',
  'mcp.cli.help.opt.trusted',
  'mcp.cli.help.opt.env',
  'mcp.cli.help.opt.reset',
  'mcp.cli.help.opt.yes',
  'mcp.cli.help.opt.all',
  'mcp.cli.help.opt.json',
  'mcp.cli.help.opt.limit',
  'mcp.cli.help.opt.help',
  'mcp.cli.help.opt.policy',
  'mcp.cli.help.opt.managed_policy',
  'mcp.cli.help.opt.mode',
  'mcp.cli.help.opt.timeout',
  'mcp.cli.help.opt.sampling_command',
  'mcp.cli.help.opt.review_results',
  'mcp.cli.help.opt.root',
  'mcp.cli.help.opt.protocol',
  'mcp.cli.help.file.grants',
  'mcp.cli.help.file.audit',
  'mcp.cli.help.file.config',
  'mcp.cli.help.file.default',
  'mcp.cli.help.file.policy',
  'mcp.cli.help.file.managed',
  'mcp.cli.help.exit.ok',
  'mcp.cli.help.exit.denied',
  'mcp.cli.help.exit.usage',
  'mcp.cli.help.exit.interrupted',
  'mcp.cli.connected',
  'mcp.cli.ask.tool',
  'mcp.cli.ask.args',
  'mcp.cli.ask.args_edit',
  'mcp.cli.args.heading',
  'mcp.cli.args.hint',
  'mcp.cli.error.unknown_tool',
  'mcp.cli.error.no_such_tool',
  'mcp.cli.error.invalid_json',
  'mcp.cli.error.not_object',
  'mcp.cli.result.heading',
  'mcp.cli.result.error',
  'mcp.cli.result.empty',
  'mcp.cli.result.binary',
  'mcp.cli.result.link',
  'mcp.cli.denied.answer',
  'mcp.cli.denied.saved',
  'mcp.cli.denied.dry_run',
  'mcp.cli.denied.withheld',
  'mcp.cli.denied.reason',
  'mcp.cli.denied.rule',
  'mcp.cli.denied.plan',
  'mcp.cli.denied.non_interactive',
  'mcp.cli.open_url',
  'mcp.cli.url_done',
  'mcp.cli.progress.total',
  'mcp.cli.progress.count',
  'mcp.cli.progress.message',
  'mcp.cli.server_log',
  'mcp.cli.server_log.dropped',
  'mcp.cli.error.call_failed',
  'mcp.cli.error.call_timeout',
  'mcp.cli.error.not_found',
  'mcp.cli.error.spawn_failed',
  'mcp.cli.error.exited',
  'mcp.cli.error.exited_output',
  'mcp.cli.error.no_answer',
  'mcp.cli.error.connect_timeout',
  'mcp.cli.error.lost',
  'mcp.cli.error.store',
  'mcp.cli.error.see_help',
  'mcp.cli.error.no_server',
  'mcp.cli.error.two_servers',
  'mcp.cli.error.unknown_command',
  'mcp.cli.error.unknown_option',
  'mcp.cli.error.option_value',
  'mcp.cli.error.bad_option',
  'mcp.cli.error.call_usage',
  'mcp.cli.error.call_args',
  'mcp.cli.error.bad_url',
  'mcp.cli.error.bad_env',
  'mcp.cli.error.bad_limit',
  'mcp.cli.error.bad_mode',
  'mcp.cli.error.bad_timeout',
  'mcp.cli.error.bad_protocol',
  'mcp.cli.error.bad_review_results',
  'mcp.cli.error.reset_needs_yes',
  'mcp.cli.error.revoke_usage',
  'mcp.cli.error.policy_missing',
  'mcp.cli.scope',
  'mcp.cli.scope.all',
  'mcp.cli.store',
  'mcp.cli.audit.shown',
  'mcp.cli.audit.at',
  'mcp.cli.confirm.hint',
  'mcp.cli.confirm.yes',
  'mcp.cli.reset.kept',
  'mcp.cli.rules.invalid',
  'mcp.cli.rules.id',
  'mcp.cli.rules.precedence',
  'mcp.cli.rules.destructive',
  'mcp.cli.rules.layer.managed',
  'mcp.cli.rules.layer.host',
  'mcp.cli.rules.layer.user',
  'mcp.cli.rules.layer.workspace',
  'mcp.cli.rules.layer.session',
  'mcp.cli.rules.no_file',
  'mcp.cli.rules.never',
  'mcp.cli.rules.count',
  'mcp.cli.rules.effect.allow',
  'mcp.cli.rules.effect.ask',
  'mcp.cli.rules.effect.deny',
  'mcp.cli.rules.any',
  'mcp.cli.rules.arg_present',
  'mcp.cli.rules.reason',
  'mcp.cli.policy.error_at',
  'mcp.cli.policy.error_at_file',
  'mcp.cli.policy.unreadable',
  'mcp.cli.policy.asking',
  'mcp.cli.grants.id',
  'mcp.cli.workspace.now',
  'mcp.cli.config.saved',
  'mcp.cli.config.problem.unreadable',
  'mcp.cli.config.problem.unwritable',
  'mcp.cli.config.problem.json',
  'mcp.cli.config.problem.object',
  'mcp.cli.config.problem.unknown',
  'mcp.cli.config.problem.workspace',
  'mcp.cli.error.config',
  'mcp.cli.error.config_usage',
  'mcp.cli.error.bad_workspace',
  'mcp.cli.error.server_ambiguous',
  'mcp.cli.servers.legend',
  'mcp.cli.grants.elsewhere',
  'mcp.cli.grants.corrupt_moved',
  'mcp.cli.grants.not_found',
  'mcp.cli.grants.not_revoked',
  'mcp.cli.grants.revoked',
  'mcp.playground.signin.label',
  'mcp.playground.signin.sign_in',
  'mcp.playground.signin.sign_out',
  'mcp.playground.signin.signed_in',
  'mcp.playground.signin.signed_out',
  'mcp.playground.signin.note',
  'mcp.playground.signin.approvals_link',
  'mcp.playground.signin.failed',
  'mcp.playground.approvals.title',
  'mcp.playground.approvals.intro',
  'mcp.playground.approvals.empty',
  'mcp.playground.approvals.sign_in_first',
  'mcp.playground.approvals.server',
  'mcp.playground.approvals.tool',
  'mcp.playground.approvals.risk',
  'mcp.playground.approvals.args',
  'mcp.playground.approvals.args_shortened',
  'mcp.playground.approvals.sent',
  'mcp.playground.approvals.already_answered',
  'mcp.playground.approvals.offline',
  'mcp.playground.approvals.back',
] as const;

export type AppMessageId = (typeof appMessageIds)[number];

/** The values each message takes; `never` when it has no placeholders. */
// prettier-ignore
export interface AppMessageValues {
  'mcp.playground.title': never;
  'mcp.playground.intro': never;
  'mcp.playground.settings.heading': never;
  'mcp.playground.renderer.label': never;
  'mcp.playground.renderer.lit': never;
  'mcp.playground.renderer.react': never;
  'mcp.playground.locale.label': never;
  'mcp.playground.log.heading': never;
  'mcp.playground.log.note': never;
  'mcp.playground.log.empty': never;
  'mcp.playground.log.decision': { outcome: string };
  'mcp.playground.log.rule': { asked: string; rule: string | number; file: string | number; layer: string | number };
  'mcp.playground.log.reason': never;
  'mcp.playground.theme.label': never;
  'mcp.playground.theme.light': never;
  'mcp.playground.theme.dark': never;
  'mcp.playground.user.label': never;
  'mcp.playground.workspace.label': never;
  'mcp.playground.scope.note': never;
  'mcp.playground.server.heading': never;
  'mcp.playground.server.url': never;
  'mcp.playground.server.demo': never;
  'mcp.playground.server.demo_2026': never;
  'mcp.playground.server.trusted': never;
  'mcp.playground.server.review': never;
  'mcp.playground.server.connect': never;
  'mcp.playground.server.disconnect': never;
  'mcp.playground.server.cors': never;
  'mcp.playground.session.end': never;
  'mcp.playground.session.ended': never;
  'mcp.playground.session.note': never;
  'mcp.playground.status.idle': never;
  'mcp.playground.status.connecting': { host: string | number };
  'mcp.playground.status.connected': { host: string | number };
  'mcp.playground.status.failed': { host: string | number; message: string | number };
  'mcp.playground.tools.heading': never;
  'mcp.playground.tools.empty': never;
  'mcp.playground.call.heading': never;
  'mcp.playground.call.none': never;
  'mcp.playground.call.args': never;
  'mcp.playground.call.run': { tool: string | number };
  'mcp.playground.call.invalid_json': never;
  'mcp.playground.call.not_object': never;
  'mcp.playground.result.heading': never;
  'mcp.playground.result.pending': never;
  'mcp.playground.result.running': { tool: string | number };
  'mcp.playground.result.image': { mime: string | number; tool: string | number };
  'mcp.playground.result.audio': { mime: string | number; tool: string | number };
  'mcp.playground.result.media_hidden': { mime: string | number };
  'mcp.playground.result.ok': { tool: string | number };
  'mcp.playground.result.error': { tool: string | number };
  'mcp.playground.result.denied': { tool: string | number };
  'mcp.playground.result.withheld': { tool: string | number };
  'mcp.playground.result.failed': { message: string | number };
  'mcp.playground.result.model_text': never;
  'mcp.playground.rules.heading': never;
  'mcp.playground.rules.intro': never;
  'mcp.playground.rules.invalid': { count: number };
  'mcp.playground.rules.text': never;
  'mcp.playground.rules.layer': never;
  'mcp.playground.rules.layer_name': { layer: string };
  'mcp.playground.rules.order': never;
  'mcp.playground.rules.applied': { count: number; file: string | number; layer: string | number };
  'mcp.playground.rules.error_at': { line: string | number; column: string | number; field: string | number };
  'mcp.playground.rules.error_at_file': { line: string | number; column: string | number };
  'mcp.playground.rules.example_deny': never;
  'mcp.playground.rules.example_ask': never;
  'mcp.playground.rules.never_applies': { rule: string | number };
  'mcp.playground.manager.heading': never;
  'mcp.playground.manager.storage': never;
  'mcp.playground.manager.data_loss': never;
  'mcp.playground.manager.storage_server': never;
  'mcp.playground.mode.heading': never;
  'mcp.playground.mode.help': { mode: string };
  'mcp.playground.mode.label': never;
  'mcp.playground.mode.name': { mode: string };
  'mcp.playground.sampling.heading': never;
  'mcp.playground.sampling.echo': never;
  'mcp.playground.roots.intro': never;
  'mcp.playground.serverlog.heading': never;
  'mcp.playground.serverlog.note': never;
  'mcp.playground.serverlog.empty': never;
  'mcp.playground.serverlog.level': { level: string };
  'mcp.cli.help.summary': never;
  'mcp.cli.help.usage': never;
  'mcp.cli.help.commands': never;
  'mcp.cli.help.options': never;
  'mcp.cli.help.files': never;
  'mcp.cli.help.exit_codes': never;
  'mcp.cli.help.cmd.interactive': never;
  'mcp.cli.help.cmd.url': never;
  'mcp.cli.help.cmd.call': never;
  'mcp.cli.help.cmd.grants': never;
  'mcp.cli.help.cmd.audit': never;
  'mcp.cli.help.cmd.revoke': never;
  'mcp.cli.help.cmd.rules': never;
  'mcp.cli.help.cmd.config': never;
  'mcp.cli.help.opt.store': never;
  'mcp.cli.help.opt.user': { user: string | number };
  'mcp.cli.help.opt.workspace': { source: string; workspace: string | number; path: string | number };
  'mcp.cli.help.opt.server_id': never;
  'mcp.cli.help.opt.name': never;
  'mcp.cli.help.opt.trusted': never;
  'mcp.cli.help.opt.env': never;
  'mcp.cli.help.opt.reset': never;
  'mcp.cli.help.opt.yes': never;
  'mcp.cli.help.opt.all': never;
  'mcp.cli.help.opt.json': never;
  'mcp.cli.help.opt.limit': { count: string | number };
  'mcp.cli.help.opt.help': never;
  'mcp.cli.help.opt.policy': never;
  'mcp.cli.help.opt.managed_policy': never;
  'mcp.cli.help.opt.mode': never;
  'mcp.cli.help.opt.timeout': { seconds: string | number };
  'mcp.cli.help.opt.sampling_command': never;
  'mcp.cli.help.opt.review_results': never;
  'mcp.cli.help.opt.root': never;
  'mcp.cli.help.opt.protocol': never;
  'mcp.cli.help.file.grants': { path: string | number };
  'mcp.cli.help.file.audit': { path: string | number };
  'mcp.cli.help.file.config': { path: string | number };
  'mcp.cli.help.file.default': never;
  'mcp.cli.help.file.policy': { path: string | number };
  'mcp.cli.help.file.managed': { path: string | number };
  'mcp.cli.help.exit.ok': never;
  'mcp.cli.help.exit.denied': never;
  'mcp.cli.help.exit.usage': never;
  'mcp.cli.help.exit.interrupted': never;
  'mcp.cli.connected': { server: string | number; count: number };
  'mcp.cli.ask.tool': never;
  'mcp.cli.ask.args': { tool: string | number; empty: string | number };
  'mcp.cli.ask.args_edit': { empty: string | number };
  'mcp.cli.args.heading': { tool: string | number };
  'mcp.cli.args.hint': { skeleton: string | number };
  'mcp.cli.error.unknown_tool': { tool: string | number };
  'mcp.cli.error.no_such_tool': { tool: string | number };
  'mcp.cli.error.invalid_json': { example: string | number };
  'mcp.cli.error.not_object': { example: string | number };
  'mcp.cli.result.heading': { tool: string | number };
  'mcp.cli.result.error': { tool: string | number };
  'mcp.cli.result.empty': never;
  'mcp.cli.result.binary': { kind: string | number; mime: string | number };
  'mcp.cli.result.link': { name: string | number; uri: string | number };
  'mcp.cli.denied.answer': { tool: string | number; choice: string | number };
  'mcp.cli.denied.saved': { tool: string | number };
  'mcp.cli.denied.dry_run': { tool: string | number };
  'mcp.cli.denied.withheld': { tool: string | number };
  'mcp.cli.denied.reason': { reason: string | number };
  'mcp.cli.denied.rule': { tool: string | number; number: string | number; file: string | number; layer: string | number };
  'mcp.cli.denied.plan': { tool: string | number };
  'mcp.cli.denied.non_interactive': { tool: string | number };
  'mcp.cli.open_url': { url: string | number };
  'mcp.cli.url_done': never;
  'mcp.cli.progress.total': { tool: string | number; progress: string | number; total: string | number };
  'mcp.cli.progress.count': { tool: string | number; progress: string | number };
  'mcp.cli.progress.message': { status: string | number; message: string | number };
  'mcp.cli.server_log': { level: string | number; message: string | number };
  'mcp.cli.server_log.dropped': { count: number; kept: string | number };
  'mcp.cli.error.call_failed': { tool: string | number; reason: string | number };
  'mcp.cli.error.call_timeout': { tool: string | number; seconds: number };
  'mcp.cli.error.not_found': { command: string | number };
  'mcp.cli.error.spawn_failed': { command: string | number; reason: string | number };
  'mcp.cli.error.exited': { command: string | number };
  'mcp.cli.error.exited_output': { command: string | number; output: string | number };
  'mcp.cli.error.no_answer': { url: string | number; reason: string | number };
  'mcp.cli.error.connect_timeout': { target: string | number; seconds: string | number };
  'mcp.cli.error.lost': never;
  'mcp.cli.error.store': { reason: string | number };
  'mcp.cli.error.see_help': never;
  'mcp.cli.error.no_server': never;
  'mcp.cli.error.two_servers': never;
  'mcp.cli.error.unknown_command': { command: string | number };
  'mcp.cli.error.unknown_option': { option: string | number };
  'mcp.cli.error.option_value': { option: string | number };
  'mcp.cli.error.bad_option': { reason: string | number };
  'mcp.cli.error.call_usage': { empty: string | number };
  'mcp.cli.error.call_args': { value: string | number };
  'mcp.cli.error.bad_url': { url: string | number };
  'mcp.cli.error.bad_env': { value: string | number };
  'mcp.cli.error.bad_limit': { value: string | number };
  'mcp.cli.error.bad_mode': { value: string | number };
  'mcp.cli.error.bad_timeout': { value: string | number };
  'mcp.cli.error.bad_protocol': { value: string | number };
  'mcp.cli.error.bad_review_results': { value: string | number };
  'mcp.cli.error.reset_needs_yes': never;
  'mcp.cli.error.revoke_usage': never;
  'mcp.cli.error.policy_missing': { path: string | number };
  'mcp.cli.scope': { user: string | number; workspace: string | number };
  'mcp.cli.scope.all': never;
  'mcp.cli.store': { path: string | number };
  'mcp.cli.audit.shown': { shown: string | number; total: string | number };
  'mcp.cli.audit.at': { time: Date | number };
  'mcp.cli.confirm.hint': never;
  'mcp.cli.confirm.yes': never;
  'mcp.cli.reset.kept': never;
  'mcp.cli.rules.invalid': never;
  'mcp.cli.rules.id': { id: string | number };
  'mcp.cli.rules.precedence': never;
  'mcp.cli.rules.destructive': never;
  'mcp.cli.rules.layer.managed': never;
  'mcp.cli.rules.layer.host': never;
  'mcp.cli.rules.layer.user': never;
  'mcp.cli.rules.layer.workspace': never;
  'mcp.cli.rules.layer.session': never;
  'mcp.cli.rules.no_file': never;
  'mcp.cli.rules.never': never;
  'mcp.cli.rules.count': { count: number };
  'mcp.cli.rules.effect.allow': never;
  'mcp.cli.rules.effect.ask': never;
  'mcp.cli.rules.effect.deny': never;
  'mcp.cli.rules.any': never;
  'mcp.cli.rules.arg_present': { pointer: string | number };
  'mcp.cli.rules.reason': { reason: string | number };
  'mcp.cli.policy.error_at': { file: string | number; line: string | number; column: string | number; field: string | number; message: string | number };
  'mcp.cli.policy.error_at_file': { file: string | number; line: string | number; column: string | number; message: string | number };
  'mcp.cli.policy.unreadable': { code: string | number };
  'mcp.cli.policy.asking': never;
  'mcp.cli.grants.id': never;
  'mcp.cli.workspace.now': { workspace: string | number; source: string; path: string | number };
  'mcp.cli.config.saved': { workspace: string | number; path: string | number };
  'mcp.cli.config.problem.unreadable': { code: string | number };
  'mcp.cli.config.problem.unwritable': { code: string | number };
  'mcp.cli.config.problem.json': never;
  'mcp.cli.config.problem.object': never;
  'mcp.cli.config.problem.unknown': { key: string | number };
  'mcp.cli.config.problem.workspace': never;
  'mcp.cli.error.config': { path: string | number; problem: string | number };
  'mcp.cli.error.config_usage': never;
  'mcp.cli.error.bad_workspace': { value: string | number };
  'mcp.cli.error.server_ambiguous': { name: string | number; ids: string | number };
  'mcp.cli.servers.legend': never;
  'mcp.cli.grants.elsewhere': { count: number };
  'mcp.cli.grants.corrupt_moved': { path: string | number; file: string | number };
  'mcp.cli.grants.not_found': { id: string | number };
  'mcp.cli.grants.not_revoked': { id: string | number };
  'mcp.cli.grants.revoked': { id: string | number; tool: string | number; server: string | number };
  'mcp.playground.signin.label': never;
  'mcp.playground.signin.sign_in': never;
  'mcp.playground.signin.sign_out': never;
  'mcp.playground.signin.signed_in': { name: string | number };
  'mcp.playground.signin.signed_out': never;
  'mcp.playground.signin.note': never;
  'mcp.playground.signin.approvals_link': never;
  'mcp.playground.signin.failed': never;
  'mcp.playground.approvals.title': never;
  'mcp.playground.approvals.intro': never;
  'mcp.playground.approvals.empty': never;
  'mcp.playground.approvals.sign_in_first': never;
  'mcp.playground.approvals.server': never;
  'mcp.playground.approvals.tool': never;
  'mcp.playground.approvals.risk': never;
  'mcp.playground.approvals.args': never;
  'mcp.playground.approvals.args_shortened': never;
  'mcp.playground.approvals.sent': never;
  'mcp.playground.approvals.already_answered': never;
  'mcp.playground.approvals.offline': never;
  'mcp.playground.approvals.back': never;
}
