import { createTranslator } from '@mcp-consent/i18n';
import {
  argumentSkeleton,
  describeToolArguments,
  skeletonJson,
} from '@mcp-consent/prompt/tool-args';
import { describe, expect, it } from 'vitest';

const en = createTranslator('en-US');

/** server-everything's `get-annotated-message`, as its tools/list sends it. */
const annotated = {
  type: 'object',
  properties: {
    messageType: {
      type: 'string',
      enum: ['error', 'success', 'debug'],
      description: 'Type of message to demonstrate different annotation patterns',
    },
    includeImage: {
      type: 'boolean',
      default: false,
      description: 'Whether to include an example image',
    },
  },
  required: ['messageType'],
};

describe('describeToolArguments', () => {
  it('lists each argument with its type, required or optional, allowed values, default and description', () => {
    const view = describeToolArguments(annotated);
    expect(view.status).toBe('listed');
    expect(view.note).toBeNull();
    expect(view.arguments).toEqual([
      {
        name: 'messageType',
        type: 'string',
        required: true,
        presence: 'required',
        values: ['"error"', '"success"', '"debug"'],
        moreValues: 0,
        defaultValue: null,
        description: 'Type of message to demonstrate different annotation patterns',
        details: ['string', 'required', 'one of "error", "success", or "debug"'],
      },
      {
        name: 'includeImage',
        type: 'boolean',
        required: false,
        presence: 'optional',
        values: [],
        moreValues: 0,
        defaultValue: 'false',
        description: 'Whether to include an example image',
        details: ['boolean', 'optional', 'default false'],
      },
    ]);
    expect(view.skeleton).toEqual({ messageType: 'error', includeImage: false });
    expect(view.skeletonJson).toBe('{"messageType":"error","includeImage":false}');
  });

  it('words types: integers, arrays of X, unions, constants, and "any value" for the unknown', () => {
    const view = describeToolArguments({
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1 },
        tags: { type: 'array', items: { type: 'string' } },
        grid: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        colors: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] } },
        note: { type: ['string', 'null'] },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        mode: { const: 'fast' },
        level: { enum: [1, 2, 'max'] },
        options: { type: 'object' },
        anything: {},
        ref: { $ref: '#/properties/ref' },
        odd: { type: 'strin\u202Eg' },
        flag: true,
      },
      required: ['count', 'mode'],
    });
    const byName = Object.fromEntries(view.arguments.map((a) => [a.name, a]));
    expect(Object.fromEntries(view.arguments.map((a) => [a.name, a.type]))).toEqual({
      count: 'integer',
      tags: 'array of string',
      grid: 'array of array of number',
      colors: 'array of string',
      note: 'string | null',
      id: 'string | integer | null',
      mode: 'string',
      level: 'integer | string',
      options: 'object',
      anything: 'any value',
      ref: 'any value',
      odd: 'any value',
      flag: 'any value',
    });
    expect(byName.colors!.details).toEqual([
      'array of string',
      'optional',
      'one of "red" or "blue"',
    ]);
    expect(byName.mode!.details).toEqual(['string', 'required', 'one of "fast"']);
    expect(view.skeleton).toEqual({ count: 1, mode: 'fast' });
  });

  it('says when a tool takes no arguments, and when its schema cannot be read', () => {
    for (const schema of [
      { type: 'object' },
      { type: 'object', properties: {} },
      { type: 'object', properties: { __confirm: { type: 'boolean' } } },
    ]) {
      const view = describeToolArguments(schema);
      expect(view).toMatchObject({ status: 'none', arguments: [], skeletonJson: '{}' });
      expect(view.note).toBe(en.t('mcp.tool_args.none'));
    }
    for (const schema of [
      undefined,
      null,
      'object',
      42,
      [],
      { properties: 'x' },
      { properties: [] },
    ]) {
      const view = describeToolArguments(schema);
      expect(view).toMatchObject({ status: 'unreadable', arguments: [], skeleton: {} });
      expect(view.note).toBe(en.t('mcp.tool_args.unreadable'));
    }
  });

  it('speaks the locale: labels, lists and notes', () => {
    const pt = describeToolArguments(annotated, { locale: 'pt-BR' });
    expect(pt.arguments[0]!.details).toEqual([
      'string',
      'obrigatório',
      'um de "error", "success" ou "debug"',
    ]);
    expect(pt.arguments[1]!.details).toEqual(['boolean', 'opcional', 'padrão false']);
    const ja = describeToolArguments({ type: 'object' }, { locale: 'ja-JP' });
    expect(ja.note).toBe('このツールには引数がありません。');
  });
});

