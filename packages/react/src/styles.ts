import { designTokenDeclarations } from '@mcp-consent/prompt/design-tokens';
import { argsEditorStyles } from './args-editor-styles.js';
import { elicitationStyles } from './elicitation-styles.js';
import { callProgressStyles } from './call-progress-styles.js';
import { resultReviewStyles } from './result-review-styles.js';
import { rootsStyles } from './roots-styles.js';
import { grainStyles } from './permission-grains-styles.js';
import { serverTextStyles } from './server-text.js';

/**
 * The stylesheet of every @mcp-consent/react surface, plain CSS with no
 * framework. Parts are selected by `data-scope`/`data-part` (the anatomy of
 * @mcp-consent/prompt); colours come from custom properties with the colour
 * roles of spec R2 (`--mcp-success-container`, `--mcp-warning-container`,
 * `--mcp-error-container` and their `--mcp-on-…` colours), light and dark by
 * `light-dark()`. Injected once by the components (React 19 style hoisting);
 * hosts that ship their own CSS pass `injectStyles={false}` to the provider
 * and include `consentStyles` themselves.
 */
const tokens = `
.mcp-consent-theme {
  color-scheme: light dark;
  ${designTokenDeclarations}
  font-family: var(--_font);
  color: var(--_on-surface);
  line-height: 1.45;
}
.mcp-consent-theme[data-color-scheme='light'] { color-scheme: light; }
.mcp-consent-theme[data-color-scheme='dark'] { color-scheme: dark; }
.mcp-consent-theme *, .mcp-consent-theme *::before, .mcp-consent-theme *::after { box-sizing: border-box; }
.mcp-consent-theme [hidden] { display: none !important; }
.mcp-consent-theme :focus-visible { outline: 3px solid var(--_focus-ring); outline-offset: 2px; }
.mcp-consent-theme [data-color-role='success-container'] { background: var(--_success-container); color: var(--_on-success-container); }
.mcp-consent-theme [data-color-role='warning-container'] { background: var(--_warning-container); color: var(--_on-warning-container); }
.mcp-consent-theme [data-color-role='error-container'] { background: var(--_error-container); color: var(--_on-error-container); }
.mcp-consent-visually-hidden {
  position: absolute !important; inline-size: 1px; block-size: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; margin: -1px; padding: 0; border: 0;
}
`;

/**
 * The overlay: a bottom sheet, or a centred modal when the layer's `data-layout` is
 * `expanded` (set from the viewport width and `--mcp-sheet-breakpoint`, default 600px).
 */
const layer = `
.mcp-consent-layer {
  position: fixed; inset: 0; z-index: var(--mcp-z-index, 2147483000);
  container: mcp-consent / inline-size;
}
.mcp-consent-layer[data-portal='false'] { position: absolute; }
.mcp-consent-positioner {
  position: absolute; inset: 0; display: flex; flex-direction: column;
  justify-content: flex-end; align-items: stretch;
}
.mcp-consent-layer [data-part='backdrop'] {
  position: absolute; inset: 0; background: var(--_scrim);
  animation: mcp-consent-fade 180ms ease-out;
}
.mcp-consent-layer [data-part='root'] {
  position: relative; display: flex; flex-direction: column;
  inline-size: 100%; max-block-size: min(92dvh, calc(100% - 16px));
  background: var(--_surface); color: var(--_on-surface);
  border-radius: var(--_sheet-radius) var(--_sheet-radius) 0 0;
  box-shadow: 0 -4px 24px rgb(0 0 0 / 0.25);
  padding-block-end: env(safe-area-inset-bottom, 0);
  animation: mcp-consent-slide-up 240ms cubic-bezier(0.2, 0, 0, 1);
  overflow: hidden;
}
.mcp-consent-positioner[data-layout='expanded'] { justify-content: center; align-items: center; padding: 24px; }
.mcp-consent-positioner[data-layout='expanded'] > [data-part='root'] {
  inline-size: min(100%, var(--mcp-sheet-max-width, 560px)); max-block-size: min(100%, 820px);
  border-radius: var(--_sheet-radius); box-shadow: 0 12px 48px rgb(0 0 0 / 0.35);
  animation-name: mcp-consent-fade; animation-duration: 180ms;
}
@keyframes mcp-consent-fade { from { opacity: 0; } }
@keyframes mcp-consent-slide-up { from { transform: translateY(100%); } }
@media (prefers-reduced-motion: reduce) {
  .mcp-consent-layer *, .mcp-consent-layer *::before, .mcp-consent-layer *::after {
    animation: none !important; transition: none !important;
  }
}
`;

