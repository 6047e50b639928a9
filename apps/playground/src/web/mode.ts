/**
 * The permission mode switch (ask / plan / non-interactive, `engine.setMode`) and the
 * "End session" button (`engine.endSession()`: this session's answers no longer apply).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PermissionEngine, PermissionMode } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';

export const modes: readonly PermissionMode[] = ['ask', 'plan', 'non_interactive'];

/** The panel. `ended`: the session was just ended (said until the next decision). */
export function modePanel(
  t: AppTranslator,
  engine: PermissionEngine,
  ended: boolean,
  onEndSession: () => void,
): TemplateResult {
  const mode = engine.mode;
  return html`<section id="mode-panel" class="panel" aria-labelledby="mode-heading">
    <h2 id="mode-heading">${t.t('mcp.playground.mode.heading')}</h2>
    <div class="row">
      <label class="field" for="mode"
        ><span>${t.t('mcp.playground.mode.label')}</span>
        <select
          id="mode"
          aria-describedby="mode-help"
          @change=${(event: Event) =>
            engine.setMode((event.target as HTMLSelectElement).value as PermissionMode)}
        >
          ${modes.map(
            (option) =>
              html`<option value=${option} ?selected=${option === mode}>
                ${t.t('mcp.playground.mode.name', { mode: option })}
              </option>`,
          )}
        </select></label
      >
      <button id="end-session" type="button" @click=${onEndSession}>
        ${t.t('mcp.playground.session.end')}
      </button>
    </div>
    <p id="mode-help" class="note" data-mode=${mode}>
      ${t.t('mcp.playground.mode.help', { mode })}
    </p>
    <p class="note">${t.t('mcp.playground.session.note')}</p>
    <p id="session-status" class="session-status" role="status">
      ${ended ? t.t('mcp.playground.session.ended') : nothing}
    </p>
  </section>`;
}
