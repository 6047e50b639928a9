/**
 * The interactive host: list the server's tools, then ask which one to call and with
 * which JSON arguments, call it through the guard (the Ink prompt asks when the engine
 * says so) and print the result or the reason it did not run. `q` or Ctrl+D quits.
 */
import type { PermissionEngine, ServerRef, ToolDefinition } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { riskBadgeKey } from '@mcp-consent/prompt';
import { describeToolArguments } from '@mcp-consent/prompt/tool-args';
import { fitLine } from './listing.js';
import type { Answer, LineInput } from './line-input.js';
import { callFailure, outcomeOf } from './result.js';
import type { Session } from './session.js';
import { clean, fit, messageFor, SHORT_WORD } from './text.js';
import { argumentLines, EDIT_PROMPT, editableSkeleton, fitsInputLine } from './tool-args.js';

/**
 * Exit codes: 0 after `q` or end of input, 130 after Ctrl+C. Results go to `out`; the menus
 * (the tool list, argument lines, hints, input errors) to `ui`, the terminal the person types
 * on, so `> results.txt` keeps the results and leaves the choices on screen. Why a call did not
 * run goes to both.
 */
export async function runInteractive(
  session: Session,
  server: ServerRef,
  input: LineInput,
  t: AppTranslator,
  out: NodeJS.WriteStream = process.stdout,
  ui: NodeJS.WriteStream = out,
): Promise<number> {
  const write = (text: string) => void ui.write(`${text}\n`);
  const result = (text: string) => void out.write(`${text}\n`);
  /** A message of ours (not a list line, not the server's result), wrapped on a terminal. */
  const message = (text: string) => write(messageFor(ui, text));
  /** Why a call did not run: with the results, and on the terminal when that is elsewhere. */
  const outcomeLine = (text: string) => {
    result(messageFor(out, text));
    if (ui !== out) message(text);
  };
  const tools = () => session.client.catalog.list();
  const listTools = () => {
    const all = tools();
    message(
      t.t('mcp.cli.connected', { server: clean(server.name ?? server.id, 200), count: all.length }),
    );
    const assess = session.records.engine.assess;
    for (const line of toolLines(all, server, t, ui.columns ?? 80, assess)) write(line);
  };
  listTools();

  for (;;) {
    write('');
    const picked = await input.ask(t.t('mcp.cli.ask.tool'));
    if (picked.kind === 'interrupt') return 130;
    if (picked.kind === 'eof') return 0;
    const answer = picked.text.trim();
    if (answer === '') continue;
    if (answer === 'q') return 0;
    if (answer === 'l') {
      listTools();
      continue;
    }
    const tool = pick(answer, tools());
    if (!tool) {
      message(t.t('mcp.cli.error.unknown_tool', { tool: clean(answer, 200) }));
      continue;
    }

    const name = clean(tool.name, 200);
    const columns = ui.columns ?? 80;
    const described = describeToolArguments(tool.inputSchema, { translator: t });
    for (const line of argumentLines(described, name, t, columns)) write(line);
    const skeleton = editableSkeleton(described, columns);
    // Piped input cannot be edited: the skeleton is a hint to copy from.
    if (skeleton && !input.editable) write(t.t('mcp.cli.args.hint', { skeleton }));
    let args: Record<string, unknown> | undefined;
    let prefill = skeleton;
    while (!args) {
      const typed = await askArguments(input, name, prefill, t);
      if (typed.kind === 'interrupt') return 130;
      if (typed.kind === 'eof') return 0;
      const parsed = parseArguments(typed.text);
      if (parsed.ok) args = parsed.value;
      else {
        message(t.t(parsed.error, { example: '{"id": "groceries"}' }));
        // Asked again with the line as typed, to fix rather than retype (when it fits).
        if (prefill) prefill = editable(typed.text, columns) ?? prefill;
      }
    }

    let outcome;
    try {
      outcome = outcomeOf(
        await session.call(tool.name, args),
        tool.name,
        t,
        session.canPrompt,
        server,
        session.lastDecision(),
      );
    } catch (error) {
      await session.terminalFree();
      outcomeLine(callFailure(error, name, t, session.timeoutMs));
      if (!session.client.transport) {
        outcomeLine(t.t('mcp.cli.error.lost'));
        return 1;
      }
      continue;
    }
    await session.terminalFree();
    if (outcome.kind === 'denied') {
      outcomeLine(outcome.message);
    } else {
      result(
        t.t(outcome.kind === 'ok' ? 'mcp.cli.result.heading' : 'mcp.cli.result.error', {
          tool: name,
        }),
      );
      result(outcome.text);
    }
  }
}

