import { effectiveHints, hasHints, type ToolDefinition } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import type { TextCleaner } from './core.js';

/** One line under "This tool will:" (`title` is no longer produced; kept for compatibility). */
export type EffectKey =
  | 'title'
  | 'read_only'
  | 'writes'
  | 'destructive'
  | 'additive'
  | 'idempotent'
  | 'not_idempotent'
  | 'open_world'
  | 'closed_world';

export interface EffectLine {
  effect: EffectKey;
  text: string;
  /** `declared` by the server, or `assumed` from the MCP default because the hint is absent. */
  source: 'declared' | 'assumed';
  /** "Declared by the server" / "Assumed: the server did not say". */
  sourceText: string;
  /** `caution` for lines that widen what the tool can do; renderers map it to an icon or colour. */
  tone: 'caution' | 'neutral';
}

export interface Effects {
  heading: string;
  /** The server declared none of the four hints: every line is an assumption. */
  unannotated: boolean;
  /** "The server did not say what this tool does. Assume the worst:" when unannotated. */
  unannotatedText: string | null;
  lines: EffectLine[];
}

const CAUTION = new Set<EffectKey>(['writes', 'destructive', 'not_idempotent', 'open_world']);

/** The lines the MCP defaults can assume (a hint that is absent); the others are always declared. */
const ASSUMED_TEXT = {
  writes: 'mcp.permission.effect.assumed_writes',
  destructive: 'mcp.permission.effect.assumed_destructive',
  not_idempotent: 'mcp.permission.effect.assumed_not_idempotent',
  open_world: 'mcp.permission.effect.assumed_open_world',
} as const satisfies Partial<Record<EffectKey, string>>;

/**
 * The effect lines of spec R1: one line per hint with the MCP defaults applied (the engine's
 * `effectiveHints`), destructive and idempotent only when the tool is not read-only. A
 * declared hint is worded as the server's claim ("The server says it only reads data"), an
 * absent one as an assumption ("May change data — the server did not say"): the kit never
 * states what a tool does as fact. The annotation title is server text: it is shown with
 * the rest of what the server said (`fromServer`), not here.
 */
export function describeEffects(
  tool: ToolDefinition,
  t: Translator,
  // Kept for compatibility: no server text is shown in effect lines any more.
  _cleaner?: TextCleaner,
): Effects {
  const hints = effectiveHints(tool.annotations);
  const unannotated = !hasHints(tool);
  const lines: EffectLine[] = [];
  const line = (effect: Exclude<EffectKey, 'title'>, declared: boolean) => {
    const assumedId =
      !declared && Object.hasOwn(ASSUMED_TEXT, effect)
        ? ASSUMED_TEXT[effect as keyof typeof ASSUMED_TEXT]
        : undefined;
    lines.push({
      effect,
      text: t.t(assumedId ?? `mcp.permission.effect.${effect}`),
      source: declared ? 'declared' : 'assumed',
      sourceText: t.t(
        declared ? 'mcp.permission.effect.declared' : 'mcp.permission.effect.assumed',
      ),
      tone: CAUTION.has(effect) ? 'caution' : 'neutral',
    });
  };
  const { declared } = hints;
  if (hints.readOnly) line('read_only', declared.readOnly);
  else {
    line('writes', declared.readOnly);
    if (hints.destructive) line('destructive', declared.destructive);
    else line('additive', declared.destructive);
    if (hints.idempotent) line('idempotent', declared.idempotent);
    else line('not_idempotent', declared.idempotent);
  }
  if (hints.openWorld) line('open_world', declared.openWorld);
  else line('closed_world', declared.openWorld);

  return {
    heading: t.t('mcp.permission.effects.heading'),
    unannotated,
    unannotatedText: unannotated ? t.t('mcp.permission.effects.unannotated') : null,
    lines,
  };
}
