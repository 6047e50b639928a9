import { createManualClock } from '@mcp-consent/engine';
import {
  createElicitationPrompt,
  elicitationAnatomy,
  type ElicitationFormApi,
  type ElicitationPromptOptions,
  type ElicitationUrlApi,
  type ElicitRequest,
} from '@mcp-consent/prompt';
import { describe, expect, it, vi } from 'vitest';
import { hostile, server } from './support.js';

const open = (request: ElicitRequest, options: Partial<ElicitationPromptOptions> = {}) => {
  const clock = createManualClock();
  const onResult = vi.fn();
  const prompt = createElicitationPrompt(request, { clock, server, onResult, ...options });
  clock.advance(500);
  return { prompt, clock, onResult };
};
const form = (prompt: ReturnType<typeof open>['prompt']) => prompt.connect() as ElicitationFormApi;
const url = (prompt: ReturnType<typeof open>['prompt']) => prompt.connect() as ElicitationUrlApi;

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2, maxLength: 20 },
    email: { type: 'string', format: 'email', description: 'Where to reach you' },
    age: { type: 'integer', minimum: 18, maximum: 130, default: 30 },
    ratio: { type: 'number' },
    subscribe: { type: 'boolean', default: true },
    plan: { type: 'string', enum: ['free', 'pro'], enumNames: ['Free', 'Pro'], default: 'pro' },
    color: {
      type: 'string',
      oneOf: [
        { const: '#f00', title: 'Red' },
        { const: '#00f', title: 'Blue' },
      ],
    },
    tags: {
      type: 'array',
      items: { type: 'string', enum: ['a', 'b', 'c'] },
      minItems: 1,
      maxItems: 2,
    },
    start: { type: 'string', format: 'date' },
    site: { type: 'string', format: 'uri' },
  },
  required: ['name', 'email', 'tags'],
};