/**
 * `  1. notes_put · Write a note · Medium risk` (wrapped to `columns`), then the description's
 * first line, indented and cut to one line.
 */
export function toolLines(
  tools: readonly ToolDefinition[],
  server: ServerRef,
  t: AppTranslator,
  columns: number,
  /** The engine's assessment, so the list says what the prompt will say. */
  assess: PermissionEngine['assess'],
): string[] {
  const lines: string[] = [];
  const width = tools.length >= 10 ? 2 : 1;
  tools.forEach((tool, index) => {
    const title = tool.title ?? tool.annotations?.title;
    const { tier, reasons } = assess({ tool, server }).risk;
    // The sheet's truthful badge (riskBadgeKey), so the list never says "read-only" of a writer.
    const risk = keepTogether(t.t(`mcp.permission.risk.${riskBadgeKey(tier, reasons, tool)}`));
    const head = [clean(tool.name, 120), ...(title ? [clean(title, 120)] : []), risk].join(' · ');
    // Wrapped at spaces under its first word: the terminal would cut a word at the edge.
    const number = `  ${String(index + 1).padStart(width)}. `;
    const under = ' '.repeat(number.length);
    // Spaces again once wrapped: copied text must not carry no-break spaces.
    lines.push(...fitLine(head, columns, under, number).map((line) => line.replaceAll(NBSP, ' ')));
    // One column further in than the name, on one line.
    const description = clean(tool.description?.split('\n').find((line) => line.trim()) ?? '', 500);
    if (description)
      lines.push(`${under} ${fit(description, Math.max(20, columns - under.length - 2))}`);
  });
  return lines;
}

const NBSP = '\u00a0';

/**
 * The badge with the spaces of each part that `wrap` would move whole ("Medium risk", "may
 * modify data") made no-break while the line is wrapped, so it breaks only between parts:
 * "Medium" and "risk" on two lines read as two things.
 */
function keepTogether(badge: string): string {
  return badge
    .split(' · ')
    .map((part) => (part.length <= SHORT_WORD ? part.replaceAll(' ', NBSP) : part))
    .join(' · ');
}

/**
 * On a terminal with a skeleton: the question on its own line, then the skeleton on the
 * input line to edit (one question, so it is drawn where questions go, `/dev/tty` when stdout
 * is redirected). Otherwise the one-line question, Enter for `{}`. Either way an empty line
 * means `{}`, as the question says.
 */
function askArguments(
  input: LineInput,
  tool: string,
  prefill: string | undefined,
  t: AppTranslator,
): Promise<Answer> {
  if (!prefill || !input.editable) return input.ask(t.t('mcp.cli.ask.args', { tool, empty: '{}' }));
  return input.ask(`${t.t('mcp.cli.ask.args_edit', { empty: '{}' })}\n${EDIT_PROMPT}`, prefill);
}

/** A typed line to offer again: only plain text that fits on the input line. */
function editable(text: string, columns: number): string | undefined {
  const line = text.trim();
  return line && clean(line, columns) === line && fitsInputLine(line, columns) ? line : undefined;
}

/** A number from the list (1-based) or an exact tool name. */
function pick(answer: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  if (/^\d+$/.test(answer)) return tools[Number(answer) - 1];
  return tools.find((tool) => tool.name === answer);
}

type Parsed =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: 'mcp.cli.error.invalid_json' | 'mcp.cli.error.not_object' };

/** Empty means `{}`; otherwise a JSON object. */
export function parseArguments(text: string): Parsed {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'mcp.cli.error.invalid_json' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'mcp.cli.error.not_object' };
  return { ok: true, value: value as Record<string, unknown> };
}
