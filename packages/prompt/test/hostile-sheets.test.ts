import { createManualClock } from '@mcp-consent/engine';
import {
  createDryRunPrompt,
  createElicitationPrompt,
  TEXT_LIMITS,
  type DryRunRequest,
  type ElicitationFormApi,
  type ElicitationUrlApi,
  type ElicitRequest,
} from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { catalog, DANGEROUS, fill, hostile, shownStrings } from './support.js';

/** The permission test's corpus, plus a plain and a hostile 1 MB string. */
const MB = 1_000_000;
const corpus: Record<string, string> = {
  ...hostile,
  megabyte: 'x'.repeat(MB),
  hostileMegabyte: Object.values(hostile).join('').repeat(MB).slice(0, MB),
};
const en = catalog('en-US');
/** Server data the models hand back unchanged (content keys, option values, the link to open). */
const DATA_KEYS = new Set(['name', 'value', 'defaultValue', 'openUrl']);

const expectAllSafe = (api: object) => {
  for (const [path, text] of shownStrings(api, DATA_KEYS)) {
    expect({ path, dangerous: DANGEROUS.test(text) }).toEqual({ path, dangerous: false });
  }
};
const evilServer = (text: string) => ({ id: 'evil', name: text });

function elicit(request: ElicitRequest, serverName: string) {
  const clock = createManualClock();
  const prompt = createElicitationPrompt(request, { clock, server: evilServer(serverName) });
  clock.advance(500);
  return prompt;
}