/** Header, scrolling body and the action footer of a sheet. */
const sheet = `
.mcp-consent-layer .mcp-consent-handle {
  flex: none; align-self: center; inline-size: 36px; block-size: 4px; margin-block-start: 8px;
  border-radius: 2px; background: var(--_outline);
}
.mcp-consent-positioner[data-layout='expanded'] .mcp-consent-handle { display: none; }
/* The header scrolls with the body (as Lit's does): a long hostile tool or server name
   must never squeeze the arguments and their Show more out of reach on a phone. */
.mcp-consent-layer [data-part='header'] { display: grid; gap: 8px; padding: 12px 20px 8px; }
.mcp-consent-layer [data-scope='permission'][data-part='header'] { gap: 6px; padding-block: 8px 6px; }
.mcp-consent-layer [data-scope='permission'][data-part='title'] { font-size: 1.125rem; }
.mcp-consent-layer .mcp-consent-title-row { display: flex; align-items: flex-start; gap: 8px; }
.mcp-consent-layer [data-part='title'] {
  flex: 1; margin: 0; padding-block-start: 10px; font-size: 1.25rem; font-weight: 700; line-height: 1.3;
  overflow-wrap: anywhere;
}
.mcp-consent-layer .mcp-consent-tool { display: flex; align-items: center; gap: 12px; min-inline-size: 0; }
.mcp-consent-layer .mcp-consent-tool-text { min-inline-size: 0; }
.mcp-consent-layer .mcp-consent-tool-icon {
  flex: none; display: grid; place-items: center; inline-size: 40px; block-size: 40px; border-radius: 10px;
  background: var(--_surface-container); color: var(--_on-surface-variant);
}
.mcp-consent-layer .mcp-consent-tool-icon svg { inline-size: 22px; block-size: 22px; }
.mcp-consent-layer [data-part='tool-name'] {
  margin: 0; font-size: 1.0625rem; font-weight: 700; font-family: var(--_mono); overflow-wrap: anywhere;
}
.mcp-consent-layer [data-part='tool-title'],
.mcp-consent-layer [data-part='tool-description'],
.mcp-consent-layer [data-part='message'] { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
.mcp-consent-layer [data-part='tool-title'] { color: var(--_on-surface-variant); font-size: 0.9375rem; }
.mcp-consent-layer .mcp-consent-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.mcp-consent-layer [data-part='server-chip'] {
  display: inline-flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; max-inline-size: 100%;
  padding: 4px 10px; border-radius: 16px; border: 1px solid var(--_outline-variant);
  background: var(--_surface-container); font-size: 0.875rem; overflow-wrap: anywhere;
}
.mcp-consent-layer [data-part='trust'] {
  display: inline-flex; align-items: center; gap: 4px; color: var(--_on-surface-variant); font-weight: 600;
}
.mcp-consent-layer [data-part='trust'] svg { inline-size: 16px; block-size: 16px; flex: none; }
.mcp-consent-layer [data-part='trust'][data-trusted='true'] .mcp-consent-untrusted-icon,
.mcp-consent-layer [data-part='trust'][data-trusted='false'] .mcp-consent-trusted-icon { display: none; }
.mcp-consent-layer [data-part='risk-badge'] {
  display: inline-flex; align-items: center; padding: 4px 12px; border-radius: 999px;
  font-size: 0.875rem; font-weight: 700; overflow-wrap: anywhere; max-inline-size: 100%;
}
.mcp-consent-layer [data-part='queue-position'] {
  flex: none; margin-block-start: 12px; padding: 2px 10px; border-radius: 999px;
  background: var(--_surface-container); font-size: 0.875rem; font-weight: 600; font-variant-numeric: tabular-nums;
}
.mcp-consent-layer .mcp-consent-scroll { flex: 1 1 auto; min-block-size: 6rem; overflow: auto; overscroll-behavior: contain; }
.mcp-consent-layer .mcp-consent-body { padding: 8px 20px 12px; display: flex; flex-direction: column; gap: 12px; }
.mcp-consent-layer .mcp-consent-section { display: flex; flex-direction: column; gap: 4px; }
.mcp-consent-layer .mcp-consent-subheading { margin: 0; font-weight: 700; }
/* The permission sheet leads with what will happen; what the server said sits in one box. */
.mcp-consent-layer [data-scope='permission'] .mcp-consent-body { padding-block-start: 0; gap: 8px; }
.mcp-consent-layer [data-part='summary'] {
  margin: 2px 0 0; font-size: 1.0625rem; font-weight: 600; line-height: 1.35; overflow-wrap: anywhere;
}
.mcp-consent-layer .mcp-consent-why { gap: 2px; font-size: 0.9375rem; }
.mcp-consent-layer .mcp-consent-why [data-part='effects-heading'] { margin-block-start: 6px; }
.mcp-consent-layer [data-part='from-server'] {
  display: flex; flex-direction: column; align-items: flex-start; gap: 6px; margin-block-start: 4px;
  padding: 8px 12px 4px; border: 1px solid var(--_outline-variant); border-inline-start: 4px solid var(--_outline);
  border-radius: 12px;
}
.mcp-consent-layer [data-part='from-server'] > * { max-inline-size: 100%; }
.mcp-consent-layer [data-part='from-server-heading'] {
  margin: 0; color: var(--_on-surface-variant); font-size: 0.8125rem; font-weight: 700; letter-spacing: 0.02em;
}
.mcp-consent-layer [data-part='from-server'] .mcp-consent-tool { gap: 10px; }
.mcp-consent-layer [data-part='from-server'] .mcp-consent-tool-icon { inline-size: 32px; block-size: 32px; border-radius: 8px; }
.mcp-consent-layer [data-part='from-server'] .mcp-consent-tool-icon :is(svg, img) { inline-size: 20px; block-size: 20px; }
.mcp-consent-layer [data-part='from-server'] [data-part='tool-name'] { font-size: 0.9375rem; }
.mcp-consent-layer [data-part='from-server'] [data-part='tool-title'] { font-size: 0.875rem; }
.mcp-consent-layer [data-part='from-server'] [data-part='tool-description'] { font-size: 0.9375rem; }
.mcp-consent-layer [data-part='change'] {
  display: flex; flex-direction: column; align-items: flex-start; gap: 4px; align-self: stretch;
  padding-block-start: 6px; border-block-start: 1px solid var(--_outline-variant);
}
.mcp-consent-layer [data-part='change-heading'] { margin: 0; font-weight: 700; color: var(--_caution); }
.mcp-consent-layer [data-part='change-summary'],
.mcp-consent-layer [data-part='change-part-label'] { margin: 0; font-size: 0.875rem; }
.mcp-consent-layer [data-part='change-part-label'] { font-weight: 600; }
.mcp-consent-layer [data-part='change-body'], .mcp-consent-layer [data-part='change-part'] { align-self: stretch; }
.mcp-consent-layer .mcp-consent-diff {
  margin: 2px 0 6px; padding: 6px 8px; border-radius: 8px; background: var(--_surface-container);
  font-family: var(--_mono); font-size: 0.8125rem; white-space: pre-wrap; overflow-wrap: anywhere;
}
.mcp-consent-layer .mcp-consent-diff ins {
  text-decoration: underline; text-decoration-thickness: 2px;
  background: var(--_success-container); color: var(--_on-success-container);
}
.mcp-consent-layer .mcp-consent-diff del {
  text-decoration: line-through; background: var(--_error-container); color: var(--_on-error-container);
}
/* Server text (dir=auto) lines up with the sheet, whatever its own direction. */
.mcp-consent-layer [dir='rtl'] [dir='auto'] { text-align: right; }
.mcp-consent-layer [dir='ltr'] [dir='auto'] { text-align: left; }
.mcp-consent-layer [data-part='notice'] {
  margin: 0; padding: 8px 12px; border-radius: 8px; overflow-wrap: anywhere;
  background: var(--_surface-container); border-inline-start: 4px solid var(--_outline);
}
.mcp-consent-layer [data-part='risk-reasons'],
.mcp-consent-layer [data-part='effects'] { margin: 0; padding-inline-start: 0; list-style: none; }
.mcp-consent-layer [data-part='risk-reasons'] { font-size: 0.9375rem; }
.mcp-consent-layer [data-part='effects-heading'],
.mcp-consent-layer [data-part='args-heading'],
.mcp-consent-layer [data-part='message-label'] { margin: 0; font-weight: 700; }
/* Bullets drawn like the Lit sheet's: a dot, or a caution triangle for lines that widen what a tool does. */
.mcp-consent-layer [data-part='risk-reason'],
.mcp-consent-layer [data-part='effect'] { position: relative; padding-inline-start: 20px; margin-block: 0; overflow-wrap: anywhere; }
.mcp-consent-layer [data-part='risk-reason']::before,
.mcp-consent-layer [data-part='effect']::before {
  content: ''; position: absolute; inset-inline-start: 4px; inset-block-start: 0.55em;
  inline-size: 7px; block-size: 7px; border-radius: 50%; background: var(--_on-surface-variant);
}
.mcp-consent-layer [data-part='effect'][data-tone='caution']::before {
  inset-block-start: 0.45em; inset-inline-start: 3px; inline-size: 10px; block-size: 9px; border-radius: 0;
  clip-path: polygon(50% 0, 100% 100%, 0 100%); background: var(--_caution);
}
.mcp-consent-layer [data-part='effect-source'] { display: block; font-size: 0.8125rem; color: var(--_on-surface-variant); }
/* Only assumptions need saying; a declared hint is the normal case. */
.mcp-consent-layer [data-source='declared'] [data-part='effect-source'] { display: none; }
.mcp-consent-layer [data-part='args'] { display: flex; flex-direction: column; gap: 6px; align-items: flex-start; }
.mcp-consent-layer [data-part='args-body'],
.mcp-consent-layer [data-part='preview'] {
  align-self: stretch; margin: 0; padding: 10px 12px; border-radius: 8px; max-block-size: 16em; overflow: auto;
  background: var(--_surface-container); color: var(--_on-surface); font-size: 0.8125rem; line-height: 1.5;
  font-family: var(--_mono);
  white-space: pre-wrap; overflow-wrap: anywhere; text-align: start;
}
.mcp-consent-layer [data-part='args'][data-expanded='true'] [data-part='args-body'],
.mcp-consent-layer [data-part='preview'][data-expanded='true'] { max-block-size: 50dvh; }
.mcp-consent-layer .mcp-consent-more,
.mcp-consent-layer [data-part='args-redacted'],
.mcp-consent-layer [data-part='key-hint'] { margin: 0; font-size: 0.8125rem; color: var(--_on-surface-variant); }
.mcp-consent-layer .mcp-consent-footer {
  flex: none; padding: 12px 20px max(16px, env(safe-area-inset-bottom));
  border-block-start: 1px solid var(--_outline-variant); display: flex; flex-direction: column; gap: 8px;
}
/* The key hint and the guard notice share one place, so the buttons never move under a pointer. */
.mcp-consent-layer .mcp-consent-status-line { display: grid; }
.mcp-consent-layer .mcp-consent-status-line > * { grid-area: 1 / 1; }
.mcp-consent-layer [data-part='guard'] {
  margin: 0; padding: 8px 12px; border-radius: 8px; font-size: 0.875rem; overflow-wrap: anywhere;
  background: var(--_surface-container); border-inline-start: 4px solid var(--_outline);
}
.mcp-consent-layer [data-part='guard'][hidden] { display: block !important; visibility: hidden; }
.mcp-consent-layer [data-part='actions'] { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.mcp-consent-layer .mcp-consent-cell { display: flex; flex-direction: column; gap: 4px; min-inline-size: 0; }
.mcp-consent-layer [data-part='action-reason'] {
  margin: 0; padding: 8px 12px; border-radius: 8px; background: var(--_surface-container);
  color: var(--_on-surface); font-size: 0.875rem; overflow-wrap: anywhere;
}
`;

