import type { ToolCall } from '@mcp-consent/engine';
import { hostileCall } from './fixtures.js';

const ESC = '\u001b';

/**
 * Server text that tries to become markup, run script or break out of the layout,
 * one entry per trick. Every web renderer's hostile suite runs each entry (and all of
 * them at once) through its permission sheet, arguments collapsed and expanded.
 */
export const hostileCorpus: Readonly<Record<string, string>> = {
  html: '<img src=x onerror="window.__pwned=\'img2\'"><b>bold</b>',
  script: '<script>window.__pwned="script2"</script>',
  svg: '<svg/onload=window.__pwned=1>',
  iframe: '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  entities: '&lt;img src=x onerror=window.__pwned=1&gt; &amp;amp;',
  template: '${window.__pwned=1} {{constructor.constructor("window.__pwned=1")()}}',
  lit: '<!--?lit$1234$--><div>lit marker</div>',
  ansi: `${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[H`,
  osc8: `${ESC}]8;;https://evil.example/${ESC}\\click me${ESC}]8;;${ESC}\\`,
  bidi: 'invoice_\u202Etxt.exe \u2067reversed\u2069',
  zeroWidth: 'pay\u200Bpal\u200D\u2060\uFEFF',
  tags: 'ok\u{E0049}\u{E0067}\u{E006E}',
  zalgo: 'Z' + '\u0300\u0301\u0302\u0303'.repeat(40),
  unbroken: 'W'.repeat(5000),
  wideGlyphs: '﷽'.repeat(300),
  newlines: 'line1\nline2\r\n\u2028line3\u0085',
  nul: 'a\u0000b\u0007c\u007Fd\u009Be',
  /** A title posing as the kit's own risk badge, above the kit's real one (issue 16). */
  kitRiskLabel: 'Low risk · read-only',
  /** A title posing as the kit's own answer, in the header (issue 16). */
  kitAnswerLabel: 'Allow once ✅ SAFE',
  /** 200 zero-width characters: one "200 hidden characters" chip, never 1,600 characters of codes. */
  zeroWidth200: `Notes${'\u200B'.repeat(200)}helper`,
};

/** Every corpus entry in one string. */
export const hostileEverything = Object.values(hostileCorpus).join(' ');

/** A call whose server name, tool name, title, description, annotation title and arguments are all `text`. */
export function hostileCallFor(text: string): ToolCall {
  return {
    userId: 'alice',
    workspaceId: 'ws-1',
    server: { id: `evil-${text.slice(0, 40)}`, name: text, trusted: false },
    tool: {
      name: `tool_${text}`,
      title: text,
      description: `${text}\n${text}`,
      inputSchema: { type: 'object' },
      annotations: {
        title: text,
        readOnlyHint: false,
        destructiveHint: false,
        openWorldHint: true,
      },
    },
    args: {
      [text]: text,
      nested: { list: [text, { deeper: text }] },
      url: `https://x.example/${text}`,
    },
  };
}

/** The shared `hostileCall`, all of the corpus at once, then each entry on its own, by name. */
export const hostileCorpusCalls = (): [string, ToolCall][] => [
  ['hostileCall', hostileCall],
  ['all at once', hostileCallFor(hostileEverything)],
  ...Object.entries(hostileCorpus).map(([name, text]): [string, ToolCall] => [
    name,
    hostileCallFor(text),
  ]),
];
