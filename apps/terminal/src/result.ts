/**
 * What a tool call came to, in words for the user: the result's content as clean text,
 * the server's own error, or why the kit did not let the call run. (The denial text in
 * the result itself is written for the model, in English; the user reads ours.)
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Choice, RequestResult, ServerRef } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { denialOf, dryRunOutcomeOf, type DenialMeta } from '@mcp-consent/mcp';
import { describeDryRunResult, durationText } from '@mcp-consent/prompt';
import { clean, cleanBlock, errorMessage } from './text.js';

export type Outcome =
  | { kind: 'ok'; text: string }
  | { kind: 'tool_error'; text: string }
  /** The kit did not let it run, or (sent for real after a preview) it still did not: in words. */
  | { kind: 'denied'; message: string };

/** "Request timed out": `ErrorCode.RequestTimeout` of SDK 1.x, `SdkErrorCode.RequestTimeout` of v2. */
const REQUEST_TIMEOUT: readonly unknown[] = [-32001, 'REQUEST_TIMEOUT'];

/**
 * Why a call threw, for the user: a call the server left without news past the timeout says
 * so and names `--timeout`; anything else, the error's own words (cleaned).
 */
export function callFailure(error: unknown, tool: string, t: AppTranslator, timeoutMs: number) {
  if (REQUEST_TIMEOUT.includes((error as { code?: unknown } | null)?.code))
    return t.t('mcp.cli.error.call_timeout', { tool, seconds: timeoutMs / 1000 });
  return t.t('mcp.cli.error.call_failed', { tool, reason: clean(errorMessage(error), 500) });
}

const CHOICES = new Set<string>(['allow_once', 'allow_always', 'deny_once', 'deny_always']);

/** Sorts a result into ran / failed / denied, with the text to show. */
export function outcomeOf(
  result: CallToolResult,
  tool: string,
  t: AppTranslator,
  canPrompt: boolean,
  server: ServerRef = { id: tool },
  /** The engine's decision for this call, when the host saw it: names a rule or a mode. */
  decision?: RequestResult,
): Outcome {
  const denial = denialOf(result);
  if (denial) {
    const name = clean(tool, 200);
    const message =
      (decision && !decision.allowed ? decidedBy(decision, name, t) : null) ??
      denialMessage(denial, name, t, canPrompt, decision);
    return { kind: 'denied', message };
  }
  // Sent for real after a preview and it only previewed again or failed (seed 001): a sentence
  // and the server's message, quoted, never its JSON.
  const dryRun = dryRunOutcomeOf(result);
  const said = dryRun ? describeDryRunResult(dryRun, server, { translator: t }) : null;
  if (said)
    return { kind: 'denied', message: [said.sentence, said.serverSaid].filter(Boolean).join('\n') };
  const text = contentText(result, t);
  return result.isError ? { kind: 'tool_error', text } : { kind: 'ok', text };
}

/**
 * Why the engine denied without asking: a policy rule (named by number, file and layer, with
 * its reason), a deny rule applied while another policy file is broken, or the mode. Null
 * for the other denials, which the result's denial details describe.
 */
export function decidedBy(decision: RequestResult, tool: string, t: AppTranslator): string | null {
  const reason = decision.reason
    ? `\n${t.t('mcp.cli.denied.reason', { reason: clean(decision.reason, 500) })}`
    : '';
  const { rule } = decision;
  if (decision.origin === 'policy' && rule) {
    const sentence = t.t('mcp.cli.denied.rule', {
      tool,
      number: rule.index + 1,
      file: clean(rule.file, 500),
      layer: t.t(`mcp.cli.rules.layer.${rule.layer}`),
    });
    return sentence + reason;
  }
  if (decision.origin === 'mode' && decision.mode === 'plan')
    return t.t('mcp.cli.denied.plan', { tool });
  if (decision.origin === 'mode') return t.t('mcp.cli.denied.non_interactive', { tool });
  return null;
}

/**
 * Why the kit refused, from the denial details the guard attaches to the result, and the
 * engine's decision for this call when the host saw it (how long a remembered deny holds).
 */
export function denialMessage(
  denial: DenialMeta,
  tool: string,
  t: AppTranslator,
  canPrompt: boolean,
  decision?: RequestResult,
): string {
  if (denial.reason === 'dry_run_declined') return t.t('mcp.cli.denied.dry_run', { tool });
  if (denial.reason === 'result_withheld') return t.t('mcp.cli.denied.withheld', { tool });
  if (denial.reason === 'declined') {
    // A deny for this session lives in memory, not in the grants file: `grants` cannot show it.
    const session = decision?.grain === 'session';
    if (denial.settledBy === 'grant' && !session) return t.t('mcp.cli.denied.saved', { tool });
    return t.t('mcp.cli.denied.answer', { tool, choice: denyLabel(denial, decision, t) });
  }
  switch (denial.settledBy) {
    case 'timeout':
      return t.t('mcp.error.timeout');
    case 'abort':
    case 'cancel':
      return t.t('mcp.error.cancelled');
    default:
      return t.t(canPrompt ? 'mcp.error.prompt_failed' : 'mcp.error.no_prompt');
  }
}

/**
 * The deny the user picked, as the prompt's action said it: "Deny once", "Deny always", or
 * with the grain picked under "How long" ("Deny for this session", "Deny for 1 hour"), never
 * "Deny always" for a deny that ends.
 */
function denyLabel(denial: DenialMeta, decision: RequestResult | undefined, t: AppTranslator) {
  if (decision?.grain === 'session') return t.t('mcp.permission.grain.deny_session');
  const grant = decision?.grant;
  if (decision?.grain === 'timed' && grant?.expiresAt) {
    const ms = Date.parse(grant.expiresAt) - Date.parse(grant.grantedAt);
    if (ms > 0) return t.t('mcp.permission.grain.deny_timed', { duration: durationText(ms, t) });
  }
  const choice = CHOICES.has(denial.choice ?? '') ? (denial.choice as Choice) : 'deny_once';
  return t.t(`mcp.permission.action.${choice}`);
}

/** The result's content as text: text parts verbatim (cleaned), other parts as one line each. */
export function contentText(result: CallToolResult, t: AppTranslator): string {
  const parts: string[] = [];
  for (const part of result.content ?? []) {
    switch (part.type) {
      case 'text':
        parts.push(cleanBlock(part.text));
        break;
      case 'image':
      case 'audio':
        parts.push(
          t.t('mcp.cli.result.binary', { kind: part.type, mime: clean(part.mimeType, 100) }),
        );
        break;
      case 'resource_link':
        parts.push(
          t.t('mcp.cli.result.link', { name: clean(part.name, 200), uri: clean(part.uri, 500) }),
        );
        break;
      case 'resource': {
        const { resource } = part;
        parts.push(
          'text' in resource && typeof resource.text === 'string'
            ? cleanBlock(resource.text)
            : t.t('mcp.cli.result.binary', {
                kind: 'resource',
                mime: clean(resource.mimeType ?? '?', 100),
              }),
        );
        break;
      }
      default:
        break;
    }
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(cleanBlock(JSON.stringify(result.structuredContent, null, 2)));
  return parts.length > 0 ? parts.join('\n') : t.t('mcp.cli.result.empty');
}
