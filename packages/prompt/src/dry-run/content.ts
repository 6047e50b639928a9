import type { PromptRequest } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { formatArguments } from '../args-preview.js';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { navigationBindings } from '../keymap.js';
import { riskBadgeKey } from '../permission/risk-badge.js';
import { riskColorRole } from '../permission/types.js';
import { serverChip } from '../sheet-parts.js';
import { parseMarkdown } from '../markdown.js';
import { dryRunIds } from './anatomy.js';
import type { DryRunApi, DryRunContent, DryRunPromptOptions, DryRunRequest } from './types.js';
import { dryRunStep } from './step.js';

/**
 * What the dry-run model shows for an engine prompt request of kind `dry_run` (a server's
 * `DRY_RUN_PREVIEW`, which `@mcp-consent/mcp` asks about, seed 001); `null` for every other kind.
 * Every renderer reads it with this one function.
 */
export function dryRunRequestOf(request: PromptRequest): DryRunRequest | null {
  if (request.kind !== 'dry_run') return null;
  return {
    id: request.id,
    server: request.call.server,
    tool: request.call.tool,
    preview: request.dryRun.preview,
    hint: typeof request.dryRun.hint === 'string' ? request.dryRun.hint : null,
    risk: request.risk,
  };
}

/**
 * Everything a dry-run sheet shows that the request decides, computed once: the tool and
 * server, the redacted preview, the server's hint and the engine's risk tier. Server text
 * is sanitized here.
 */
export function describeDryRun(
  request: DryRunRequest,
  options: DryRunPromptOptions,
  t: Translator,
): DryRunContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const { tool } = request;
  const name = cleaner.text(tool.name, TEXT_LIMITS.toolName) || '?';
  const rawTitle = [tool.title, tool.annotations?.title].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
  const displayName = rawTitle === undefined ? name : cleaner.text(rawTitle, TEXT_LIMITS.toolTitle);
  const server = serverChip(request.server, cleaner, t);
  const preview = formatArguments(request.preview, t, { mode: options.textMode, ...options.args });
  for (const kind of preview.found) cleaner.found.add(kind);
  const hint = serverNote(request.hint, cleaner, t);
  // After every piece of server text above, so the notice counts them all.
  const notices: DryRunApi['notices'] = cleaner.shouldNotice
    ? [{ kind: 'hidden_characters', text: t.t('mcp.permission.notice.hidden_characters') }]
    : [];
  return {
    t,
    prefix,
    ids: dryRunIds(prefix),
    // Step 2 of 2: the preview is back, the question is whether to send for real.
    step: dryRunStep(2, t),
    tool: { name, displayName },
    server,
    risk: request.risk
      ? {
          tier: request.risk.tier,
          colorRole: riskColorRole[request.risk.tier],
          // The same truthful badge as the permission sheet, never the bare tier's R9 label.
          label: t.t(
            `mcp.permission.risk.${riskBadgeKey(request.risk.tier, request.risk.reasons, request.tool)}`,
          ),
        }
      : null,
    preview,
    hint,
    notices,
    keymap: [
      { keys: ['Escape', 'Esc'], intent: 'escape', action: 'deny' },
      { keys: ['Enter'], intent: 'activate-focused' },
      ...navigationBindings(t.dir),
    ],
  };
}

/**
 * The server's `recovery_hint` ("Set MCP_DRY_RUN=false AND pass `__confirm:true` …") is written
 * for its operator or agent, not for the user: it is kept only as quoted server text under a kit
 * label that says whose note it is, never as the kit's instruction. Cleaned before parsing.
 */
function serverNote(
  raw: string | null | undefined,
  cleaner: TextCleaner,
  t: Translator,
): DryRunApi['hint'] {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const text = cleaner.text(raw, TEXT_LIMITS.hint, true);
  return {
    heading: t.t('mcp.dry_run.hint.heading'),
    label: t.t('mcp.dry_run.hint.label'),
    text,
    blocks: parseMarkdown(text),
  };
}
