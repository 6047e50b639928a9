/**
 * Where the host keeps its files and which scope grants belong to. Everything here is
 * the HOST's configuration: the server id is derived from the command line or URL the
 * user typed, never from what the server says about itself, so a server cannot claim
 * another server's grants.
 */
import { homedir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

/** The two files of the store. */
export interface StorePaths {
  dir: string;
  grants: string;
  audit: string;
}

/** How to reach the server: a command to spawn (stdio) or a Streamable HTTP URL. */
export type ServerTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { kind: 'http'; url: URL };

/**
 * `$XDG_CONFIG_HOME/mcp-consent`, else `~/.config/mcp-consent` (on Windows
 * `%APPDATA%\mcp-consent` when XDG_CONFIG_HOME is not set).
 */
export function configDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'mcp-consent');
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'mcp-consent');
  return join(home, '.config', 'mcp-consent');
}

/** `grants.json` and `audit.jsonl` in `--store <dir>` or the config directory. */
export function storePaths(
  store: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): StorePaths {
  const dir = resolve(store ?? configDir(env));
  return { dir, grants: join(dir, 'grants.json'), audit: join(dir, 'audit.jsonl') };
}

/** The OS user name (`USER`/`USERNAME` when the OS cannot say). */
export function defaultUser(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME ?? 'user';
  }
}

/** An argument as a shell would need it quoted, so the id reads back as the command line. */
function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg);
}

/**
 * `stdio:<command and arguments>` or `<origin><path>` of the URL (no query or fragment,
 * which may carry tokens). Two configurations reach the same grants exactly when they
 * start the same command or name the same endpoint.
 */
export function serverIdFor(target: ServerTarget): string {
  if (target.kind === 'http') return `${target.url.origin}${target.url.pathname}`;
  return `stdio:${[target.command, ...target.args].map(quote).join(' ')}`;
}
