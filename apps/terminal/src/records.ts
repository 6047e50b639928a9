/**
 * `grants`, `audit` and `--reset`: the store read through the headless grants manager of
 * `@mcp-consent/prompt`, so columns, decisions, expiry and origins read exactly as in
 * the web manager, in the user's language.
 */
import { createHash } from 'node:crypto';
import { systemClock, type AuditEvent, type GrantFilter } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { createPermissionManager } from '@mcp-consent/prompt';
import type { StorePaths } from './config.js';
import type { LineInput } from './line-input.js';
import { openRecords, type Records } from './store.js';
import stringWidth from 'string-width';
import { clean, safeJson, table } from './text.js';

export interface Scope {
  userId: string;
  workspaceId: string;
  /** Only this server's records, when a server was named. */
  serverId?: string;
  /** Every user and workspace. */
  all: boolean;
}

/** Failure to read the store: exit code 2 with this (localized) message. */
export class StoreError extends Error {
  override name = 'StoreError';
}

const filterOf = (scope: Scope): GrantFilter => ({
  ...(scope.all ? {} : { userId: scope.userId, workspaceId: scope.workspaceId }),
  ...(scope.serverId ? { serverId: scope.serverId } : {}),
});

const inScope = (scope: Scope) => (event: AuditEvent) =>
  (scope.all ||
    (event.koder_user_id === scope.userId && event.workspace_id === scope.workspaceId)) &&
  (!scope.serverId || event.server_id === scope.serverId);

async function open(paths: StorePaths, t: AppTranslator): Promise<Records> {
  const records = openRecords(paths);
  try {
    await records.engine.ready;
  } catch (error) {
    await records.close();
    const reason = clean(error instanceof Error ? error.message : String(error), 500);
    throw new StoreError(t.t('mcp.cli.error.store', { reason }));
  }
  return records;
}

function header(scope: Scope, paths: StorePaths, t: AppTranslator): string {
  const who = scope.all
    ? t.t('mcp.cli.scope.all')
    : t.t('mcp.cli.scope', { user: clean(scope.userId), workspace: clean(scope.workspaceId) });
  return `${who}\n${t.t('mcp.cli.store', { path: clean(paths.dir, 500) })}`;
}

/**
 * A grant's short id for `grants` and `grants revoke`: the first 8 hex digits of the SHA-256
 * of its key. Stable across runs (keys are), short enough to type.
 */