describe('elicitation form', () => {
  it('builds fields with kinds, labels, defaults, options and required flags', () => {
    const { prompt } = open({ message: 'Tell us about you', requestedSchema: schema });
    const api = form(prompt);
    expect(api.mode).toBe('form');
    expect(api.title).toBe('Files is asking for information');
    expect(api.form.fields.map((f) => [f.name, f.kind, f.label, f.required, f.value])).toEqual([
      ['name', 'text', 'Full name', true, ''],
      ['email', 'email', 'email', true, ''],
      ['age', 'integer', 'age', false, '30'],
      ['ratio', 'number', 'ratio', false, ''],
      ['subscribe', 'boolean', 'subscribe', false, true],
      ['plan', 'select', 'plan', false, 'pro'],
      ['color', 'select', 'color', false, ''],
      ['tags', 'multiselect', 'tags', true, []],
      ['start', 'date', 'start', false, ''],
      ['site', 'url', 'site', false, ''],
    ]);
    expect(api.form.fields[5]!.options).toEqual([
      { value: 'free', label: 'Free' },
      { value: 'pro', label: 'Pro' },
    ]);
    expect(api.form.fields[6]!.options.map((o) => o.label)).toEqual(['Red', 'Blue']);
    expect(api.form.fields[2]!.inputProps).toMatchObject({
      type: 'number',
      step: '1',
      min: '18',
      max: '130',
    });
    expect(api.form.fields[1]!.inputProps).toMatchObject({
      type: 'email',
      required: true,
      'aria-describedby': `${api.form.fields[1]!.id}-description`,
    });
    expect(api.defaultFocus).toEqual({ kind: 'field', name: 'name' });
  });

  it('validates with localized messages and only accepts typed content', () => {
    const { prompt, onResult } = open(
      { message: 'm', requestedSchema: schema },
      { locale: 'pt-BR' },
    );
    expect(form(prompt).accept()).toEqual({ accepted: false, reason: 'invalid' });
    const api = form(prompt);
    expect(api.form.errorSummary).toBe('3 campos precisam de atenção');
    expect(api.form.fields[0]!.error).toBe('Full name é obrigatório');
    expect(api.form.fields[0]!.inputProps['aria-invalid']).toBe('true');
    api.setValue('name', 'A');
    api.setValue('email', 'not-an-email');
    api.setValue('age', '12.5');
    api.setValue('tags', ['a', 'b', 'c']);
    api.setValue('site', 'nope');
    expect(form(prompt).validate()).toEqual({
      name: 'Full name deve ter pelo menos 2 caracteres',
      email: 'email deve ser um endereço de e-mail',
      age: 'age deve ser um número inteiro',
      tags: 'Escolha no máximo 2 opções para tags',
      site: 'site deve ser um endereço da web',
    });
    expect(onResult).not.toHaveBeenCalled();
    const next = form(prompt);
    next.setValue('name', 'Ana');
    next.setValue('email', 'ana@example.com');
    next.setValue('age', ' 42 ');
    next.setValue('ratio', '0.5');
    next.setValue('tags', ['a']);
    next.setValue('site', 'https://example.com');
    next.setValue('start', '2026-02-30');
    expect(form(prompt).validate()).toEqual({ start: 'start deve ser uma data (AAAA-MM-DD)' });
    form(prompt).setValue('start', '2026-02-28');
    expect(form(prompt).accept()).toEqual({ accepted: true });
    expect(onResult).toHaveBeenCalledExactlyOnceWith({
      action: 'accept',
      content: {
        name: 'Ana',
        email: 'ana@example.com',
        age: 42,
        ratio: 0.5,
        subscribe: true,
        plan: 'pro',
        tags: ['a'],
        start: '2026-02-28',
        site: 'https://example.com',
      },
    });
  });

  it('shows a field error only after the field was left', () => {
    const { prompt } = open({ message: 'm', requestedSchema: schema });
    form(prompt).setValue('name', 'x');
    expect(form(prompt).form.fields[0]!.error).toBeNull();
    form(prompt).blur('name');
    expect(form(prompt).form.fields[0]!.error).toBe('Full name must be at least 2 characters long');
  });

  it('keeps a __proto__ field as data in the content', () => {
    const { prompt, onResult } = open({
      message: 'm',
      requestedSchema: JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
      ),
    });
    form(prompt).setValue('__proto__', 'polluted?');
    form(prompt).accept();
    const content = onResult.mock.calls[0]![0].content as Record<string, unknown>;
    expect(Object.hasOwn(content, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a confirmation without fields focuses Decline and says Confirm', () => {
    const { prompt } = open({
      message: '⚠️ Delete entity ABC-1?\nThis cannot be undone.',
      requestedSchema: { type: 'object', properties: {} },
    });
    const api = form(prompt);
    expect(api.title).toBe('Files asks you to confirm');
    expect(api.message.text).toBe('⚠️ Delete entity ABC-1?\nThis cannot be undone.');
    // Secondary answers first in plain words, the primary Accept last.
    expect(
      api.actions.map((a) => [a.action, a.label, a.detail, a.emphasis, a.tone, a.isDefault]),
    ).toEqual([
      [
        'cancel',
        'Not now',
        'Closes without answering; it may ask again',
        'neutral',
        'neutral',
        false,
      ],
      ['decline', 'Say no', 'Tells the server no', 'neutral', 'neutral', true],
      ['accept', 'Confirm', null, 'primary', 'neutral', false],
    ]);
    expect(api.handleKey('Enter').outcome).toEqual({ accepted: true });
    expect(prompt.getState().result).toEqual({ action: 'decline' });
  });

  it('refuses a schema it cannot render: only decline and cancel work', () => {
    const { prompt } = open({
      message: 'm',
      requestedSchema: { type: 'object', properties: { nested: { type: 'object' } } },
    });
    const api = form(prompt);
    expect(api.form.unsupported).toBe(true);
    expect(api.actions.find((a) => a.action === 'accept')).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/can only be declined/),
    });
    expect(api.accept()).toEqual({ accepted: false, reason: 'disabled' });
    expect(api.decline()).toEqual({ accepted: true });
  });

  it('Escape cancels (not declines), and the guard applies', () => {
    const clock = createManualClock();
    const onResult = vi.fn();
    const prompt = createElicitationPrompt(
      { message: 'm', requestedSchema: schema },
      { clock, server, onResult },
    );
    expect(prompt.connect().handleKey('Escape').outcome).toEqual({
      accepted: false,
      reason: 'guard',
    });
    clock.advance(500);
    expect(prompt.connect().escapeAction).toBe('cancel');
    expect(prompt.connect().handleKey('Escape').outcome).toEqual({ accepted: true });
    expect(onResult).toHaveBeenCalledExactlyOnceWith({ action: 'cancel' });
  });

  it('Enter in a text field submits; in a checkbox it does nothing', () => {
    const { prompt } = open({ message: 'm', requestedSchema: schema });
    expect(prompt.connect().handleKey('Enter')).toEqual({
      handled: true,
      outcome: { accepted: false, reason: 'invalid' },
    });
    prompt.connect().focus({ kind: 'field', name: 'subscribe' });
    expect(prompt.connect().handleKey('Enter')).toEqual({ handled: false });
    expect(prompt.connect().handleKey('ArrowDown')).toEqual({ handled: false });
  });

  it('sanitizes the message, labels and option titles', () => {
    const { prompt } = open({
      message: hostile.osc8,
      requestedSchema: {
        type: 'object',
        properties: {
          x: { type: 'string', title: hostile.bidi, enum: ['a'], enumNames: [hostile.zeroWidth] },
        },
      },
    });
    const api = form(prompt);
    expect(api.message.text).toBe('[27 hidden characters]click me[6 hidden characters]');
    expect(api.message.text).not.toContain('\u001b');
    expect(api.form.fields[0]!.label).toBe('invoice_[1 hidden character]txt.exe');
    expect(api.form.fields[0]!.options[0]!.label).toBe(
      'pay[1 hidden character]pal[3 hidden characters]',
    );
    expect(api.notices.map((n) => n.kind)).toEqual(['hidden_characters']);
  });

  it('names every part in the anatomy', () => {
    const { prompt } = open({ message: 'm', requestedSchema: schema });
    const api = form(prompt);
    const parts = [
      ...Object.values(api.props),
      api.getActionProps('accept'),
      ...api.form.fields.flatMap((f) => [f.inputProps, ...Object.values(f.props)]),
    ].map((p) => p!['data-part']);
    for (const part of parts) expect(elicitationAnatomy).toContain(part);
  });
});

