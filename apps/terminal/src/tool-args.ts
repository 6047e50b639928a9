/**
 * A tool's arguments in interactive mode, before its JSON is asked for: one line of facts
 * per argument (name · type · required or optional · allowed values · default) and its
 * description on the next, each cut to the terminal's width. The words and the cleaning
 * come from `describeToolArguments` of `@mcp-consent/prompt`; this only lays them out.
 */
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import type { ToolArgumentsView } from '@mcp-consent/prompt/tool-args';
import stringWidth from 'string-width';
import { fit } from './text.js';

/** The narrowest layout we draw; a narrower terminal wraps our lines itself. */
const MIN_COLUMNS = 40;

/** The lines describing a tool's arguments (`name` already cleaned), for `columns`. */
export function argumentLines(
  view: ToolArgumentsView,
  name: string,
  t: AppTranslator,
  columns: number,
): string[] {
  const width = Math.max(MIN_COLUMNS, columns) - 1; // the last column would wrap on some terminals
  if (view.status !== 'listed') return [fit(view.note ?? '', width)];
  const lines = [fit(t.t('mcp.cli.args.heading', { tool: name }), width)];
  for (const argument of view.arguments) {
    lines.push(fit(`  ${[argument.name, ...argument.details].join(' · ')}`, width));
    if (argument.description) lines.push(fit(`      ${argument.description}`, width));
  }
  if (view.note) lines.push(fit(`  ${view.note}`, width));
  return lines;
}

/** The prompt before the prefilled skeleton on a terminal. */
export const EDIT_PROMPT = '> ';

/**
 * The skeleton to type onto the input line, or `undefined` when there is nothing worth
 * editing (`{}`) or it does not fit on one line after {@link EDIT_PROMPT}: a line that wraps
 * is hard to edit, and the argument list above still says what to type.
 */
export function editableSkeleton(view: ToolArgumentsView, columns: number): string | undefined {
  const json = view.skeletonJson;
  return json !== '{}' && fitsInputLine(json, columns) ? json : undefined;
}

/** The text fits on the input line after {@link EDIT_PROMPT}, the cursor included. */
export function fitsInputLine(text: string, columns: number): boolean {
  return stringWidth(EDIT_PROMPT + text) < columns;
}