describe('elicitation: hostile server text', () => {
  it.each(Object.entries(corpus))(
    '%s in every form field is shown safely and capped',
    (_, text) => {
      const requestedSchema = {
        type: 'object',
        properties: {
          [text]: { type: 'string', title: text, description: text, minLength: 2 },
          choice: { type: 'string', title: text, enum: ['a', text], enumNames: [text, text] },
          picked: { type: 'string', oneOf: [{ const: 'a', title: text }] },
          many: { type: 'array', title: text, items: { type: 'string', enum: [text] } },
        },
        required: [text, 'choice'],
      };
      const prompt = elicit({ message: text, requestedSchema }, text);
      const api = prompt.connect() as ElicitationFormApi;
      expectAllSafe(api);
      expect(api.message.text.length).toBeLessThanOrEqual(TEXT_LIMITS.message);
      expect(api.server.name.length).toBeLessThanOrEqual(TEXT_LIMITS.serverName);
      for (const field of api.form.fields) {
        expect(field.label.length).toBeLessThanOrEqual(TEXT_LIMITS.fieldLabel);
        expect((field.description ?? '').length).toBeLessThanOrEqual(TEXT_LIMITS.fieldDescription);
        for (const option of field.options) {
          expect(option.label.length).toBeLessThanOrEqual(TEXT_LIMITS.option);
        }
      }
      const template = (id: string) => fill(en[id]!, { server: '', message: '' }).length;
      expect(api.title.length).toBeLessThanOrEqual(
        template('mcp.elicitation.title.form') + TEXT_LIMITS.serverName,
      );
      expect(api.announcement.length).toBeLessThanOrEqual(
        template('mcp.elicitation.announce') + TEXT_LIMITS.serverName + 300,
      );
      // Submitting shows validation errors, which quote the (cleaned) field labels.
      expect(api.accept()).toEqual({ accepted: false, reason: 'invalid' });
      const after = prompt.connect() as ElicitationFormApi;
      expect(after.form.errorSummary).not.toBeNull();
      expect(after.form.fields.some((f) => f.error !== null)).toBe(true);
      expectAllSafe(after);
    },
  );

  it('says hidden characters were shown as codes, and removes them in remove mode', () => {
    const request = { message: hostile.bidi, requestedSchema: { type: 'object', properties: {} } };
    expect(
      elicit(request, 'Files')
        .connect()
        .notices.map((n) => n.kind),
    ).toEqual(['hidden_characters']);
    const clock = createManualClock();
    const removed = createElicitationPrompt(request, {
      clock,
      server: evilServer(hostile.zeroWidth),
      textMode: 'remove',
    }).connect();
    expect(removed.message.text).toBe('invoice_txt.exe');
    expect(removed.server.name).toBe('paypal');
  });

  it('drops hidden characters from a text default, so what is shown in the box is what is sent', () => {
    const sneaky = `Pay ${hostile.bidi} to \u001b[2Jfriend\u200B`;
    const requestedSchema = {
      type: 'object',
      properties: { memo: { type: 'string', title: 'Memo', default: sneaky } },
    };
    const prompt = elicit({ message: 'Confirm the memo', requestedSchema }, 'Files');
    const field = (prompt.connect() as ElicitationFormApi).form.fields[0]!;
    expect(field.defaultValue).not.toMatch(DANGEROUS);
    expect(field.defaultValue).toContain('friend');
    let sent: unknown;
    const clock = createManualClock();
    const answered = createElicitationPrompt(
      { message: 'Confirm the memo', requestedSchema },
      { clock, server: evilServer('Files'), onResult: (r) => (sent = r) },
    );
    clock.advance(500);
    expect(answered.connect().accept()).toEqual({ accepted: true });
    expect(sent).toEqual({ action: 'accept', content: { memo: field.defaultValue } });
  });

  const links = (text: string) => [
    `https://example.com/${text}`,
    `https://example.com/?q=${text}#${text}`,
    `https://${text}.example/`,
    `https://${text}@example.com/`,
    `${text}https://example.com/`,
    `javascript:${text}`,
    text,
  ];
  const urlCases = Object.entries(corpus).flatMap(([name, text]) =>
    links(text).map((link, index) => [name, index, link, text] as const),
  );

  it.each(urlCases)('%s in URL %i is shown as it will open, or refused', (_, _i, link, text) => {
    const api = elicit(
      { mode: 'url', message: text, url: link, elicitationId: text },
      text,
    ).connect() as ElicitationUrlApi;
    expectAllSafe(api);
    const { url } = api;
    expect(url.text.length).toBeLessThanOrEqual(TEXT_LIMITS.url);
    const accept = api.actions.find((a) => a.action === 'accept')!;
    if (url.valid) {
      // What opens is a normalized ASCII URL, and what is shown is exactly that URL, or
      // its parts cut with "…" when longer than the cap, the host never cut away.
      const opens = url.openUrl!;
      expect(opens).toMatch(/^https?:\/\/[\x21-\x7E]+$/);
      if (!url.truncated) expect(url.text === opens, 'text is the URL').toBe(true);
      const uncut = (part: string) => (part.endsWith('…') ? part.slice(0, -1) : part);
      expect(opens.startsWith(uncut(url.before)), 'before starts the URL').toBe(true);
      const hostCut = url.host.endsWith('…');
      const rest = hostCut ? uncut(url.host) : url.host + uncut(url.after);
      expect(opens.includes(rest), 'host and after').toBe(true);
      expect(url.before + url.host + url.after === url.text, 'parts make the text').toBe(true);
      const { hostname } = new URL(opens);
      // Any name DNS can resolve (253 characters at most) is shown in full.
      if (hostname.length <= 253) expect(url.host).toBe(hostname);
      expect(url.host).not.toBe('');
      expect(url.site).toBe(fill(en['mcp.elicitation.url.host']!, { host: url.host }));
      expect(accept).toMatchObject({ enabled: true, disabledReason: null });
    } else {
      expect(url.openUrl).toBeNull();
      expect(url.error).toBeTruthy();
      // Either "not a valid web address" or "only web addresses… starts with <scheme>",
      // the scheme cut to 40 characters.
      const [head, tail] = en['mcp.elicitation.url.error.scheme']!.split('{scheme}') as [
        string,
        string,
      ];
      const error = url.error!;
      const scheme = error.slice(head.length, error.length - tail.length);
      expect(
        error === en['mcp.elicitation.url.error.invalid'] ||
          (error.startsWith(head) && error.endsWith(tail) && scheme.length <= 40),
        error.slice(0, 200),
      ).toBe(true);
      expect(accept).toMatchObject({ enabled: false, disabledReason: url.error });
      expect(api.accept()).toEqual({ accepted: false, reason: 'disabled' });
    }
  });

  it('shows the real host of a link disguised by long user info', () => {
    const link = `https://accounts.google.com.${'a'.repeat(20_000)}@evil.example/login`;
    const api = elicit(
      { mode: 'url', message: 'Sign in', url: link, elicitationId: 'e' },
      'Files',
    ).connect() as ElicitationUrlApi;
    expect(api.url).toMatchObject({ valid: true, host: 'evil.example', truncated: true });
    expect(api.url.text.length).toBeLessThanOrEqual(TEXT_LIMITS.url);
    expect(api.url.text).toContain('…evil.example/login');
    expect(api.url.warnings.map((w) => w.text)).toContain(
      fill(en['mcp.elicitation.url.warning.userinfo']!, { host: 'evil.example' }),
    );
  });

  it('refuses a URL that is not a string, and a schema nested 10 000 deep, without throwing', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i += 1) deep = { type: 'object', properties: { d: deep } };
    const form = elicit({ message: 'm', requestedSchema: deep }, 'Files').connect();
    expect(form.mode).toBe('form');
    expect((form as ElicitationFormApi).form.unsupported).toBe(true);
    expect(form.actions.find((a) => a.action === 'accept')).toMatchObject({
      enabled: false,
      disabledReason: en['mcp.elicitation.error.unsupported'],
    });
    const nestedMessage = elicit(
      { message: deep as unknown as string, requestedSchema: { type: 'object', properties: {} } },
      'Files',
    ).connect();
    expectAllSafe(nestedMessage);
    const link = elicit(
      { mode: 'url', message: 'm', url: deep as unknown as string, elicitationId: 'e' },
      'Files',
    ).connect() as ElicitationUrlApi;
    expect(link.url).toMatchObject({ valid: false, openUrl: null });
    expect(link.url.error).toBe(en['mcp.elicitation.url.error.invalid']);
  });
});