describe('elicitation URL mode', () => {
  const request = (link: string): ElicitRequest => ({
    mode: 'url',
    message: 'Sign in to continue',
    url: link,
    elicitationId: 'e-1',
  });

  it('shows the full URL with the host split out, and Decline focused', () => {
    const { prompt, onResult } = open(request('https://auth.example.com/login?next=%2Fhome'));
    const api = url(prompt);
    expect(api.title).toBe('Files wants you to open a link');
    expect(api.url).toMatchObject({
      valid: true,
      before: 'https://',
      host: 'auth.example.com',
      after: '/login?next=%2Fhome',
      site: 'Site: auth.example.com',
      warnings: [],
      openUrl: 'https://auth.example.com/login?next=%2Fhome',
      notice: 'Nothing is opened until you choose Open link.',
    });
    expect(api.url.before + api.url.host + api.url.after).toBe(api.url.text);
    expect(api.defaultFocus).toEqual({ kind: 'action', action: 'decline' });
    expect(api.actions.map((a) => a.label)).toEqual(['Not now', 'Don’t open', 'Open link']);
    expect(api.accept()).toEqual({ accepted: true });
    expect(onResult).toHaveBeenCalledWith({ action: 'accept' });
  });

  it('warns about punycode and look-alike letters, showing what the name reads as', () => {
    const api = url(open(request('https://аpple.com/')).prompt);
    expect(api.url.host).toBe('xn--pple-43d.com');
    expect(api.url.hostUnicode).toBe('аpple.com');
    expect(api.url.warnings.map((w) => w.kind)).toEqual([
      'punycode',
      'mixed_scripts',
      'confusable',
    ]);
    expect(api.url.warnings[0]!.text).toBe(
      'The site name uses encoded characters and reads as аpple.com, which may imitate another site',
    );
  });

  it('warns about user info before the host and plain HTTP, naming the real site', () => {
    const api = url(open(request('http://accounts.google.com@evil.example/')).prompt);
    expect(api.url.host).toBe('evil.example');
    expect(api.url.before).toBe('http://accounts.google.com@');
    expect(api.url.warnings.map((w) => w.text)).toEqual([
      'This link is not secure: it does not use HTTPS',
      'The address has text before an @ sign that can disguise the real site. The real site is evil.example.',
    ]);
  });

  it('does not warn for an ordinary internationalized Japanese domain beyond punycode', () => {
    const api = url(open(request('https://例え.jp/')).prompt);
    expect(api.url.warnings.map((w) => w.kind)).toEqual(['punycode']);
  });

  it('refuses to open javascript:, data: and invalid URLs', () => {
    for (const [link, error] of [
      ['javascript:alert(1)', 'Only web addresses can be opened; this one starts with javascript:'],
      ['data:text/html,<script>', 'Only web addresses can be opened; this one starts with data:'],
      ['not a url', 'This is not a valid web address, so it cannot be opened'],
    ] as const) {
      const { prompt, onResult } = open(request(link));
      const api = url(prompt);
      expect(api.url).toMatchObject({ valid: false, error, openUrl: null });
      expect(api.actions.find((a) => a.action === 'accept')).toMatchObject({
        enabled: false,
        disabledReason: error,
      });
      expect(api.accept()).toEqual({ accepted: false, reason: 'disabled' });
      expect(onResult).not.toHaveBeenCalled();
    }
  });

  it('speaks Arabic right to left but keeps the URL left to right', () => {
    const api = url(open(request('https://example.com/')).prompt);
    const ar = url(open(request('https://example.com/'), { locale: 'ar' }).prompt);
    expect(api.props.url).toMatchObject({ dir: 'ltr' });
    expect(ar.props.root).toMatchObject({ dir: 'rtl', lang: 'ar' });
    expect(ar.props.url).toMatchObject({ dir: 'ltr' });
    expect(ar.url.notice).toBe('لن يُفتح أي شيء حتى تختار «فتح الرابط».');
  });

  it('closes when the request is settled elsewhere', () => {
    const controller = new AbortController();
    const { prompt, onResult } = open(request('https://example.com/'), {
      signal: controller.signal,
    });
    controller.abort();
    expect(prompt.connect().status).toBe('closed');
    expect(prompt.connect().accept()).toEqual({ accepted: false, reason: 'settled' });
    expect(onResult).not.toHaveBeenCalled();
  });
});
