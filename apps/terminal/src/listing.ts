/**
 * What `grants`, `audit`, `grants revoke` and `--reset` share: the scope (user, workspace,
 * server), opening the store, and the text around a table laid out for the terminal's width.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CorruptStoreError, type AuditEvent, type GrantFilter } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import stringWidth from 'string-width';
import type { StorePaths } from './config.js';
import { resolveServer, shortServerId, type ServerLabels } from './servers.js';
import { openRecords, type Records } from './store.js';
import { clean, wrap } from './text.js';

export interface Scope {
  userId: string;
  workspaceId: string;
  /** Only this server's records: the id of the server connected to. */
  serverId?: string;
  /**
   * Only this server's records, as typed with `--server-id` for a listing: its id, its short
   * id (`srv-…`) or the `--name` recorded for it.
   */
  serverQuery?: string;
  /** Every user and workspace. */
  all: boolean;
}

/** Failure to read the store, or a server filter that names no one server: exit code 2. */
export class StoreError extends Error {
  override name = 'StoreError';
}

export const filterOf = (scope: Scope, serverId = scope.serverId): GrantFilter => ({
  ...(scope.all ? {} : { userId: scope.userId, workspaceId: scope.workspaceId }),
  ...(serverId ? { serverId } : {}),
});

export const inScope = (scope: Scope, serverId: string | undefined) => (event: AuditEvent) =>
  (scope.all ||
    (event.koder_user_id === scope.userId && event.workspace_id === scope.workspaceId)) &&
  (!serverId || event.server_id === serverId);

export async function openStore(
  paths: StorePaths,
  t: AppTranslator,
  options: { reopenCorrupt?: boolean } = {},
): Promise<Records> {
  const records = openRecords(paths);
  try {
    await records.engine.ready;
  } catch (error) {
    await records.close();
    // The file store moved a corrupt grant file aside (nothing deleted): with `reopenCorrupt`
    // the store opens again on the fresh file, and the caller names the moved one.
    if (options.reopenCorrupt && error instanceof CorruptStoreError && error.quarantinePath)
      return openStore(paths, t);
    const reason = clean(error instanceof Error ? error.message : String(error), 500);
    throw new StoreError(t.t('mcp.cli.error.store', { reason }));
  }
  return records;
}

/**
 * The grant files the file store moved aside as corrupt, oldest first: it renames one to
 * `<grants file>.corrupt-<UTC time>` (with `-<n>` when that name is taken) and never deletes it.
 */
export function movedAsideGrantFiles(grantsPath: string): string[] {
  const dir = dirname(grantsPath);
  const prefix = `${basename(grantsPath)}.corrupt-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // no store directory yet: nothing was moved
  }
  return names
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => join(dir, name));
}

/** One line per grant file moved aside as corrupt, naming it and what to do with it. */
export function movedAsideLines(paths: StorePaths, t: AppTranslator): string[] {
  return movedAsideGrantFiles(paths.grants).map((path) =>
    t.t('mcp.cli.grants.corrupt_moved', { path: clean(path, 500), file: clean(paths.grants, 500) }),
  );
}

/** The server id the scope is limited to: `serverId`, or what `serverQuery` names among `known`. */
export function serverOf(
  scope: Scope,
  known: Iterable<string>,
  names: ReadonlyMap<string, string>,
  t: AppTranslator,
): string | undefined {
  if (scope.serverId !== undefined || scope.serverQuery === undefined) return scope.serverId;
  const found = resolveServer(scope.serverQuery, known, names);
  if ('id' in found) return found.id;
  const ids = found.ambiguous.map((id) => shortServerId(id)).join(', ');
  throw new StoreError(
    t.t('mcp.cli.error.server_ambiguous', { name: clean(scope.serverQuery, 200), ids }),
  );
}

/** The display width output is laid out for: the terminal's, or unbounded when redirected. */
export function outputColumns(): number {
  return process.stdout.isTTY ? (process.stdout.columns ?? 80) : Infinity;
}

/** Lines of host text wrapped to the output's width (a long store path). */
export function fitted(lines: readonly string[], columns: number): string[] {
  if (!Number.isFinite(columns)) return [...lines];
  return lines.flatMap((line) => fitLine(line, columns, '  '));
}

export function header(scope: Scope, paths: StorePaths, t: AppTranslator, columns: number): string {
  const who = scope.all
    ? t.t('mcp.cli.scope.all')
    : t.t('mcp.cli.scope', { user: clean(scope.userId), workspace: clean(scope.workspaceId) });
  return fitted([who, t.t('mcp.cli.store', { path: clean(paths.dir, 500) })], columns).join('\n');
}

/** The legend under a table: which server each name or short id stands for. */
export function legendLines(labels: ServerLabels, columns: number, t: AppTranslator): string[] {
  return ['', t.t('mcp.cli.servers.legend'), ...labels.legend(columns)];
}

/**
 * One line as it is when it fits `columns` (its spacing kept), else wrapped at spaces with
 * `indent` on the lines after the first (which starts with `first`).
 */
export function fitLine(text: string, columns: number, indent: string, first = ''): string[] {
  if (!Number.isFinite(columns) || stringWidth(first + text) <= columns) return [first + text];
  return wrap(text, columns, indent, first);
}
