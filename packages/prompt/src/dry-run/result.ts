import type { ServerRef } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { resolveTranslator, TEXT_LIMITS, TextCleaner, type BaseModelOptions } from '../core.js';
import { serverChip } from '../sheet-parts.js';

/** How a call sent for real after a preview came back (`dryRunOutcomeOf` in `@mcp-consent/mcp`). */
export interface DryRunOutcomeInput {
  outcome: 'done' | 'still_preview' | 'server_error';
  tool: string;
  /** The server's own message (untrusted); cleaned here. */
  message: string | null;
}

/** What a host shows instead of the server's JSON: a kit sentence and the server's words, quoted. */
export interface DryRunResultView {
  /** Kit copy: what happened after Send for real. */
  sentence: string;
  /** "The server said: “…”", cleaned and capped; `null` when the server sent no message. */
  serverSaid: string | null;
}

/**
 * The words for what came back after the user chose Send for real (step 2 of 2, seed 001): that
 * the server only previewed again because its operator's half is off, or that it answered with
 * an error, with its message quoted. `null` for `done`: the host shows the result as usual.
 */
export function describeDryRunResult(
  outcome: DryRunOutcomeInput,
  server: ServerRef,
  options: Pick<BaseModelOptions, 'translator' | 'locale' | 'textMode'> = {},
): DryRunResultView | null {
  if (outcome.outcome === 'done') return null;
  const t: Translator = resolveTranslator(options);
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const values = {
    tool: cleaner.text(outcome.tool, TEXT_LIMITS.toolName) || '?',
    server: serverChip(server, cleaner, t).name,
  };
  if (outcome.outcome === 'still_preview')
    return { sentence: t.t('mcp.dry_run.result.still_preview', values), serverSaid: null };
  const message =
    typeof outcome.message === 'string' && outcome.message.trim() !== ''
      ? cleaner.text(outcome.message, TEXT_LIMITS.hint, true)
      : null;
  return {
    sentence: t.t('mcp.dry_run.result.error', values),
    serverSaid: message === null ? null : t.t('mcp.dry_run.result.server_said', { message }),
  };
}