/** The dry-run preview (seed 001): the server's preview, hint and the operator notice. */
const dryRun = `
.mcp-consent-layer .mcp-consent-preview { align-items: flex-start; }
.mcp-consent-layer [data-part='intro'] { margin: 0; overflow-wrap: anywhere; }
/* Above the header, aligned with it: where this sheet sits in the two-key flow. */
.mcp-consent-layer [data-part='step'] {
  margin: 0; padding: 14px 20px 0; font-size: 0.8125rem; font-weight: 600; letter-spacing: 0.02em;
  color: var(--_on-surface-variant);
}
.mcp-consent-layer [data-part='step'] + [data-part='header'] { padding-block-start: 0; }
.mcp-consent-layer [data-part='preview-heading'] { margin: 0; font-weight: 600; }
.mcp-consent-layer [data-scope='dry-run'][data-part='from-server'][hidden] { display: none; }
.mcp-consent-layer [data-part='hint-label'] { margin: 0; font-size: 0.8125rem; color: var(--_on-surface-variant); }
.mcp-consent-layer [data-part='hint'] {
  margin: 0 0 6px; padding-inline-start: 10px; border-inline-start: 3px solid var(--_outline); overflow-wrap: anywhere;
}
.mcp-consent-layer [data-part='hint'] p { margin: 0; white-space: pre-line; }
.mcp-consent-layer [data-part='operator-notice'] { margin: 0; font-size: 0.875rem; color: var(--_on-surface-variant); }
.mcp-consent-layer button[data-scope='dry-run'][data-default='true'],
.mcp-consent-layer button[data-scope='dry-run'][data-default='true']:hover {
  background: var(--_primary); color: var(--_on-primary); border-color: var(--_primary);
}
`;

