/**
 * `grants`, `grants revoke` and `--reset`: the store read through the headless grants manager
 * of `@mcp-consent/prompt`, so columns, decisions, expiry and origins read exactly as in the
 * web manager, in the user's language; each server shown by its name or short id.
 */
import { createHash } from 'node:crypto';
import { systemClock } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { createPermissionManager } from '@mcp-consent/prompt';
import { fitTable } from './columns.js';
import type { StorePaths } from './config.js';
import type { LineInput } from './line-input.js';
import {
  filterOf,
  fitLine,
  fitted,
  header,
  legendLines,
  movedAsideLines,
  openStore,
  outputColumns,
  serverOf,
  type Scope,
} from './listing.js';
import { readServerNames, serverLabels, serversFilePath } from './servers.js';
import type { Records } from './store.js';
import { clean, safeJson } from './text.js';

export { StoreError, type Scope } from './listing.js';

/**
 * The user's names for servers and the grant filter of the scope, its `--server-id` (a name or
 * short id too) resolved against the servers the store has grants for.
 */
function grantScope(records: Records, paths: StorePaths, scope: Scope, t: AppTranslator) {
  const names = readServerNames(serversFilePath(paths.dir));
  const every = records.engine.grants();
  const known = every.map((grant) => grant.serverId);
  const serverId = serverOf(scope, known, names, t);
  return { names, every, serverId, filter: filterOf(scope, serverId) };
}

/**
 * A grant's short id for `grants` and `grants revoke`: the first 8 hex digits of the SHA-256
 * of its key. Stable across runs (keys are), short enough to type.
 */
export function shortId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/**
 * Prints the saved permissions of the scope as a table (or JSON), after a line for each grant
 * file the store moved aside as corrupt (on stderr with `--json`, so stdout stays JSON). A file
 * found corrupt now is moved aside, named, and the fresh store listed.
 */
export async function printGrants(
  paths: StorePaths,
  scope: Scope,
  options: { json: boolean; t: AppTranslator },
): Promise<void> {
  const { t } = options;
  const records = await openStore(paths, t, { reopenCorrupt: true });
  try {
    const { names, every, serverId, filter } = grantScope(records, paths, scope, t);
    const moved = movedAsideLines(paths, t);
    if (options.json) {
      for (const line of moved) process.stderr.write(`${line}\n`);
      // Full ids for scripts, and the name the user gave the server when there is one.
      const grants = records.engine.grants(filter).map((grant) => {
        const serverName = names.get(grant.serverId);
        return serverName === undefined ? grant : { ...grant, serverName };
      });
      process.stdout.write(`${safeJson(grants)}\n`);
      return;
    }
    const manager = createPermissionManager({
      engine: records.engine,
      clock: systemClock,
      translator: t,
      filter,
    });
    const { grants } = manager.connect();
    manager.destroy();
    const columnsNow = outputColumns();
    const lines = [header(scope, paths, t, columnsNow), ...fitted(moved, columnsNow)];
    if (grants.emptyText !== null) {
      lines.push(...fitted([grants.emptyText], columnsNow));
      const elsewhere = scope.all
        ? 0
        : every.filter(
            (grant) =>
              grant.userId === scope.userId &&
              grant.workspaceId !== scope.workspaceId &&
              (!serverId || grant.serverId === serverId),
          ).length;
      if (elsewhere > 0)
        lines.push(...fitted([t.t('mcp.cli.grants.elsewhere', { count: elsewhere })], columnsNow));
    } else {
      const serverOfKey = new Map(records.engine.grants(filter).map((g) => [g.key, g.serverId]));
      const idOf = (key: string) => serverOfKey.get(key) ?? '';
      const labels = serverLabels(
        grants.rows.map((row) => idOf(row.key)),
        names,
      );
      const cells = grants.rows.map((row) => [
        shortId(row.key),
        row.tool,
        labels.label(idOf(row.key)),
        row.decisionLabel,
        row.scopeText,
        row.expiresText,
      ]);
      const { tool, server, decision, scope: covers, expires } = grants.columns;
      const headers = [t.t('mcp.cli.grants.id'), tool, server, decision, covers, expires];
      const table = fitTable(headers, cells, columnsNow, [0]);
      lines.push(
        ...fitted([grants.countText], columnsNow),
        '',
        table ? table.join('\n') : stacked(cells, columnsNow),
      );
      lines.push(...legendLines(labels, columnsNow, t));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await records.close();
  }
}

/**
 * The grants on a terminal too narrow for the table: the id, tool and decision, then the
 * server, then what it covers and until when; each line wrapped to the width.
 */
function stacked(cells: readonly string[][], columns: number): string {
  const indent = ' '.repeat(10);
  const line = (text: string, first = indent) => fitLine(text, columns, indent, first);
  return cells
    .flatMap(([id, tool, server, decision, scope, expires]) => [
      ...line(`${id}  ${tool}  ${decision}`, ''),
      ...line(server!),
      ...line(`${scope} · ${expires}`),
    ])
    .join('\n');
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
  const records = await openStore(paths, t);
  try {
    const wanted = id.trim();
    const { filter } = grantScope(records, paths, scope, t);
    const grant = records.engine
      .grants(filter)
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
  const records = await openStore(paths, t);
  try {
    const { filter } = grantScope(records, paths, scope, t);
    const count = records.engine.grants(filter).length;
    if (count === 0) {
      process.stdout.write(`${t.t('mcp.grants.count', { count: 0 })}\n`);
      return 0;
    }
    if (!options.yes) {
      if (!process.stdin.isTTY) {
        process.stderr.write(`${t.t('mcp.cli.error.reset_needs_yes')}\n`);
        return 2;
      }
      process.stdout.write(`${header(scope, paths, t, Infinity)}\n`);
      const question = `${t.t('mcp.grants.confirm.revoke_all', { count })} ${t.t('mcp.cli.confirm.hint')} `;
      const answer = await options.input.ask(question);
      if (answer.kind === 'interrupt') return 130;
      const yes = t.t('mcp.cli.confirm.yes').split('|');
      if (answer.kind !== 'line' || !yes.includes(answer.text.trim().toLocaleLowerCase(t.locale))) {
        process.stdout.write(`${t.t('mcp.cli.reset.kept')}\n`);
        return 0;
      }
    }
    const revoked = await records.engine.revokeAll(filter);
    process.stdout.write(`${t.t('mcp.grants.revoked_all', { count: revoked })}\n`);
    return 0;
  } finally {
    await records.close();
  }
}
