/**
 * Server text on the page itself (its tool list, the call button, the result headline), cleaned
 * the way the sheets clean it: `sanitizeText` of `@mcp-consent/prompt` with the sheets' limits,
 * so a right-to-left override or a zero-width space can never reorder or hide a tool's name.
 * A run of hidden characters reads "[1 hidden character]" in a name, and is a chip in a
 * description. Bound as text only.
 */
import { html, type TemplateResult } from 'lit';
import { sanitizeText, serverTextAttrs, TEXT_LIMITS } from '@mcp-consent/prompt';
import type { AppTranslator } from '@mcp-consent/i18n/apps';

/** How a run of hidden characters reads: the sheets' words. */
function hiddenRun(t: AppTranslator): (count: number) => { label: string; inline: string } {
  return (count) => ({
    label: t.t('mcp.text.hidden_run', { count }),
    inline: t.t('mcp.text.hidden_run_inline', { count }),
  });
}

/** A tool's name as the permission sheet shows it: plain text, hidden runs in brackets. */
export function toolNameText(t: AppTranslator, name: unknown): string {
  const clean = sanitizeText(name, { maxLength: TEXT_LIMITS.toolName, hiddenRun: hiddenRun(t) });
  return clean.text || '?';
}

/**
 * A tool's description: text, and each run of hidden characters as a chip with its count, its
 * codes in the chip's tooltip. The chip is a label, not a button: it sits inside the tool's button.
 */
export function toolDescription(t: AppTranslator, description: unknown): TemplateResult {
  const { parts } = sanitizeText(description, {
    maxLength: TEXT_LIMITS.description,
    multiline: true,
    hiddenRun: hiddenRun(t),
  });
  const root = serverTextAttrs('server-text');
  const chip = serverTextAttrs('hidden-chip');
  return html`<span data-scope=${root['data-scope']} data-part=${root['data-part']}
    >${parts.map((part) =>
      part.type === 'text'
        ? part.text
        : html`<span
            class="hidden-chip"
            data-scope=${chip['data-scope']}
            data-part=${chip['data-part']}
            title=${part.codes}
            >${part.label}</span
          >`,
    )}</span
  >`;
}