describe('describeToolArguments with a hostile schema', () => {
  it('10 000 properties: 40 described, the rest counted, a bounded skeleton', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) properties[`p${i}`] = { type: 'string', description: 'x' };
    const required = Object.keys(properties);
    const view = describeToolArguments({ type: 'object', properties, required });
    expect(view.arguments).toHaveLength(40);
    expect(view.more).toBe(9_960);
    expect(view.note).toBe(en.t('mcp.tool_args.more', { count: 9_960 }));
    expect(Object.keys(view.skeleton)).toHaveLength(200);
  });

  it('names, descriptions and values with controls, escapes and bidi come out visible and short', () => {
    const name = `amount\u202E\u001B[2J${'n'.repeat(5_000)}`;
    const view = describeToolArguments({
      type: 'object',
      properties: {
        [name]: {
          type: 'string',
          description: `Line one\nline\ttwo \u001B]52;c;cHduZWQ=\u0007${'long '.repeat(200_000)}`,
          enum: Array.from({ length: 10_000 }, (_, i) => `v${i}\u202E${'w'.repeat(500)}`),
          default: '\u2066evil\u2069',
        },
      },
      required: [name],
    });
    const [argument] = view.arguments;
    const shown = [
      view.skeletonJson,
      ...view.arguments.flatMap((a) => [a.name, a.description, ...a.values, ...a.details]),
    ].join(' ');
    for (const raw of ['\u202E', '\u001B', '\u0007', '\u2066', '\n', '\t'])
      expect(shown, JSON.stringify(raw)).not.toContain(raw);
    expect(argument!.name.startsWith('amount[5 hidden characters]nnn')).toBe(true);
    expect(argument!.name.length).toBeLessThanOrEqual(100);
    expect(argument!.description!.startsWith('Line one line two ')).toBe(true);
    expect(argument!.description!.length).toBeLessThanOrEqual(200);
    expect(argument!.values).toHaveLength(8);
    expect(argument!.moreValues).toBe(9_992);
    for (const value of argument!.values) expect(value.length).toBeLessThanOrEqual(40);
    expect(argument!.details[2]).toMatch(/, or 9,992 more$/);
    expect(view.found).toEqual(expect.arrayContaining(['bidi', 'escape_sequence']));
    // The skeleton holds the server's default itself, written with visible escapes.
    expect(JSON.parse(view.skeletonJson)).toEqual(view.skeleton);
    expect(view.skeletonJson).toMatch(/^\{"amount\\u202e\\u001b\[2Jn+":"\\u2066evil\\u2069"\}$/);
  });

  it('cycles, $ref loops, runaway nesting and a __proto__ name: no crash, no prototype change', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic, loop: { $ref: '#/properties/loop' } };
    cyclic.required = ['self', 'loop'];
    cyclic.default = cyclic;
    expect(describeToolArguments(cyclic).arguments.map((a) => [a.name, a.type])).toEqual([
      ['self', 'object'],
      ['loop', 'any value'],
    ]);
    expect(argumentSkeleton(cyclic)).toEqual({ self: {}, loop: null });

    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100_000; i++) deep = { type: 'array', items: deep, default: [deep] };
    const view = describeToolArguments({
      type: 'object',
      properties: { deep },
      required: ['deep'],
    });
    expect(view.arguments[0]!.type).toBe('array of array of array');
    expect(view.arguments[0]!.defaultValue).toBe('object');
    expect(view.skeleton).toEqual({ deep: [] });

    const proto = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
    ) as unknown;
    const skeleton = argumentSkeleton(proto);
    expect(Object.getPrototypeOf(skeleton)).toBe(Object.prototype);
    expect(Object.hasOwn(skeleton, '__proto__')).toBe(true);
    expect(skeletonJson(skeleton)).toBe('{"__proto__":""}');
  });

  it('a schema whose reading throws is unreadable, not a crash', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        has() {
          throw new Error('boom');
        },
        ownKeys() {
          throw new Error('boom');
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom');
        },
      },
    );
    expect(describeToolArguments({ type: 'object', properties: trap })).toMatchObject({
      status: 'unreadable',
      skeleton: {},
    });
    expect(argumentSkeleton({ type: 'object', properties: trap })).toEqual({});
  });
});

describe('argumentSkeleton', () => {
  it('prefills required fields, and optional ones only when they have a default', () => {
    const schema = {
      type: 'object',
      properties: {
        provider: { type: 'string' },
        count: { type: 'integer', minimum: 1 },
        elicitationId: { type: 'string' },
        steps: { type: 'integer', default: 1 },
        verbose: { type: 'boolean' },
        maybe: { anyOf: [{ type: 'null' }, { type: 'number' }] },
        kind: { type: ['null', 'string'] },
        __confirm: { type: 'boolean' },
      },
      required: ['provider', 'count', 'maybe', 'kind', '__confirm'],
    };
    expect(argumentSkeleton(schema)).toEqual({
      provider: '',
      count: 1,
      steps: 1,
      maybe: 0,
      kind: '',
    });
  });

  it('a schema without required fields gives only the defaults', () => {
    const optional = { type: 'object', properties: { note: { type: 'string' } } };
    expect(argumentSkeleton(optional)).toEqual({});
    expect(argumentSkeleton({ type: 'object' })).toEqual({});
    expect(argumentSkeleton(undefined)).toEqual({});
  });

  it('a default of a required field is kept, even a falsy one', () => {
    const schema = {
      type: 'object',
      properties: {
        label: { type: 'string', default: '' },
        dry: { type: 'boolean', default: false },
      },
      required: ['label'],
    };
    expect(argumentSkeleton(schema)).toEqual({ label: '', dry: false });
  });

  it('a default too long to show, or not JSON, is no default', () => {
    const schema = {
      type: 'object',
      properties: {
        big: { type: 'string', default: 'x'.repeat(5_000) },
        extra: { type: 'string', default: 'y'.repeat(5_000) },
        huge: { type: 'integer', default: 10n },
      },
      required: ['big', 'huge'],
    };
    expect(argumentSkeleton(schema)).toEqual({ big: '', huge: 0 });
  });
});

describe('skeletonJson', () => {
  it('escapes hidden characters so the text is safe and parses back to the same value', () => {
    const value = { 'k\u200B': 'a\u202Eb\u0085c\u2028d\u{E0041} \u0301', plain: 'cafe\u0301 日本' };
    const text = skeletonJson(value);
    // A combining mark on a letter stays; a stray one is escaped.
    expect(text).toBe(
      '{"k\\u200b":"a\\u202eb\\u0085c\\u2028d\\udb40\\udc41 \\u0301","plain":"cafe\u0301 日本"}',
    );
    expect(JSON.parse(text)).toEqual(value);
    expect(skeletonJson({ a: [1, 'x'] }, 2)).toBe('{\n  "a": [\n    1,\n    "x"\n  ]\n}');
    expect(skeletonJson(10n)).toBe('{}');
  });
});
