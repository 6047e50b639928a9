import { effectiveHints, hasHints, type ToolDefinition } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { TEXT_LIMITS, type TextCleaner } from './core.js';

/** One line under "This tool will:". */
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

/**
 * The effect lines of spec R1: the annotation title, then one line per hint with the MCP
 * defaults applied (the engine's `effectiveHints`), destructive and idempotent only when
 * the tool is not read-only.
 */
export function describeEffects(
  tool: ToolDefinition,
  t: Translator,
  cleaner: TextCleaner,
): Effects {
  const hints = effectiveHints(tool.annotations);
  const unannotated = !hasHints(tool);
  const lines: EffectLine[] = [];
  const line = (effect: Exclude<EffectKey, 'title'>, declared: boolean) =>
    lines.push({
      effect,
      text: t.t(`mcp.permission.effect.${effect}`),
      source: declared ? 'declared' : 'assumed',
      sourceText: t.t(
        declared ? 'mcp.permission.effect.declared' : 'mcp.permission.effect.assumed',
      ),
      tone: CAUTION.has(effect) ? 'caution' : 'neutral',
    });

  const title = tool.annotations?.title;
  if (typeof title === 'string' && title.trim() !== '') {
    lines.push({
      effect: 'title',
      text: t.t('mcp.permission.effect.title', {
        title: cleaner.text(title, TEXT_LIMITS.annotationTitle),
      }),
      source: 'declared',
      sourceText: t.t('mcp.permission.effect.declared'),
      tone: 'neutral',
    });
  }
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