/** A sampling step (issue 18): messages, reasons, the edit form and the grain. */
const sampling = `
.mcp-consent-layer [data-scope='sampling'][data-part='message'],
.mcp-consent-layer [data-scope='sampling'][data-part='response'] {
  padding-inline-start: 10px; border-inline-start: 3px solid var(--_outline);
}
.mcp-consent-layer [data-scope='sampling'] .mcp-consent-block-text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.mcp-consent-layer [data-scope='sampling'][data-part='message-role'],
.mcp-consent-layer [data-scope='sampling'] .mcp-consent-section-heading { margin: 0; font-weight: 600; }
.mcp-consent-layer [data-scope='sampling'][data-part='edit-input'] { inline-size: 100%; font: inherit; }
.mcp-consent-layer [data-scope='sampling'][data-part='edit-error'] { margin: 0; color: var(--_error, #b3261e); }
/* The risk reasons draw their own dots (as in the permission sheet): no list bullet as well. */
.mcp-consent-layer [data-scope='sampling'] .mcp-consent-reasons { margin: 0; padding-inline-start: 0; list-style: none; }
/* The parameters: dots in the body's margin, no gap of their own (as the Lit sheet's). */
.mcp-consent-layer [data-scope='sampling'][data-part='details'] { margin: 0; padding-inline-start: 20px; }
/* The grain: one 48 px row per radio, the label beside it (as the Lit sheet's check rows). */
.mcp-consent-layer [data-scope='sampling'][data-part='grain'] { display: grid; gap: 4px; }
.mcp-consent-layer [data-scope='sampling'][data-part='grain-option'] {
  display: flex; align-items: center; gap: 12px; min-block-size: var(--_target); cursor: pointer;
}
.mcp-consent-layer [data-scope='sampling'][hidden] { display: none; }
`;