export function shortId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** Prints the saved permissions of the scope as a table (or JSON). */
export async function printGrants(
  paths: StorePaths,
  scope: Scope,
  options: { json: boolean; t: AppTranslator },
): Promise<void> {
  const { t } = options;
  const records = await open(paths, t);
  try {
    if (options.json) {
      process.stdout.write(`${safeJson(records.engine.grants(filterOf(scope)))}\n`);
      return;
    }
    const manager = createPermissionManager({
      engine: records.engine,
      clock: systemClock,
      translator: t,
      filter: filterOf(scope),
    });
    const { grants } = manager.connect();
    manager.destroy();
    const lines = [header(scope, paths, t)];
    if (grants.emptyText !== null) lines.push(grants.emptyText);
    else {
      const { columns } = grants;
      const cells = grants.rows.map((row) => [
        shortId(row.key),
        row.tool,
        row.server,
        row.decisionLabel,
        row.scopeText,
        row.expiresText,
      ]);
      const { tool, server, decision, scope: covers, expires } = columns;
      const wide = table(
        [t.t('mcp.cli.grants.id'), tool, server, decision, covers, expires],
        cells,
      );
      const columnsNow = process.stdout.isTTY ? (process.stdout.columns ?? 80) : Infinity;
      const fits = wide.split('\n').every((line) => stringWidth(line) <= columnsNow);
      lines.push(grants.countText, '', fits ? wide : stacked(cells));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await records.close();
  }
}

/**
 * The grants on a terminal too narrow for the table (a stdio server id is a whole command
 * line): the id, tool and decision, then the server, then what it covers and until when.
 */
function stacked(cells: readonly string[][]): string {
  return cells
    .map(([id, tool, server, decision, scope, expires]) =>
      [
        `${id}  ${tool}  ${decision}`,
        `          ${server}`,
        `          ${scope} · ${expires}`,
      ].join('\n'),
    )
    .join('\n');
}

/** Prints the newest `limit` audit events of the scope, newest first (JSON: file order). */
export async function printAudit(
  paths: StorePaths,
  scope: Scope,
  options: { json: boolean; limit: number; t: AppTranslator },
): Promise<void> {
  const { t } = options;
  const records = await open(paths, t);
  try {
    let events: AuditEvent[];
    try {
      events = (await records.audit.read()).filter(inScope(scope));
    } catch (error) {
      const reason = clean(error instanceof Error ? error.message : String(error), 500);
      throw new StoreError(t.t('mcp.cli.error.store', { reason }));
    }
    if (options.json) {
      process.stdout.write(`${safeJson(events.slice(-options.limit))}\n`);
      return;
    }
    const manager = createPermissionManager({
      engine: records.engine,
      clock: systemClock,
      translator: t,
      audit: () => events,
      auditLimit: options.limit,
    });
    const api = manager.connect();
    await api.refreshAudit();
    const { audit } = manager.connect();
    manager.destroy();
    const lines = [header(scope, paths, t)];
    if (audit.emptyText !== null) lines.push(audit.emptyText);
    else {
      const { columns } = audit;
      lines.push(
        t.t('mcp.cli.audit.shown', { shown: audit.rows.length, total: audit.total }),
        '',
        table(
          [
            columns.time,
            columns.tool,
            columns.server,
            columns.decision,
            columns.risk,
            columns.origin,
          ],
          audit.rows.map((row) => [
            row.timeText,
            row.tool,
            row.server,
            row.decisionLabel,
            row.riskText,
            row.originText,
          ]),
        ),
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await records.close();
  }
}

/**
 * `grants revoke <id>`: revokes the one grant of the scope whose short id (or full key) is
 * `id`. Returns the exit code: 0 revoked, 1 no such grant (or it could not be removed).
 */
export async function revokeGrant(
  paths: StorePaths,
  scope: Scope,
  id: string,
  options: { t: AppTranslator },
): Promise<number> {
  const { t } = options;
  const records = await open(paths, t);
  try {
    const wanted = id.trim();
    const grant = records.engine
      .grants(filterOf(scope))
      .find((g) => g.key === wanted || shortId(g.key) === wanted.toLowerCase());
    if (!grant) {
      process.stderr.write(`${t.t('mcp.cli.grants.not_found', { id: clean(wanted, 200) })}\n`);
      return 1;
    }
    if (!(await records.engine.revoke(grant))) {
      process.stderr.write(`${t.t('mcp.cli.grants.not_revoked', { id: shortId(grant.key) })}\n`);
      return 1;
    }
    const tool = clean(grant.toolName, 200);
    process.stdout.write(
      `${t.t('mcp.cli.grants.revoked', { id: shortId(grant.key), tool, server: clean(grant.serverId, 300) })}\n`,
    );
    return 0;
  } finally {
    await records.close();
  }
}

/**
 * Clears the saved permissions of the scope after a confirmation (`--yes` skips it;
 * without a terminal and without `--yes` nothing is cleared). Returns the exit code.
 */
export async function resetGrants(
  paths: StorePaths,
  scope: Scope,
  options: { yes: boolean; t: AppTranslator; input: LineInput },
): Promise<number> {
  const { t } = options;
  const records = await open(paths, t);
  try {
    const count = records.engine.grants(filterOf(scope)).length;
    if (count === 0) {
      process.stdout.write(`${t.t('mcp.grants.count', { count: 0 })}\n`);
      return 0;
    }
    if (!options.yes) {
      if (!process.stdin.isTTY) {
        process.stderr.write(`${t.t('mcp.cli.error.reset_needs_yes')}\n`);
        return 2;
      }
      process.stdout.write(`${header(scope, paths, t)}\n`);
      const question = `${t.t('mcp.grants.confirm.revoke_all', { count })} ${t.t('mcp.cli.confirm.hint')} `;
      const answer = await options.input.ask(question);
      if (answer.kind === 'interrupt') return 130;
      const yes = t.t('mcp.cli.confirm.yes').split('|');
      if (answer.kind !== 'line' || !yes.includes(answer.text.trim().toLocaleLowerCase(t.locale))) {
        process.stdout.write(`${t.t('mcp.cli.reset.kept')}\n`);
        return 0;
      }
    }
    const revoked = await records.engine.revokeAll(filterOf(scope));
    process.stdout.write(`${t.t('mcp.grants.revoked_all', { count: revoked })}\n`);
    return 0;
  } finally {
    await records.close();
  }
}