describe('dry-run preview: hostile server text', () => {
  const open = (request: DryRunRequest) =>
    createDryRunPrompt(request, { clock: createManualClock() });

  it.each(Object.entries(corpus))(
    '%s in every server field is shown safely and capped',
    (_, text) => {
      const prompt = open({
        id: text,
        server: evilServer(text),
        tool: { name: text, title: text, annotations: { title: text } },
        preview: { token: text, [text]: text, nested: { list: [text, { [text]: text }] } },
        hint: text,
      });
      const api = prompt.connect();
      expectAllSafe(api);
      expect(api.tool.name.length).toBeLessThanOrEqual(TEXT_LIMITS.toolName);
      expect(api.tool.displayName.length).toBeLessThanOrEqual(TEXT_LIMITS.toolTitle);
      expect(api.server.name.length).toBeLessThanOrEqual(TEXT_LIMITS.serverName);
      expect(api.hint!.text.length).toBeLessThanOrEqual(TEXT_LIMITS.hint);
      expect(api.preview.text.length).toBeLessThanOrEqual(1200);
      expect(api.preview.redactedText).not.toBeNull();
      expect(api.props.root!.id).toMatch(/^mcp-consent-[A-Za-z0-9_-]+$/);
      // Show more reveals the whole value, still safe.
      api.togglePreview(true);
      const expanded = prompt.connect();
      if (expanded.preview.truncated) expect(expanded.preview.expanded).toBe(true);
      expectAllSafe(expanded);
    },
  );

  it('keeps HTML as text and says hidden characters were shown as codes', () => {
    const request = {
      id: 'd',
      server: evilServer('Files'),
      tool: { name: hostile.html },
      preview: { a: 1 },
      hint: hostile.tags,
    };
    const api = open(request).connect();
    expect(api.tool.name).toBe(hostile.html.slice(0, TEXT_LIMITS.toolName));
    expect(api.hint!.text).toBe('ok[6 hidden characters]');
    expect(api.notices.map((n) => n.kind)).toEqual(['hidden_characters']);
  });

  it('shows a preview nested 10 000 deep, or with a cycle, with a marker', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = { d: deep };
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const base = { id: 'd', server: evilServer('Files'), tool: { name: 't' } };
    const prompt = open({ ...base, preview: deep });
    prompt.connect().togglePreview(true);
    expect(prompt.connect().preview.text).toContain(en['mcp.permission.args.too_deep']);
    const loop = open({ ...base, preview: cyclic }).connect();
    expect(loop.preview.text).toContain(en['mcp.permission.args.circular']);
  });

  it('ignores a hint that is not text', () => {
    const api = open({
      id: 'd',
      server: evilServer('Files'),
      tool: { name: 't' },
      preview: {},
      hint: { toString: () => hostile.bidi } as unknown as string,
    }).connect();
    expect(api.hint).toBeNull();
    expect(api.props['from-server']).toMatchObject({ hidden: true });
  });
});