/**
 * Buttons and form controls: 48 px targets. A checkbox or radio starts its row, 12 px (the row's
 * gap) before its label, as in Lit (a 12 px margin put each box 12 px in from the fields above).
 */
const controls = `
.mcp-consent-layer button {
  font: inherit; min-block-size: var(--_target); min-inline-size: var(--_target);
  padding: 8px 16px; border-radius: var(--_radius); cursor: pointer; line-height: 1.25;
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; text-align: center;
  border: 1px solid var(--_outline); background: var(--_surface); color: var(--_on-surface);
  font-weight: 600; overflow-wrap: anywhere;
}
.mcp-consent-layer button:hover { background: var(--_surface-container); }
.mcp-consent-layer button[data-emphasis='primary'],
.mcp-consent-layer button[data-emphasis='primary']:hover {
  background: var(--_primary); color: var(--_on-primary); border-color: var(--_primary);
}
.mcp-consent-layer button[aria-disabled='true'],
.mcp-consent-layer button[aria-disabled='true']:hover {
  cursor: not-allowed; background: var(--_surface); color: var(--_on-surface-variant); border-style: dashed;
}
.mcp-consent-layer [data-part='action'] { inline-size: 100%; padding-inline: 8px; }
.mcp-consent-layer .mcp-consent-action-text { display: flex; flex-direction: column; min-inline-size: 0; }
.mcp-consent-layer [data-part='action-shortcut'] {
  flex: none; display: inline-grid; place-items: center; min-inline-size: 1.4em; padding: 0 4px; border-radius: 4px;
  border: 1px solid currentColor; font-size: 0.75rem; font-variant-numeric: tabular-nums;
}
/* Touch screens have no number keys. After the badge's own rule, whose display it must win over. */
@media (hover: none) and (pointer: coarse) {
  .mcp-consent-layer [data-part='action-shortcut'], .mcp-consent-layer [data-part='key-hint'] { display: none; }
}
.mcp-consent-layer [data-part='action-detail'] { font-size: 0.75rem; font-weight: 500; }
.mcp-consent-layer [data-part='close'] { flex: none; display: inline-grid; place-items: center; padding: 0; border-color: transparent; background: transparent; color: var(--_on-surface-variant); border-radius: 50%; }
.mcp-consent-layer :is([data-part='args-toggle'], [data-part='description-toggle'], [data-part='change-toggle'], [data-part='edit-toggle'], [data-part='block-toggle']) { padding-inline: 12px; border-color: transparent; background: transparent; color: var(--_primary); }
.mcp-consent-layer input, .mcp-consent-layer select, .mcp-consent-layer textarea {
  font: inherit; min-block-size: var(--_target); padding: 8px 12px; border-radius: 8px;
  border: 1px solid var(--_outline); background: var(--_surface); color: var(--_on-surface); inline-size: 100%;
}
/* 24 × 24 px at least (WCAG 2.2 target size), never squeezed by a long label beside it. */
.mcp-consent-layer input[type='checkbox'], .mcp-consent-layer input[type='radio'] {
  flex: none; inline-size: 24px; block-size: 24px; min-block-size: 24px; margin: 0; accent-color: var(--_primary);
}
.mcp-consent-layer [data-part='field'] { display: flex; flex-direction: column; gap: 4px; border: 0; padding: 0; margin: 0; }
.mcp-consent-layer [data-part='field-label'] { padding: 0; font-weight: 600; overflow-wrap: anywhere; }
.mcp-consent-layer [data-part='field-required'], .mcp-consent-layer [data-part='field-description'] {
  margin: 0; font-size: 0.8125rem; font-weight: 400; color: var(--_on-surface-variant);
}
.mcp-consent-layer [data-part='form'] { display: flex; flex-direction: column; gap: 16px; }
.mcp-consent-layer [data-part='field-error'], .mcp-consent-layer [data-part='error-summary'] { font-size: 0.875rem; }
.mcp-consent-layer [data-part='field-option'], .mcp-consent-layer .mcp-consent-check-row {
  display: flex; align-items: center; gap: 12px; min-block-size: var(--_target);
}
.mcp-consent-layer .mcp-consent-check-row { cursor: pointer; }
.mcp-consent-layer [data-part='field-error'], .mcp-consent-layer [data-part='error-summary'],
.mcp-consent-layer [data-part='url-error'] {
  margin: 0; padding: 4px 8px; border-radius: 8px; background: var(--_error-container); color: var(--_on-error-container);
}
.mcp-consent-layer [data-part='url'] {
  margin: 0; padding: 12px; border-radius: 12px; background: var(--_surface-container);
  font-family: var(--_mono); overflow-wrap: anywhere;
}
.mcp-consent-layer [data-part='url-host'] { font-weight: 700; background: var(--_highlight); color: var(--_on-highlight); border-radius: 4px; padding-inline: 2px; }
.mcp-consent-layer [data-part='url-before'], .mcp-consent-layer [data-part='url-after'] { color: var(--_on-surface-variant); }
.mcp-consent-layer [data-part='url-warning'] {
  margin: 0; padding: 8px 12px; border-radius: 12px; background: var(--_warning-container); color: var(--_on-warning-container);
}
.mcp-consent-checking {
  position: fixed; inset-block-end: 16px; inset-inline-start: 50%; transform: translateX(-50%);
  z-index: var(--mcp-z-index, 2147483000); padding: 8px 16px; border-radius: 8px; font-size: 0.875rem;
  background: var(--_on-surface); color: var(--_surface);
}
`;

