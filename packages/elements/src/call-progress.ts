import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { connectCallProgress, type CallProgress } from '@mcp-consent/prompt';
import { callProgressStyles } from './call-progress.styles.js';
import { spread } from './internal/spread.js';
import { tokens } from './styles/tokens.styles.js';

/**
 * @tagname mcp-call-progress
 * `<mcp-call-progress>`: the status of an allowed call while it runs — which tool, how far (a
 * bar when the server gives a total), and the server's latest note under the kit's label.
 * Feed it what `guardClient`'s `onProgress` reports; clear `progress` when the call ends.
 * A polite live region, never a dialog.
 *
 * ```js
 * guardClient(client, { onProgress: (event) => (status.progress = event), … });
 * ```
 *
 * @slot - none: every string comes from the model.
 * @csspart progress - the status (role=status).
 * @csspart label - "Running <tool>…".
 * @csspart count - "3 of 10" or "Progress: 3".
 * @csspart bar - the progress bar (indeterminate without a total).
 * @csspart message - "The server says:" and the server's note (cleaned).
 * @cssprop [--mcp-surface-container] - and every other colour token of `<mcp-permission-sheet>`.
 */
export class McpCallProgress extends LitElement {
  static override properties = {
    progress: { attribute: false },
    locale: { type: String },
    theme: { type: String, reflect: true },
  };
  static override styles = [tokens, callProgressStyles];

  /** The latest report of the running call; null or undefined shows nothing. @default null */
  declare progress: CallProgress | null | undefined;
  /** Locale or preferred locales. @default navigator.languages */
  declare locale: string | readonly string[] | undefined;
  /** `light`, `dark`, or unset to follow `prefers-color-scheme`. @default undefined */
  declare theme: 'light' | 'dark' | undefined;

  constructor() {
    super();
    this.progress = null;
  }

  override render(): TemplateResult | typeof nothing {
    if (!this.progress) return nothing;
    const api = connectCallProgress({
      progress: this.progress,
      locale: this.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.languages),
    });
    const p = api.props;
    return html`<div ${spread(p.progress)} class="progress">
      <div class="row">
        <span ${spread(p.label)} class="label">${api.label}</span>
        <span ${spread(p.count)} class="count">${api.count}</span>
      </div>
      <div ${spread(p.bar)} class="bar">
        <!-- styleMap sets the width through CSSOM: allowed under a strict style-src policy. -->
        <div
          class="fill"
          style=${styleMap(api.percent === null ? {} : { width: `${api.percent}%` })}
        ></div>
      </div>
      ${
        api.message
          ? html`<p ${spread(p.message)} class="message">
              ${api.message.label} <span class="message-text">${api.message.text}</span>
            </p>`
          : nothing
      }
    </div>`;
  }
}
