/* eslint-disable no-control-regex -- matching control characters is this file's purpose */
/**
 * Makes server-supplied text safe to show as plain text: removes ANSI/OSC
 * escape sequences and replaces control, bidi-override, zero-width and tag
 * characters with a visible `\u{XXXX}` code (the format @mcp-consent/prompt
 * uses), so nothing hides or reorders what the user reads.
 *
 * TODO(unify): the design names one shared function in @mcp-consent/prompt;
 * switch to it when that package exports it.
 */
export function visibleText(input: string): string {
  return input
    .replace(/\r\n?/g, '\n')
    .replace(
      /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g,
      '',
    )
    .replace(INVISIBLE, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

// C0 except tab/newline, DEL and C1, bidi marks and overrides, zero-width, word joiner, BOM, tag characters.
// CR is normalized to LF before this runs.
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;
