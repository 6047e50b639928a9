import type { ColorRole } from '@mcp-consent/prompt';

/**
 * Spec R2 colour roles as terminal colours. The tier is always written out as well
 * (the model's label, e.g. "High risk · may modify data"), so colour is never the only
 * signal and `NO_COLOR` loses nothing.
 */
export const terminalColors: Readonly<Record<ColorRole, string>> = {
  'success-container': 'green',
  'warning-container': 'yellow',
  'error-container': 'red',
};

/** How a piece of text is styled. Each tone maps to Ink text props below. */
export type Tone =
  | 'plain'
  | 'strong'
  | 'dim'
  | 'risk'
  | 'notice'
  | 'caution'
  | 'focused'
  | 'disabled'
  | 'error'
  | 'highlight'
  /** Markdown emphasis and code in server text. */
  | 'emphasis'
  | 'code';

interface ToneStyle {
  bold?: boolean;
  italic?: boolean;
  dimColor?: boolean;
  inverse?: boolean;
  underline?: boolean;
  /** A fixed colour; `risk` takes the colour of the request's role instead. */
  color?: string;
}

const TONES: Readonly<Record<Tone, ToneStyle>> = {
  plain: {},
  strong: { bold: true },
  dim: { dimColor: true },
  risk: { bold: true },
  notice: { color: 'yellow' },
  caution: { color: 'yellow' },
  focused: { bold: true, inverse: true },
  disabled: { dimColor: true },
  error: { color: 'red', bold: true },
  highlight: { bold: true, underline: true },
  emphasis: { italic: true },
  code: { inverse: true },
};

/** Ink `<Text>` props for a tone. Without colour only weight, faintness and inverse remain. */
export function toneStyle(tone: Tone, color: boolean, role?: ColorRole): ToneStyle {
  const { color: fixed, ...rest } = TONES[tone];
  const chosen = tone === 'risk' && role ? terminalColors[role] : fixed;
  return color && chosen ? { ...rest, color: chosen } : rest;
}

/**
 * Whether to colour output, from the environment: `NO_COLOR` (any non-empty value,
 * see no-color.org) and `FORCE_COLOR=0` turn colour off. Ink's colour library honours
 * `FORCE_COLOR` but not `NO_COLOR`, so the renderer drops colours itself.
 */
export function colorFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
}
