/**
 * The web renderers' design tokens, written once so the Lit and the React sheets look and
 * theme the same. Each is a private `--_name` property that reads the public custom
 * property a host sets (`--mcp-…`), with light and dark defaults through `light-dark()`
 * (the element's `color-scheme` picks one). The colour roles of spec R2 are
 * `--mcp-{success,warning,error}-container` with their `--mcp-on-…` text colours; every
 * default pair passes WCAG AA.
 */
// [token, default, public property when it is not --mcp-<token>]
const TOKENS: readonly (readonly [token: string, fallback: string, property?: string])[] = [
  ['surface', 'light-dark(#ffffff, #1d1e22)'],
  ['on-surface', 'light-dark(#1b1c1f, #e4e2e6)'],
  ['on-surface-variant', 'light-dark(#44474e, #c4c6d0)'],
  ['surface-container', 'light-dark(#eef1f7, #2b2d33)'],
  ['outline', 'light-dark(#74777f, #8e9099)'],
  ['outline-variant', 'light-dark(#c4c6d0, #44474e)'],
  ['primary', 'light-dark(#0b57d0, #a8c7fa)'],
  ['on-primary', 'light-dark(#ffffff, #062e6f)'],
  ['success-container', 'light-dark(#c4eed0, #0f5223)'],
  ['on-success-container', 'light-dark(#072711, #c4eed0)'],
  ['warning-container', 'light-dark(#ffe08a, #5a4300)'],
  ['on-warning-container', 'light-dark(#261a00, #ffe08a)'],
  ['error-container', 'light-dark(#ffdad6, #8c1d18)'],
  ['on-error-container', 'light-dark(#410002, #ffdad6)'],
  ['caution', 'light-dark(#8c1d18, #ffb4ab)'],
  ['highlight', 'light-dark(#ffe08a, #5a4300)'],
  ['on-highlight', 'light-dark(#261a00, #ffe08a)'],
  ['focus-ring', 'light-dark(#0b57d0, #a8c7fa)'],
  ['scrim', 'light-dark(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.65))'],
  ['radius', '12px'],
  ['sheet-radius', '20px'],
  ['target', '48px', 'target-size'],
  ['font', "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", 'font-family'],
  ['mono', "ui-monospace, 'SF Mono', Menlo, Consolas, monospace", 'mono-font-family'],
];

/** Every token as CSS declarations, for the renderer's theme root (`:host`, a class). */
export const designTokenDeclarations: string = TOKENS.map(
  ([token, fallback, property = token]) => `--_${token}: var(--mcp-${property}, ${fallback});`,
).join('\n');
