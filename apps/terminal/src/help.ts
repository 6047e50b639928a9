/**
 * `mcp-consent --help`. The command syntax (names, flags, `<placeholders>`) is written
 * here; every explanation comes from the i18n catalog. The store paths, user and
 * workspace shown are the ones this invocation would use.
 */
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { DEFAULT_AUDIT_LIMIT } from './args.js';
import type { StorePaths } from './config.js';
import type { PolicyFileRef } from './policy-files.js';
import type { WorkspaceChoice } from './settings.js';
import { pad } from './text.js';

/** The SDK's request timeout, which `--timeout` replaces. */
const DEFAULT_TIMEOUT_SECONDS = DEFAULT_REQUEST_TIMEOUT_MSEC / 1000;

export function helpText(
  t: AppTranslator,
  context: {
    paths: StorePaths;
    user: string;
    /** The workspace in use and where it comes from; `broken`: `config.json` cannot be used. */
    workspace: WorkspaceChoice | { source: 'broken'; path: string };
    policy: PolicyFileRef[];
  },
): string {
  const { workspace } = context;
  const defaultPolicy = (layer: PolicyFileRef['layer']) =>
    context.policy.find((ref) => ref.layer === layer && !ref.explicit)?.path ?? '';
  const rows = (entries: [string, string][]) => {
    const width = Math.min(34, Math.max(...entries.map(([syntax]) => syntax.length)));
    return entries.map(([syntax, text]) =>
      syntax.length > width
        ? `  ${syntax}\n  ${pad('', width)}  ${text}`
        : `  ${pad(syntax, width)}  ${text}`,
    );
  };
  return [
    t.t('mcp.cli.help.summary'),
    '',
    t.t('mcp.cli.help.usage'),
    ...rows([
      ['mcp-consent [options] -- <command…>', t.t('mcp.cli.help.cmd.interactive')],
      ['mcp-consent [options] --url <url>', t.t('mcp.cli.help.cmd.url')],
      ["mcp-consent call <tool> '<json>' [options] -- <command…>", t.t('mcp.cli.help.cmd.call')],
      ['mcp-consent grants [options]', t.t('mcp.cli.help.cmd.grants')],
      ['mcp-consent grants revoke <id>', t.t('mcp.cli.help.cmd.revoke')],
      ['mcp-consent audit [options]', t.t('mcp.cli.help.cmd.audit')],
      ['mcp-consent rules [--policy <file>]', t.t('mcp.cli.help.cmd.rules')],
      ['mcp-consent config workspace [<name>]', t.t('mcp.cli.help.cmd.config')],
    ]),
    '',
    t.t('mcp.cli.help.options'),
    ...rows([
      ['--store <dir>', t.t('mcp.cli.help.opt.store')],
      ['--user <name>', t.t('mcp.cli.help.opt.user', { user: context.user })],
      [
        '--workspace <id>',
        t.t('mcp.cli.help.opt.workspace', {
          source: workspace.source,
          workspace: 'workspace' in workspace ? workspace.workspace : '',
          path: workspace.path,
        }),
      ],
      ['--server-id <id>', t.t('mcp.cli.help.opt.server_id')],
      ['--name <name>', t.t('mcp.cli.help.opt.name')],
      ['--trusted', t.t('mcp.cli.help.opt.trusted')],
      ['--env NAME=value', t.t('mcp.cli.help.opt.env')],
      ['--policy <file>', t.t('mcp.cli.help.opt.policy')],
      ['--managed-policy <file>', t.t('mcp.cli.help.opt.managed_policy')],
      ['--mode ask|plan|non-interactive', t.t('mcp.cli.help.opt.mode')],
      [
        '--timeout <seconds>',
        t.t('mcp.cli.help.opt.timeout', { seconds: DEFAULT_TIMEOUT_SECONDS }),
      ],
      ['--sampling-command <cmd>', t.t('mcp.cli.help.opt.sampling_command')],
      ['--review-results <tiers>', t.t('mcp.cli.help.opt.review_results')],
      ['--root <dir>', t.t('mcp.cli.help.opt.root')],
      ['--protocol auto|2025-11-25', t.t('mcp.cli.help.opt.protocol')],
      ['--reset', t.t('mcp.cli.help.opt.reset')],
      ['--yes, -y', t.t('mcp.cli.help.opt.yes')],
      ['--all', t.t('mcp.cli.help.opt.all')],
      ['--json', t.t('mcp.cli.help.opt.json')],
      ['--limit <n>', t.t('mcp.cli.help.opt.limit', { count: DEFAULT_AUDIT_LIMIT })],
      ['--help, -h', t.t('mcp.cli.help.opt.help')],
    ]),
    '',
    t.t('mcp.cli.help.files'),
    `  ${t.t('mcp.cli.help.file.grants', { path: context.paths.grants })}`,
    `  ${t.t('mcp.cli.help.file.audit', { path: context.paths.audit })}`,
    `  ${t.t('mcp.cli.help.file.config', { path: workspace.path })}`,
    `  ${t.t('mcp.cli.help.file.default')}`,
    `  ${t.t('mcp.cli.help.file.policy', { path: defaultPolicy('user') })}`,
    `  ${t.t('mcp.cli.help.file.managed', { path: defaultPolicy('managed') })}`,
    `  ${t.t('mcp.cli.rules.precedence')}`,
    '',
    t.t('mcp.cli.help.exit_codes'),
    `  0    ${t.t('mcp.cli.help.exit.ok')}`,
    `  1    ${t.t('mcp.cli.help.exit.denied')}`,
    `  2    ${t.t('mcp.cli.help.exit.usage')}`,
    `  130  ${t.t('mcp.cli.help.exit.interrupted')}`,
  ].join('\n');
}
