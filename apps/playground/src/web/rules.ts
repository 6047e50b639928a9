/**
 * The rules editor: one policy file (JSON) in one layer, checked with `parsePolicy` as the
 * user types and handed to the engine with `setPolicy`. An invalid file is never half-applied:
 * the engine gets a source it refuses, drops every rule of the file and asks before any call
 * runs, and the panel says so with each problem's line, column and field.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import {
  parsePolicy,
  POLICY_LAYERS,
  type PermissionEngine,
  type PolicyError,
  type PolicyFile,
  type PolicyLayer,
} from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';

/** The editor's file name: what messages, audit events and the decision log call it. */
export const POLICY_FILE = 'policy.json';

/** What the editor holds. */
export interface RulesState {
  text: string;
  layer: PolicyLayer;
  /** The located problems of `text`; empty when the engine took it. */
  errors: readonly PolicyError[];
}

const STORAGE_KEY = 'mcp-consent-playground-policy';

/**
 * A small policy for the demo server: deny a tool that declares no annotations (so may
 * destroy data), always ask before the open-web fetch, allow the read-only state tool.
 * The reasons are in the user's language: they are shown in prompts and the log.
 */
export function examplePolicy(t: AppTranslator): string {
  const policy: PolicyFile = {
    version: 1,
    rules: [
      {
        id: 'no-legacy-tool',
        effect: 'deny',
        tool: 'legacy_tool',
        reason: t.t('mcp.playground.rules.example_deny'),
      },
      {
        id: 'ask-before-fetch',
        effect: 'ask',
        tool: 'web_fetch',
        reason: t.t('mcp.playground.rules.example_ask'),
      },
      { id: 'read-demo-state', effect: 'allow', server: 'demo-server', tool: 'demo_state' },
    ],
  };
  return JSON.stringify(policy, null, 2);
}

/** The editor as the user left it (localStorage), else the example in the user layer. */
export function readRules(t: AppTranslator): Pick<RulesState, 'text' | 'layer'> {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      text?: unknown;
      layer?: unknown;
    } | null;
    if (saved && typeof saved.text === 'string') {
      const layer = POLICY_LAYERS.find((known) => known === saved.layer) ?? 'user';
      return { text: saved.text, layer };
    }
  } catch {
    // Unreadable storage: start from the example.
  }
  return { text: examplePolicy(t), layer: 'user' };
}

/** Keeps the editor's text and layer for the next visit. */
export function saveRules(rules: Pick<RulesState, 'text' | 'layer'>): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ text: rules.text, layer: rules.layer }));
  } catch {
    // Storage may be unavailable (private mode): the rules still apply to this page.
  }
}

/**
 * Checks the text and sets the engine's policy. Returns the located problems (empty: applied).
 * Invalid text fails closed: the engine is given a source it refuses (`policy: null`), so none
 * of the file's rules, not even its valid ones, is in force and every call is asked about.
 */
export function applyRules(
  engine: PermissionEngine,
  text: string,
  layer: PolicyLayer,
): readonly PolicyError[] {
  const parsed = parsePolicy(text, POLICY_FILE);
  if (parsed.ok) return engine.setPolicy([{ layer, file: POLICY_FILE, policy: parsed.policy }]);
  engine.setPolicy([{ layer, file: POLICY_FILE, policy: null as unknown as PolicyFile }]);
  return parsed.errors;
}

/** A layer's name in the user's language. */
export const layerName = (t: AppTranslator, layer: PolicyLayer): string =>
  t.t('mcp.playground.rules.layer_name', { layer });

/** Puts the caret at a 1-based line and column of the editor, so the user lands on the problem. */
function showAt(line: number, column: number): void {
  const editor = document.getElementById('policy-text') as HTMLTextAreaElement | null;
  if (!editor) return;
  const lines = editor.value.split('\n');
  const before = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  const offset = Math.min(before + column - 1, editor.value.length);
  editor.focus();
  editor.setSelectionRange(offset, offset);
}

