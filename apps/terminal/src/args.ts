/**
 * The command line, read with `node:util` `parseArgs`. Everything after the first `--`
 * is the server command, taken verbatim (its own options are not ours).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PermissionMode, RiskTier } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import type { ServerTarget } from './config.js';
import { validWorkspace } from './settings.js';
import { clean } from './text.js';

export type Command = 'interactive' | 'call' | 'grants' | 'audit' | 'rules' | 'config';

/** `--mode` as typed, and the engine's mode it names. */
export const MODES: Readonly<Record<string, PermissionMode>> = {
  ask: 'ask',
  plan: 'plan',
  'non-interactive': 'non_interactive',
};

export interface CliOptions {
  command: Command;
  /** `call`: the tool and its arguments (already checked to be a JSON object). */
  tool?: string;
  toolArgs?: Record<string, unknown>;
  /** `grants revoke <id>`: the grant's short id (from `grants`) or its full key. */
  revoke?: string;
  /** `config workspace <name>`: the workspace to save; undefined with `config workspace` (show it). */
  setWorkspace?: string;
  /** `--policy FILE` (user layer) and `--managed-policy FILE` (managed layer), in order. */
  policy: string[];
  managedPolicy: string[];
  mode: PermissionMode;
  /** The server to start or reach; undefined when none was given. */
  target?: ServerTarget;
  store?: string;
  user?: string;
  workspace?: string;
  serverId?: string;
  name?: string;
  trusted: boolean;
  reset: boolean;
  yes: boolean;
  all: boolean;
  json: boolean;
  limit: number;
  /** `--timeout SECONDS`: a call's budget without news from the server, in ms (undefined: the SDK's 60 s). */
  timeoutMs?: number;
  /** `--sampling-command CMD`: the host's model for `sampling/createMessage`; undefined: no sampling. */
  samplingCommand?: string;
  /**
   * `--review-results TIERS`: the risk tiers (`low`, `medium`, `high`, or `all`) whose allowed
   * calls' results the user reviews before they are returned. @default undefined (no review)
   */
  reviewResults?: readonly RiskTier[];
  /** `--root DIR` (repeatable): the folders the server may be shown, as absolute paths. */
  roots: string[];
  /** `--protocol`: which MCP era to speak. @default '2025-11-25' (SDK 1.x) */
  protocol: Protocol;
  help: boolean;
}

