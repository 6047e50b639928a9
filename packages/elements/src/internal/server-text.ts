import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { serverTextAttrs, type ServerText, type TextPart } from '@mcp-consent/prompt';

/**
 * Server text in a Lit sheet: `ServerText` (from the prompt model's `TextCleaner.serverText`)
 * as text nodes, and each run of hidden characters as one chip, a small button ("200 hidden
 * characters") whose `aria-expanded` shows or hides the run's codes. Never markup: every
 * piece is a Lit text binding.
 *
 * ```ts
 * import { serverText } from './internal/server-text.js';
 * import { serverTextStyles } from './internal/server-text.styles.js';
 * static styles = [tokens, buttons, …, serverTextStyles];
 * html`<p dir="auto">${serverText(api.fromServer.description)}</p>`
 * ```
 *
 * Whether a chip is open is the reader's, not the model's: it lives on the chip's own
 * attributes, and the DOM is made afresh (`keyed`) for each new `ServerText`.
 */
export function serverText(value: ServerText | null | undefined): ServerTextResult {
  if (!value || value.parts.length === 0) return nothing;
  const root = serverTextAttrs('server-text');
  return keyed(
    value,
    html`<span data-scope=${root['data-scope']} data-part=${root['data-part']}
      >${value.parts.map(part)}</span
    >`,
  );
}

/** What `serverText` returns: put it anywhere in a template. */
export type ServerTextResult = ReturnType<typeof keyed> | typeof nothing;

function part(piece: TextPart): TemplateResult | string {
  if (piece.type === 'text') return piece.text;
  const chip = serverTextAttrs('hidden-chip');
  const codes = serverTextAttrs('hidden-codes');
  return html`<button
      type="button"
      class="hidden-chip"
      data-scope=${chip['data-scope']}
      data-part=${chip['data-part']}
      aria-expanded="false"
      @click=${toggle}
    >
      ${piece.label}</button
    ><span
      class="hidden-codes"
      data-scope=${codes['data-scope']}
      data-part=${codes['data-part']}
      translate="no"
      dir="ltr"
      hidden
      >${piece.codes}</span
    >`;
}

/** Shows or hides the codes right after the chip. */
function toggle(event: Event): void {
  const chip = event.currentTarget as HTMLElement;
  const open = chip.getAttribute('aria-expanded') !== 'true';
  chip.setAttribute('aria-expanded', String(open));
  const codes = chip.nextElementSibling;
  if (codes instanceof HTMLElement) codes.hidden = !open;
}
