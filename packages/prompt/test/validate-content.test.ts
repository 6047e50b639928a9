import { createManualClock } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import {
  createElicitationPrompt,
  defaultContent,
  validateContent,
  type ElicitationFormApi,
} from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { server } from './support.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 4 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    age: { type: 'integer', minimum: 13, maximum: 120 },
    score: { type: 'number', maximum: 1 },
    ok: { type: 'boolean' },
    size: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
    tags: {
      type: 'array',
      items: { anyOf: [{ const: 'a' }, { const: 'b' }, { const: 'c' }] },
      minItems: 2,
      maxItems: 2,
    },
  },
  required: ['name'],
};

const errorsOf = (content: unknown, locale?: string) => {
  const result = validateContent(schema, content, locale ? { locale } : {});
  return result.ok ? [] : result.errors;
};

describe('validateContent', () => {
  it('accepts typed content and sends it as typed', () => {
    const content = {
      name: 'Ada',
      email: 'ada@example.com',
      site: 'https://example.com/x',
      day: '2028-02-29',
      at: '2026-01-01T10:00:00Z',
      age: 36,
      score: 0.5,
      ok: false,
      size: 'm',
      tags: ['a', 'c'],
    };
    expect(validateContent(schema, content)).toEqual({ ok: true, content });
  });

  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'A' }, 'name', 'Name must be at least 2 characters long'],
    [{ name: 'Alice' }, 'name', 'Name must be at most 4 characters long'],
    [{ name: 7 }, 'name', 'Name is required'],
    [{ name: 'Al', email: 'ada@' }, 'email', 'email must be an email address'],
    [{ name: 'Al', email: 5 }, 'email', 'email must be an email address'],
    [{ name: 'Al', site: 'not a uri' }, 'site', 'site must be a web address'],
    [{ name: 'Al', day: '2026-02-30' }, 'day', 'day must be a date (YYYY-MM-DD)'],
    [{ name: 'Al', at: 'yesterday' }, 'at', 'at must be a date and time'],
    [{ name: 'Al', age: '36' }, 'age', 'age must be a number'],
    [{ name: 'Al', age: 36.5 }, 'age', 'age must be a whole number'],
    [{ name: 'Al', age: 7 }, 'age', 'age must be at least 13'],
    [{ name: 'Al', age: 121 }, 'age', 'age must be at most 120'],
    [{ name: 'Al', score: Number.NaN }, 'score', 'score must be a number'],
    [{ name: 'Al', score: 2 }, 'score', 'score must be at most 1'],
    [{ name: 'Al', ok: 'yes' }, 'ok', 'Choose one of the options for ok'],
    [{ name: 'Al', size: 'l' }, 'size', 'Choose one of the options for size'],
    [{ name: 'Al', size: 1 }, 'size', 'Choose one of the options for size'],
    [{ name: 'Al', tags: ['a', 'x'] }, 'tags', 'Choose one of the options for tags'],
    [{ name: 'Al', tags: 'a' }, 'tags', 'Choose one of the options for tags'],
    [{ name: 'Al', tags: ['a', 1] }, 'tags', 'Choose one of the options for tags'],
    [{ name: 'Al', tags: ['a'] }, 'tags', 'Choose at least 2 options for tags'],
    [{ name: 'Al', tags: ['a', 'b', 'c'] }, 'tags', 'Choose at most 2 options for tags'],
  ])('%j → %s: %s', (content, field, message) => {
    expect(errorsOf(content)).toEqual([{ field, message }]);
  });

  it('reports every invalid field, in schema order', () => {
    expect(errorsOf({ age: 7, name: 'A', ok: 1 }).map((e) => e.field)).toEqual([
      'name',
      'age',
      'ok',
    ]);
  });

  it('localizes the messages (pt-BR) and takes a translator', () => {
    expect(errorsOf({ age: '36' }, 'pt-BR')).toEqual([
      { field: 'name', message: 'Name é obrigatório' },
      { field: 'age', message: 'age deve ser um número' },
    ]);
    const translator = createTranslator('pt-BR');
    expect(validateContent(schema, { name: 'Al', tags: ['a'] }, { translator })).toEqual({
      ok: false,
      errors: [{ field: 'tags', message: 'Escolha pelo menos 2 opções para tags' }],
    });
  });

  it('counts lengths in code points', () => {
    expect(validateContent(schema, { name: '😀😀😀😀' })).toMatchObject({ ok: true });
  });

  it('drops keys the schema did not ask for, and empty optional values', () => {
    expect(
      validateContent(schema, { name: 'Al', leak: 'secret', email: '', tags: [], constructor: 1 }),
    ).toEqual({ ok: true, content: { name: 'Al' } });
    expect(validateContent(schema, undefined)).toMatchObject({ ok: false });
    expect(validateContent({ type: 'object', properties: {} }, undefined)).toEqual({
      ok: true,
      content: {},
    });
  });

  it('normalizes like the form model: trimmed formats, date-times as RFC 3339', () => {
    const result = validateContent(schema, {
      name: ' Al ',
      email: ' ada@example.com ',
      at: '2026-01-01 10:00:00+02:00',
    });
    expect(result).toEqual({
      ok: true,
      content: { name: ' Al ', email: 'ada@example.com', at: '2026-01-01T10:00:00+02:00' },
    });
  });

  it('treats `__proto__` as an ordinary key, never as the prototype', () => {
    const protoSchema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
    ) as unknown;
    expect(validateContent(protoSchema, {})).toEqual({
      ok: false,
      errors: [{ field: '__proto__', message: '__proto__ is required' }],
    });
    const result = validateContent(protoSchema, JSON.parse('{"__proto__":"x"}'));
    expect(result.ok).toBe(true);
    const content = result.ok ? result.content : {};
    expect(Object.hasOwn(content, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(content.__proto__).toBe('x');

    // A `__proto__` key the schema did not ask for is dropped and pollutes nothing.
    const dropped = validateContent(schema, JSON.parse('{"name":"Al","__proto__":{"polluted":1}}'));
    expect(dropped).toEqual({ ok: true, content: { name: 'Al' } });
    expect(Object.hasOwn(dropped.ok ? dropped.content : {}, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a schema the form model cannot show is invalid, so nothing is sent', () => {
    for (const bad of [
      null,
      { type: 'object', properties: { nested: { type: 'object' } } },
      { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } },
    ]) {
      expect(validateContent(bad, {})).toEqual({
        ok: false,
        errors: [
          {
            field: '',
            message:
              'This request asks for a kind of answer this app cannot show, so it can only be declined',
          },
        ],
      });
    }
  });

  it('accepts what the form model produces (one set of rules)', () => {
    const clock = createManualClock();
    let sent: unknown;
    const prompt = createElicitationPrompt(
      { message: 'm', requestedSchema: schema },
      {
        clock,
        server,
        guardMs: 0,
        onResult: (r) => (sent = r.action === 'accept' ? r.content : undefined),
      },
    );
    const api = prompt.connect() as ElicitationFormApi;
    api.setValue('name', 'Ada');
    api.setValue('age', '36');
    api.setValue('at', '2026-01-01T10:00:00Z');
    api.setValue('tags', ['a', 'b']);
    expect((prompt.connect() as ElicitationFormApi).accept()).toEqual({ accepted: true });
    expect(validateContent(schema, sent)).toEqual({ ok: true, content: sent });
  });
});

describe('defaultContent', () => {
  it('is the schema defaults as typed content', () => {
    expect(
      defaultContent({
        type: 'object',
        properties: {
          rating: { type: 'integer', default: 4 },
          subscribe: { type: 'boolean', default: false },
          plan: { type: 'string', enum: ['free', 'team'], default: 'free' },
          note: { type: 'string' },
        },
        required: ['plan'],
      }),
    ).toEqual({ rating: 4, subscribe: false, plan: 'free' });
    expect(defaultContent({ type: 'object', properties: {} })).toEqual({});
  });

  it('is null when an answer would have to be invented or a default is invalid', () => {
    const required = (property: Record<string, unknown>) => ({
      type: 'object',
      properties: { x: property },
      required: ['x'],
    });
    expect(defaultContent(required({ type: 'boolean' }))).toBeNull();
    expect(defaultContent(required({ type: 'string', default: '' }))).toBeNull();
    expect(defaultContent(required({ type: 'string', enum: ['a'], default: 'b' }))).toBeNull();
    expect(defaultContent(required({ type: 'number', default: '3' }))).toBeNull();
    expect(defaultContent(required({ type: 'object', default: {} }))).toBeNull();
  });
});