/**
 * Permission manager (grants list) and audit history: page content in the same colour roles,
 * laid out as the Lit `<mcp-permission-manager>` is (same toolbar, badges and empty states).
 */
const manager = `
.mcp-consent-manager {
  container-type: inline-size; display: grid; gap: 24px; padding: 16px;
  background: var(--_surface); color: var(--_on-surface); border-radius: var(--_radius);
}
.mcp-consent-manager section { display: grid; gap: 12px; min-inline-size: 0; }
.mcp-consent-manager .mcp-consent-section-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; }
.mcp-consent-manager h2 { margin: 0; font-size: 1.25rem; }
.mcp-consent-manager h2:focus { outline: none; }
.mcp-consent-manager p { margin: 0; }
.mcp-consent-manager [data-part='grants-count'], .mcp-consent-manager [data-part='grants-empty'],
.mcp-consent-manager [data-part='audit-empty'], .mcp-consent-manager [data-part='status'] {
  color: var(--_on-surface-variant);
}
.mcp-consent-manager [data-part='status']:empty { display: none; }
.mcp-consent-manager .mcp-consent-secondary { display: block; font-size: 0.8125rem; color: var(--_on-surface-variant); }
.mcp-consent-manager .mcp-consent-toolbar { display: flex; flex-wrap: wrap; align-items: end; gap: 8px 12px; }
.mcp-consent-manager .mcp-consent-toolbar label { font-weight: 600; }
.mcp-consent-manager .mcp-consent-filter { display: grid; gap: 4px; flex: 1 1 14em; min-inline-size: 0; }
/* A long option (pt-BR "Desativado: sem Permitir sempre") must not widen the panel past a phone. */
.mcp-consent-manager .mcp-consent-filter > * { inline-size: 100%; min-inline-size: 0; }
.mcp-consent-manager input, .mcp-consent-manager select {
  font: inherit; min-block-size: var(--_target); padding: 8px 12px; border-radius: 8px;
  border: 1px solid var(--_outline); background: var(--_surface); color: var(--_on-surface);
}
.mcp-consent-manager button {
  font: inherit; min-block-size: var(--_target); min-inline-size: var(--_target); padding: 8px 16px;
  border-radius: var(--_radius); border: 1px solid var(--_outline); background: var(--_surface);
  color: var(--_on-surface); font-weight: 600; line-height: 1.25; cursor: pointer; overflow-wrap: anywhere;
}
.mcp-consent-manager button:hover { background: var(--_surface-container); }
.mcp-consent-manager button[data-emphasis='primary'], .mcp-consent-manager button[data-emphasis='primary']:hover {
  background: var(--_primary); border-color: var(--_primary); color: var(--_on-primary);
}
.mcp-consent-manager [data-part='confirm'] {
  display: grid; gap: 8px; padding: 12px; border-radius: var(--_radius);
  background: var(--_error-container); color: var(--_on-error-container);
}
.mcp-consent-manager .mcp-consent-confirm-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.mcp-consent-manager .mcp-consent-table-scroll {
  overflow-x: auto; border: 1px solid var(--_outline-variant); border-radius: var(--_radius);
}
.mcp-consent-manager table { inline-size: 100%; border-collapse: collapse; font-size: 0.9375rem; }
.mcp-consent-manager th, .mcp-consent-manager td {
  padding: 8px 12px; text-align: start; vertical-align: middle;
  border-block-end: 1px solid var(--_outline-variant); overflow-wrap: anywhere;
}
.mcp-consent-manager th { background: var(--_surface-container); font-weight: 700; white-space: nowrap; }
/* The box draws the outer edge: no line under the last row. */
.mcp-consent-manager tbody tr:last-child td { border-block-end: none; }
.mcp-consent-manager [data-part='cell'][data-column='tool'] > span { font-family: var(--_mono); }
.mcp-consent-manager [data-part='grant-row'][data-expired='true'] td { color: var(--_on-surface-variant); }
.mcp-consent-manager td[data-column='actions'] { inline-size: 1%; white-space: nowrap; }
.mcp-consent-manager [data-part='decision'] {
  display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 600; white-space: nowrap;
}
.mcp-consent-manager [data-part='decision'][data-tone='allow'] { background: var(--_success-container); color: var(--_on-success-container); }
.mcp-consent-manager [data-part='decision'][data-tone='deny'] { background: var(--_error-container); color: var(--_on-error-container); }
.mcp-consent-manager [data-part='effect'] {
  display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 600; white-space: nowrap;
  background: var(--_surface-container);
}
.mcp-consent-manager [data-part='effect'][data-effect='allow'] { background: var(--_success-container); color: var(--_on-success-container); }
.mcp-consent-manager [data-part='effect'][data-effect='deny'] { background: var(--_error-container); color: var(--_on-error-container); }
.mcp-consent-manager [data-part='rules-invalid'] {
  display: grid; gap: 8px; padding: 12px; border-radius: var(--_radius);
  background: var(--_error-container); color: var(--_on-error-container);
}
.mcp-consent-manager [data-part='rules-errors'] { margin: 0; padding-inline-start: 1.25em; }
.mcp-consent-manager [data-part='rules-error'] { font-family: var(--_mono); }
.mcp-consent-manager [data-part='rules-count'], .mcp-consent-manager [data-part='rules-empty'],
.mcp-consent-manager [data-part='rules-description'], .mcp-consent-manager [data-part='expiry-description'] {
  color: var(--_on-surface-variant);
}
/* Narrow panels: each row becomes a card, each cell "Column: value". */
@container (max-width: 599px) {
  .mcp-consent-manager .mcp-consent-table-scroll { overflow: visible; }
  .mcp-consent-manager table, .mcp-consent-manager tbody, .mcp-consent-manager tr { display: block; }
  .mcp-consent-manager thead {
    position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%);
  }
  .mcp-consent-manager tr { padding: 8px 12px; border-block-end: 1px solid var(--_outline-variant); }
  .mcp-consent-manager tbody tr:last-child { border-block-end: none; }
  .mcp-consent-manager td, .mcp-consent-manager tbody tr:last-child td {
    display: grid; grid-template-columns: minmax(6em, 35%) minmax(0, 1fr); align-items: center;
    gap: 12px; padding: 4px 0; border: none;
  }
  .mcp-consent-manager td::before { content: attr(data-label); font-weight: 600; color: var(--_on-surface-variant); }
  /* "Allowed for this session" must fit a phone's card: badges may wrap there. */
  .mcp-consent-manager [data-part='decision'], .mcp-consent-manager [data-part='effect'] { white-space: normal; }
  .mcp-consent-manager td > * { justify-self: start; }
  /* Revoke at the start of every card, the last row's too (as in Lit). */
  .mcp-consent-manager td[data-column='actions'],
  .mcp-consent-manager tbody tr:last-child td[data-column='actions'] {
    display: block; inline-size: auto; padding-block-start: 8px;
  }
}
`;

