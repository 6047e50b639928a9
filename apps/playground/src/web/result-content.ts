/**
 * A result's content in the result area: runs of text in one `<pre>` (as text), images as
 * `<img>` and audio as `<audio controls>` from the `data:` URLs of `content.ts`, resource links
 * as links (http and https only; other URIs as text), media of other types as a sentence.
 * Every server string is a text binding or one attribute, never markup.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { sanitizeText, TEXT_LIMITS } from '@mcp-consent/prompt';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import type { ResultBlock } from './content.js';

/** The longest text block shown; a longer one ends with "…". */
const RESULT_TEXT_LIMIT = 100_000;

/** A short server string (a mime type, a link's name), cleaned like the sheets clean it. */
const short = (value: string) => sanitizeText(value, { maxLength: TEXT_LIMITS.option }).text;

export function resultContent(
  t: AppTranslator,
  tool: string,
  blocks: readonly ResultBlock[],
): TemplateResult[] {
  const out: TemplateResult[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length > 0)
      out.push(html`<pre class="result-text" dir="auto">${text.join('\n\n')}</pre>`);
    text = [];
  };
  for (const block of blocks) {
    if (block.type === 'text') {
      // Server text: bidi, control and invisible characters shown as codes, as in the sheets.
      text.push(sanitizeText(block.text, { multiline: true, maxLength: RESULT_TEXT_LIMIT }).text);
      continue;
    }
    flush();
    out.push(media(t, tool, block));
  }
  flush();
  return out;
}

function media(t: AppTranslator, tool: string, block: Exclude<ResultBlock, { type: 'text' }>) {
  switch (block.type) {
    case 'image':
      return html`<img
        class="result-image"
        src=${block.src}
        alt=${t.t('mcp.playground.result.image', { mime: block.mimeType, tool })}
      />`;
    case 'audio':
      return html`<audio
        class="result-audio"
        controls
        preload="metadata"
        src=${block.src}
        aria-label=${t.t('mcp.playground.result.audio', { mime: block.mimeType, tool })}
      ></audio>`;
    case 'media_hidden':
      return html`<p class="result-media-hidden" dir="auto">
        ${t.t('mcp.playground.result.media_hidden', { mime: short(block.mimeType) || '?' })}
      </p>`;
    case 'link': {
      const shown = sanitizeText(block.href ?? block.uri, { maxLength: TEXT_LIMITS.url }).text;
      return html`<p class="result-link">
        ${
          block.href === null
            ? html`<code dir="ltr" translate="no">${shown}</code>`
            : html`<a href=${block.href} target="_blank" rel="noopener noreferrer" dir="ltr"
                >${shown}</a
              >`
        }
        ${block.name ? html`<span class="result-link-name" dir="auto">${short(block.name)}</span>` : nothing}
      </p>`;
    }
  }
}