function errorItem(t: AppTranslator, error: PolicyError): TemplateResult {
  const { line, column, field } = error;
  const at = field
    ? t.t('mcp.playground.rules.error_at', { line, column, field })
    : t.t('mcp.playground.rules.error_at_file', { line, column });
  // The location is a button that moves the caret there. The checker's message is the
  // engine's (English) text: marked as such for screen readers.
  return html`<li data-line=${line} data-column=${column} data-field=${field}>
    <button type="button" class="policy-at" @click=${() => showAt(line, column)}>${at}</button>
    <span lang="en" dir="ltr">${error.message}</span>
  </li>`;
}

/** What the engine holds now, in words: the truth comes from `engine.policy()`, not the editor. */
function statusView(t: AppTranslator, engine: PermissionEngine, rules: RulesState) {
  const held = engine.policy();
  if (held.status === 'invalid') {
    const errors = rules.errors.length > 0 ? rules.errors : held.errors;
    return html`<p class="policy-summary">
        ${t.t('mcp.playground.rules.invalid', { count: errors.length })}
      </p>
      <ul class="policy-errors">
        ${errors.map((error) => errorItem(t, error))}
      </ul>`;
  }
  const count = held.sources.reduce((sum, source) => sum + source.policy.rules.length, 0);
  return html`<p class="policy-summary">
      ${t.t('mcp.playground.rules.applied', {
        count,
        file: POLICY_FILE,
        layer: layerName(t, rules.layer),
      })}
    </p>
    ${
      held.diagnostics.length === 0
        ? nothing
        : html`<ul class="policy-errors">
            ${held.diagnostics.map(
              (diagnostic) =>
                html`<li data-rule=${diagnostic.index + 1}>
                  <span class="policy-at"
                    >${t.t('mcp.playground.rules.never_applies', { rule: diagnostic.index + 1 })}</span
                  >
                  <span lang="en" dir="ltr">${diagnostic.message}</span>
                </li>`,
            )}
          </ul>`
    }`;
}

/** The editor panel: the file, its layer, and what the engine made of it. */
export function rulesPanel(
  t: AppTranslator,
  engine: PermissionEngine,
  rules: RulesState,
  on: { text(text: string): void; layer(layer: PolicyLayer): void },
): TemplateResult {
  const status = engine.policy().status;
  return html`<section id="rules" class="panel" aria-labelledby="rules-heading">
    <h2 id="rules-heading">${t.t('mcp.playground.rules.heading')}</h2>
    <p class="note">${t.t('mcp.playground.rules.intro')}</p>
    <div class="row rules-layer">
      <label class="field" for="policy-layer"
        ><span>${t.t('mcp.playground.rules.layer')}</span>
        <select
          id="policy-layer"
          @change=${(event: Event) =>
            on.layer((event.target as HTMLSelectElement).value as PolicyLayer)}
        >
          ${POLICY_LAYERS.map(
            (layer) =>
              html`<option value=${layer} ?selected=${layer === rules.layer}>
                ${layerName(t, layer)}
              </option>`,
          )}
        </select></label
      >
    </div>
    <div class="rules-grid">
      <label class="field" for="policy-text"
        ><span>${t.t('mcp.playground.rules.text')}</span>
        <textarea
          id="policy-text"
          dir="ltr"
          spellcheck="false"
          autocomplete="off"
          rows="24"
          aria-invalid=${status === 'invalid' ? 'true' : 'false'}
          aria-describedby="policy-status"
          .value=${live(rules.text)}
          @input=${(event: Event) => on.text((event.target as HTMLTextAreaElement).value)}
        ></textarea>
      </label>
      <!-- Right after the editor: on a phone the verdict stays next to what was typed. -->
      <div class="rules-side">
        <div
          id="policy-status"
          class="policy-status"
          data-status=${status}
          role="status"
          aria-live="polite"
        >
          ${statusView(t, engine, rules)}
        </div>
        <p class="note">${t.t('mcp.playground.rules.order')}</p>
      </div>
    </div>
  </section>`;
}