/**
 * A short, wide screen (a phone on its side, 844 x 390): the answers in a column beside the
 * content instead of under it (as the Lit sheets), so the content keeps the sheet's height (it
 * had 165 px of 342) and every answer stays in view; the footer scrolls on its own if it must.
 * Last, so it wins over each sheet's own answer grid.
 */
const shortScreen = `
@media (max-height: 540px) and (min-width: 560px) {
  .mcp-consent-positioner > [data-part='root'] {
    display: grid; grid-template: auto minmax(0, 1fr) / minmax(0, 1fr) clamp(13rem, 36%, 20rem);
  }
  .mcp-consent-positioner > [data-part='root'] > * { grid-column: 1; }
  .mcp-consent-positioner > [data-part='root'] > .mcp-consent-scroll { grid-row: 2; }
  .mcp-consent-positioner > [data-part='root'] > .mcp-consent-footer {
    grid-area: 1 / 2 / -1; overflow: auto; padding: 12px 16px;
    border-block-start: none; border-inline-start: 1px solid var(--_outline-variant);
  }
  /* At the bottom, as under the content; an auto margin, never end alignment, which would push
     a footer taller than the sheet out of reach at its top. */
  .mcp-consent-positioner > [data-part='root'] > .mcp-consent-footer > :first-child { margin-block-start: auto; }
  .mcp-consent-positioner [data-part='root'] > .mcp-consent-footer > [data-part='actions'] { display: grid; grid: auto-flow / minmax(0, 1fr); }
  .mcp-consent-positioner[data-layout='expanded'] { padding: 8px; }
  .mcp-consent-positioner[data-layout='expanded'] > [data-part='root'] { inline-size: min(100%, 880px); max-block-size: 100%; }
}
`;

