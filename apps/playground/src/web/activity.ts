/**
 * What the page shows around a call besides the sheets: the demo echo model and the demo roots
 * (settings), the running call's progress, and the server's log. Progress messages and log
 * lines were sanitized by `@mcp-consent/mcp`; they are still bound as text only.
 */
import { html, nothing, type TemplateResult } from 'lit';
import '@mcp-consent/elements/define';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import type { LogEvent, ProgressEvent, Root } from '@mcp-consent/mcp';

/** The host's roots a server may ask for (`roots/list`): the user picks among these. */
export const DEMO_ROOTS: readonly Root[] = [
  { uri: 'file:///home/demo/project', name: 'project' },
  { uri: 'file:///home/demo/notes', name: 'notes' },
];

/** How many server log lines the panel keeps (a server may log without end). */
export const LOG_LIMIT = 50;

/** Keeps the newest {@link LOG_LIMIT} lines, oldest first. */
export function appendLog(lines: readonly LogEvent[], line: LogEvent): LogEvent[] {
  return [...lines, line].slice(-LOG_LIMIT);
}

/** Settings: sampling is answered by the demo echo model (said plainly), and the roots offered. */
export function samplingSettings(t: AppTranslator): TemplateResult {
  return html`<div class="host-features" aria-labelledby="sampling-heading">
    <h3 id="sampling-heading">${t.t('mcp.playground.sampling.heading')}</h3>
    <p id="echo-model-note" class="note">${t.t('mcp.playground.sampling.echo')}</p>
    <p class="note">${t.t('mcp.playground.roots.intro')}</p>
    <ul id="roots" class="roots">
      ${DEMO_ROOTS.map(
        (root) =>
          html`<li data-root=${root.uri}>
            <span class="root-name" translate="no">${root.name}</span>
            <code class="root-uri" dir="ltr" translate="no">${root.uri}</code>
          </li>`,
      )}
    </ul>
  </div>`;
}

/**
 * The running call's progress, under the call button: the kit's `<mcp-call-progress>` (a polite
 * live region with a bar), the same status every renderer shows.
 */
export function progressLine(
  t: AppTranslator,
  progress: ProgressEvent | null,
): TemplateResult | typeof nothing {
  if (!progress) return nothing;
  return html`<mcp-call-progress
    id="progress"
    data-for-tool=${progress.tool}
    .progress=${progress}
    .locale=${t.locale}
  ></mcp-call-progress>`;
}

/** The server's log lines, oldest first. */
export function serverLogPanel(t: AppTranslator, lines: readonly LogEvent[]): TemplateResult {
  return html`<section class="panel" aria-labelledby="server-log-heading">
    <h2 id="server-log-heading">${t.t('mcp.playground.serverlog.heading')}</h2>
    <p class="note">${t.t('mcp.playground.serverlog.note')}</p>
    ${
      lines.length === 0
        ? html`<p class="note" id="server-log-empty">${t.t('mcp.playground.serverlog.empty')}</p>`
        : html`<ol id="server-log" class="server-log">
            ${lines.map(
              (line) =>
                html`<li data-level=${line.level}>
                  <span class="log-level"
                    >${t.t('mcp.playground.serverlog.level', { level: line.level })}</span
                  >
                  ${line.logger ? html`<code class="log-logger" dir="auto">${line.logger}</code>` : nothing}
                  <span class="log-message" dir="auto">${line.message}</span>
                </li>`,
            )}
          </ol>`
    }
  </section>`;
}
