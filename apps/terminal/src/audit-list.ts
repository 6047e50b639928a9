/**
 * `audit`: the newest decisions of the scope through the headless manager of
 * `@mcp-consent/prompt` (times, decisions, risk and who decided read as in the web manager),
 * each server shown by its name or short id, with a legend.
 */
import { isDecisionEvent, systemClock, type AuditEvent } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { createPermissionManager } from '@mcp-consent/prompt';
import { fitTable } from './columns.js';
import type { StorePaths } from './config.js';
import {
  fitLine,
  fitted,
  header,
  inScope,
  legendLines,
  openStore,
  outputColumns,
  serverOf,
  StoreError,
  type Scope,
} from './listing.js';
import { readServerNames, serverLabels, serversFilePath } from './servers.js';
import { clean, safeJson } from './text.js';

/** Prints the newest `limit` audit events of the scope, newest first (JSON: file order). */
export async function printAudit(
  paths: StorePaths,
  scope: Scope,
  options: { json: boolean; limit: number; t: AppTranslator },
): Promise<void> {
  const { t } = options;
  const records = await openStore(paths, t);
  try {
    let read: AuditEvent[];
    try {
      read = await records.audit.read();
    } catch (error) {
      const reason = clean(error instanceof Error ? error.message : String(error), 500);
      throw new StoreError(t.t('mcp.cli.error.store', { reason }));
    }
    const names = readServerNames(serversFilePath(paths.dir));
    const known = read.flatMap((event) =>
      typeof event.server_id === 'string' ? [event.server_id] : [],
    );
    const events = read.filter(inScope(scope, serverOf(scope, known, names, t)));
    if (options.json) {
      process.stdout.write(`${safeJson(events.slice(-options.limit))}\n`);
      return;
    }
    const decisions = events.filter(isDecisionEvent);
    const manager = createPermissionManager({
      engine: records.engine,
      clock: systemClock,
      translator: t,
      audit: () => decisions,
      auditLimit: options.limit,
    });
    const api = manager.connect();
    await api.refreshAudit();
    const { audit } = manager.connect();
    manager.destroy();
    const columnsNow = outputColumns();
    const lines = [header(scope, paths, t, columnsNow)];
    if (audit.emptyText !== null) lines.push(...fitted([audit.emptyText], columnsNow));
    else {
      // The rows are the decisions newest first; the timestamp confirms the pairing, and a row
      // that does not pair shows the full id rather than a wrong name.
      const shown = decisions.slice().reverse();
      const idOf = (index: number) => {
        const event = shown[index];
        return event && event.timestamp === audit.rows[index]?.timestamp
          ? event.server_id
          : undefined;
      };
      const labels = serverLabels(
        audit.rows.flatMap((_, index) => idOf(index) ?? []),
        names,
      );
      const cells = audit.rows.map((row, index) => {
        const id = idOf(index);
        // The short date and time: the medium one ("Nov 28, 2026, 2:25 AM") costs a column.
        const time = Date.parse(row.timestamp);
        return [
          Number.isNaN(time) ? row.timeText : t.t('mcp.cli.audit.at', { time }),
          row.tool,
          id === undefined ? row.server : labels.label(id),
          row.decisionLabel,
          row.riskText,
          row.originText,
        ];
      });
      const { columns } = audit;
      const headers = [
        columns.time,
        columns.tool,
        columns.server,
        columns.decision,
        columns.risk,
        columns.origin,
      ];
      const table = fitTable(headers, cells, columnsNow);
      const shownText = t.t('mcp.cli.audit.shown', {
        shown: audit.rows.length,
        total: audit.total,
      });
      lines.push(
        ...fitted([shownText], columnsNow),
        '',
        table ? table.join('\n') : stackedAudit(cells, columnsNow),
        ...legendLines(labels, columnsNow, t),
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await records.close();
  }
}

/** The history on a terminal too narrow for its table: time, tool and decision, then the rest. */
function stackedAudit(cells: readonly string[][], columns: number): string {
  const indent = ' '.repeat(4);
  return cells
    .flatMap(([time, tool, server, decision, risk, origin]) => [
      ...fitLine(`${time}  ${tool}  ${decision}`, columns, indent),
      ...fitLine(`${server} · ${risk} · ${origin}`, columns, indent, indent),
    ])
    .join('\n');
}