/**
 * The answers of the sheets drawn by `SheetFooter` (one button per cell), as Lit's: a row's as
 * tall as its tallest (a label on two lines). Roots and result review: two equal columns, one
 * answer to a row only where a label's longest word would not fit half of it (es-ES at 320 px),
 * never a word broken.
 */
const answerCells = `
.mcp-consent-layer .mcp-consent-cell > button:only-child { flex: auto; }
.mcp-consent-layer :is([data-scope='roots'], [data-scope='result-review'])[data-part='actions'] { display: flex; flex-wrap: wrap; }
.mcp-consent-layer :is([data-scope='roots'], [data-scope='result-review'])[data-part='actions'] > * { flex: 1 1 calc(50% - 4px); min-inline-size: auto; }
.mcp-consent-layer :is([data-scope='roots'], [data-scope='result-review'])[data-part='actions'] button { overflow-wrap: break-word; }
`;

/** The whole stylesheet, for hosts that include it themselves. */
export const consentStyles: string = [
  tokens,
  layer,
  sheet,
  dryRun,
  sampling,
  controls,
  answerCells,
  manager,
  elicitationStyles,
  rootsStyles,
  callProgressStyles,
  resultReviewStyles,
  grainStyles,
  argsEditorStyles,
  serverTextStyles,
  shortScreen,
]
  .map((block) => block.trim())
  .join('\n');
