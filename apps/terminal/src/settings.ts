/**
 * The user's settings in `config.json` of the config directory: for now the workspace that
 * grants are filed under when `--workspace` is not given. A file that exists but cannot be
 * read is an error, never "no settings": falling back to another workspace would file (and
 * apply) grants where they do not belong.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { configDir } from './config.js';
import { clean } from './text.js';

/** The workspace when neither `--workspace` nor `config.json` names one. */
export const DEFAULT_WORKSPACE = 'default';

/** Longest workspace name `config workspace` accepts, in UTF-16 code units. */
const MAX_WORKSPACE = 200;

/** What `config.json` may hold. */
export interface Settings {
  /** The workspace grants are filed under. @default {@link DEFAULT_WORKSPACE} */
  workspace?: string;
}

/** Where the workspace in use comes from: `--workspace`, `config.json`, or the default. */
export type WorkspaceSource = 'option' | 'config' | 'default';

export interface WorkspaceChoice {
  workspace: string;
  source: WorkspaceSource;
  /** The settings file (read or not). */
  path: string;
}

/** `config.json` is there but unusable; the message is localized. Exit code 2. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** `config.json` in the config directory (`$XDG_CONFIG_HOME/mcp-consent`, …). */
export function settingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json');
}

/** A workspace name: printable text, not blank, not too long. */
export function validWorkspace(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= MAX_WORKSPACE &&
    clean(value, MAX_WORKSPACE) === value
  );
}

/**
 * The settings in `path`: none when the file does not exist. Throws {@link SettingsError}
 * when it cannot be read, is not JSON, is not an object, has an unknown key (a typo would
 * otherwise be ignored) or a bad workspace.
 */
export function readSettings(path: string, t: AppTranslator): Settings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return {};
    throw broken(path, t.t('mcp.cli.config.problem.unreadable', { code: code ?? '?' }), t);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw broken(path, t.t('mcp.cli.config.problem.json'), t);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw broken(path, t.t('mcp.cli.config.problem.object'), t);
  for (const key of Object.keys(value))
    if (key !== 'workspace')
      throw broken(path, t.t('mcp.cli.config.problem.unknown', { key: clean(key, 100) }), t);
  const { workspace } = value as { workspace?: unknown };
  if (workspace !== undefined && !validWorkspace(workspace))
    throw broken(path, t.t('mcp.cli.config.problem.workspace'), t);
  return workspace === undefined ? {} : { workspace };
}

function broken(path: string, problem: string, t: AppTranslator): SettingsError {
  return new SettingsError(t.t('mcp.cli.error.config', { path: clean(path, 500), problem }));
}

/**
 * The workspace this run files grants under: `--workspace`, else `config.json`'s, else
 * {@link DEFAULT_WORKSPACE}. With `--workspace` the file is not read (so a broken one does
 * not stop a run that does not need it). Throws {@link SettingsError}.
 */
export function chooseWorkspace(
  option: string | undefined,
  path: string,
  t: AppTranslator,
): WorkspaceChoice {
  if (option !== undefined) return { workspace: option, source: 'option', path };
  const { workspace } = readSettings(path, t);
  return workspace === undefined
    ? { workspace: DEFAULT_WORKSPACE, source: 'default', path }
    : { workspace, source: 'config', path };
}

/**
 * `config workspace <name>`: writes the workspace into `config.json` (a temp file renamed
 * into place, so never half a file). A broken file is left as it is: throws
 * {@link SettingsError} before writing anything.
 */
export function saveWorkspace(path: string, workspace: string, t: AppTranslator): void {
  const settings = readSettings(path, t);
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.tmp-${process.pid}`;
    writeFileSync(temp, `${JSON.stringify({ ...settings, workspace }, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(temp, path);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '?';
    throw broken(path, t.t('mcp.cli.config.problem.unwritable', { code }), t);
  }
}
