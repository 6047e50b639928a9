import { readFileSync } from 'node:fs';
import {
  assessCall,
  type LookupResult,
  type PermissionRequest,
  type ServerRef,
  type ToolDefinition,
} from '@mcp-consent/engine';

export const server: ServerRef = { id: 'files', name: 'Files', trusted: false };
export const trustedServer: ServerRef = { id: 'docs', name: 'Docs', trusted: true };

export const tools = {
  readOnly: { name: 'read_file', annotations: { readOnlyHint: true, openWorldHint: false } },
  destructive: {
    name: 'delete_file',
    title: 'Delete file',
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  },
  idempotentWrite: {
    name: 'set_label',
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  unannotated: { name: 'mystery' },
} satisfies Record<string, ToolDefinition>;

/** A PromptRequest as the engine builds it: risk and Allow always come from the engine. */
export function promptRequest(
  tool: ToolDefinition,
  overrides: Partial<Omit<PermissionRequest, 'call' | 'kind'>> & {
    server?: ServerRef;
    args?: unknown;
  } = {},
): PermissionRequest {
  const { server: target = server, args = { path: '/tmp/a.txt' }, ...rest } = overrides;
  const lookup: LookupResult = { status: 'prompt', reason: 'no_grant' };
  return {
    id: 'req-1',
    call: { userId: 'u1', workspaceId: 'w1', server: target, tool, args },
    kind: 'permission',
    ...assessCall({ tool, server: target }),
    lookup,
    argsHash: null,
    position: 1,
    queueLength: 1,
    signal: new AbortController().signal,
    ...rest,
  };
}

/** Strings a hostile server may send in any field. */
export const hostile = {
  ansi: '\u001b[31mred\u001b[0m',
  osc8: '\u001b]8;;https://evil.example/\u0007click me\u001b]8;;\u0007',
  osc52: '\u001b]52;c;cm0gLXJmIH4=\u0007',
  bidi: 'invoice_\u202Etxt.exe',
  isolate: 'safe\u2066hidden\u2069',
  zeroWidth: 'pay\u200Bpal\u200D\u2060\uFEFF',
  tags: 'ok\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}',
  variationSmuggling: 'x\uFE00\uFE01\uFE02\u{E0100}',
  zalgo: 'Z' + '\u0300\u0301\u0302\u0303'.repeat(10),
  html: '<img src=x onerror=alert(1)><script>alert(1)</script>',
  nul: 'a\u0000b\u0007c\u007Fd\u009Be',
  newlines: 'line1\nline2\r\nline3\u2028',
};

/** Characters that must never survive into a rendered string. */
/* eslint-disable no-control-regex -- matching control characters is the point */
export const DANGEROUS =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;
/* eslint-enable no-control-regex */

/** A locale's source catalog, read from `/locales` (what translators edit), not through the model. */
export function catalog(locale: string): Readonly<Record<string, string>> {
  const file = new URL(`../../../locales/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** A catalog message with simple `{name}` placeholders filled in (no plural or select). */
export function fill(message: string, values: Readonly<Record<string, string>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Every string a model hands a renderer, by path (`form.fields.0.label`), skipping functions
 * and the keys in `skip` (server data that is sent back, never shown as text).
 */
export function shownStrings(
  value: unknown,
  skip: ReadonlySet<string> = new Set(),
): [path: string, text: string][] {
  const out: [string, string][] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.push([path, node]);
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const [key, child] of Object.entries(node)) {
      if (!skip.has(key)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(value, '');
  return out;
}