/** `--protocol` values: `2025-11-25` is SDK 1.x, `auto` the v2 SDK (2026-07-28 or older). */
export const PROTOCOLS = ['2025-11-25', 'auto'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** A mistake on the command line; the message is already localized. Exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const TIERS: readonly RiskTier[] = ['low', 'medium', 'high'];

/** `--review-results`: `all`, or tiers separated by commas (`medium,high`). */
function reviewTiersOf(value: string, t: AppTranslator): RiskTier[] {
  const words = value.split(',').map((word) => word.trim());
  if (words.length === 1 && words[0] === 'all') return [...TIERS];
  if (words.some((word) => !(TIERS as readonly string[]).includes(word)))
    throw new UsageError(t.t('mcp.cli.error.bad_review_results', { value }));
  return TIERS.filter((tier) => words.includes(tier));
}

/** Rows shown by `audit` unless `--limit` says otherwise. */
export const DEFAULT_AUDIT_LIMIT = 50;

const OPTIONS = {
  url: { type: 'string' },
  store: { type: 'string' },
  user: { type: 'string' },
  workspace: { type: 'string' },
  'server-id': { type: 'string' },
  name: { type: 'string' },
  trusted: { type: 'boolean' },
  env: { type: 'string', multiple: true },
  reset: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
  limit: { type: 'string' },
  policy: { type: 'string', multiple: true },
  'managed-policy': { type: 'string', multiple: true },
  mode: { type: 'string' },
  timeout: { type: 'string' },
  'sampling-command': { type: 'string' },
  'review-results': { type: 'string' },
  root: { type: 'string', multiple: true },
  protocol: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const COMMANDS = new Set<string>(['call', 'grants', 'audit', 'rules', 'config']);

/** Parses `argv` (without node and the script). Throws {@link UsageError}. */
export function parseCli(argv: readonly string[], t: AppTranslator): CliOptions {
  const split = argv.indexOf('--');
  const ours = split === -1 ? [...argv] : argv.slice(0, split);
  const serverCommand = split === -1 ? [] : argv.slice(split + 1);

  let parsed;
  try {
    parsed = parseArgs({ args: ours, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageFromParseArgs(error, t);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    return {
      ...defaults(),
      help: true,
      ...(values.store !== undefined ? { store: values.store } : {}),
      ...(values.user !== undefined ? { user: values.user } : {}),
      ...(values.workspace !== undefined ? { workspace: values.workspace } : {}),
      policy: values.policy ?? [],
      managedPolicy: values['managed-policy'] ?? [],
    };
  }

  const [first, ...rest] = positionals;
  let command: Command = 'interactive';
  if (first !== undefined) {
    if (!COMMANDS.has(first))
      throw new UsageError(t.t('mcp.cli.error.unknown_command', { command: first }));
    command = first as Command;
  }

  const options: CliOptions = {
    ...defaults(),
    command,
    trusted: values.trusted ?? false,
    reset: values.reset ?? false,
    yes: values.yes ?? false,
    all: values.all ?? false,
    json: values.json ?? false,
    policy: values.policy ?? [],
    managedPolicy: values['managed-policy'] ?? [],
    ...(values.store !== undefined ? { store: values.store } : {}),
    ...(values.user !== undefined ? { user: values.user } : {}),
    ...(values.workspace !== undefined ? { workspace: values.workspace } : {}),
    ...(values['server-id'] !== undefined ? { serverId: values['server-id'] } : {}),
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values['sampling-command'] !== undefined
      ? { samplingCommand: values['sampling-command'] }
      : {}),
    roots: (values.root ?? []).map((dir) => resolve(dir)),
  };
  if (values.protocol !== undefined) {
    if (!(PROTOCOLS as readonly string[]).includes(values.protocol))
      throw new UsageError(t.t('mcp.cli.error.bad_protocol', { value: values.protocol }));
    options.protocol = values.protocol as Protocol;
  }
  if (values['review-results'] !== undefined)
    options.reviewResults = reviewTiersOf(values['review-results'], t);
  if (values.limit !== undefined) {
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError(t.t('mcp.cli.error.bad_limit', { value: values.limit }));
    options.limit = limit;
  }
  if (values.timeout !== undefined) options.timeoutMs = timeoutOf(values.timeout, t);
  if (values.mode !== undefined) {
    const mode = MODES[values.mode];
    if (!Object.hasOwn(MODES, values.mode) || !mode)
      throw new UsageError(t.t('mcp.cli.error.bad_mode', { value: values.mode }));
    options.mode = mode;
  }

  if (command === 'call') {
    const [tool, json = '{}', ...extra] = rest;
    if (!tool || extra.length > 0)
      throw new UsageError(t.t('mcp.cli.error.call_usage', { empty: '{}' }));
    options.tool = tool;
    options.toolArgs = parseObject(json, t);
  } else if (command === 'grants' && rest[0] === 'revoke') {
    const [, id, ...extra] = rest;
    if (!id || extra.length > 0) throw new UsageError(t.t('mcp.cli.error.revoke_usage'));
    options.revoke = id;
  } else if (command === 'config') {
    const [setting, name, ...extra] = rest;
    if (setting !== 'workspace' || extra.length > 0)
      throw new UsageError(t.t('mcp.cli.error.config_usage'));
    if (name !== undefined) {
      if (!validWorkspace(name))
        throw new UsageError(t.t('mcp.cli.error.bad_workspace', { value: clean(name, 200) }));
      options.setWorkspace = name;
    }
  } else if (rest.length > 0) {
    throw new UsageError(t.t('mcp.cli.error.unknown_command', { command: rest[0]! }));
  }

  const target = targetOf(values.url, serverCommand, values.env ?? [], t);
  if (target) options.target = target;
  return options;
}

function defaults(): CliOptions {
  return {
    command: 'interactive',
    trusted: false,
    reset: false,
    yes: false,
    all: false,
    json: false,
    limit: DEFAULT_AUDIT_LIMIT,
    help: false,
    policy: [],
    managedPolicy: [],
    mode: 'ask',
    roots: [],
    protocol: '2025-11-25',
  };
}

/** The longest `--timeout`: what a timer can wait (about 24 days). */
const MAX_TIMEOUT_SECONDS = 2_147_483;

/** `--timeout SECONDS` (decimals allowed) in milliseconds, or a usage error. */
function timeoutOf(value: string, t: AppTranslator): number {
  const seconds = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(seconds) ||
    seconds <= 0 ||
    seconds > MAX_TIMEOUT_SECONDS
  )
    throw new UsageError(t.t('mcp.cli.error.bad_timeout', { value }));
  return Math.max(1, Math.round(seconds * 1000));
}

/** The `call` arguments: a JSON object, or a usage error that quotes what was given. */
function parseObject(json: string, t: AppTranslator): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(t.t('mcp.cli.error.call_args', { value: json }));
  return value as Record<string, unknown>;
}

function targetOf(
  url: string | undefined,
  command: readonly string[],
  envPairs: readonly string[],
  t: AppTranslator,
): ServerTarget | undefined {
  if (url !== undefined && command.length > 0)
    throw new UsageError(t.t('mcp.cli.error.two_servers'));
  if (url !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      throw new UsageError(t.t('mcp.cli.error.bad_url', { url }));
    return { kind: 'http', url: parsed };
  }
  if (command.length === 0) return undefined;
  const env: Record<string, string> = {};
  for (const pair of envPairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(t.t('mcp.cli.error.bad_env', { value: pair }));
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { kind: 'stdio', command: command[0]!, args: command.slice(1), env };
}

/** Turns a `parseArgs` error (English, from Node) into one of our messages. */
function usageFromParseArgs(error: unknown, t: AppTranslator): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(--?[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option)
    return new UsageError(t.t('mcp.cli.error.unknown_option', { option }));
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option && /missing|ambiguous/.test(message))
    return new UsageError(t.t('mcp.cli.error.option_value', { option }));
  return new UsageError(t.t('mcp.cli.error.bad_option', { reason: message }));
}
