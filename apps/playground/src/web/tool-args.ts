/**
 * What the selected tool takes, shown above its arguments box: each argument's name, type,
 * required or optional, allowed values and default, and its description, from
 * `describeToolArguments` of `@mcp-consent/prompt` (the terminal host shows the same). The
 * schema is server text: the model has cleaned every string, and it is bound as text only.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { describeToolArguments } from '@mcp-consent/prompt/tool-args';

/** The list of a tool's arguments (`id="tool-args"`, for the box's `aria-describedby`). */
export function toolArguments(t: AppTranslator, inputSchema: unknown): TemplateResult {
  const view = describeToolArguments(inputSchema, { translator: t });
  return html`<div id="tool-args" class="tool-args" data-status=${view.status}>
    ${
      view.arguments.length > 0
        ? html`<ul class="arg-list">
            ${view.arguments.map(
              (argument) =>
                html`<li class="arg" data-required=${argument.required ? 'true' : 'false'}>
                  <code class="arg-name" dir="auto" translate="no">${argument.name}</code>
                  <span class="arg-details">${argument.details.join(' · ')}</span>
                  ${
                    argument.description
                      ? html`<span class="arg-description" dir="auto"
                          >${argument.description}</span
                        >`
                      : nothing
                  }
                </li>`,
            )}
          </ul>`
        : nothing
    }
    ${view.note ? html`<p class="note arg-note">${view.note}</p>` : nothing}
  </div>`;
}
