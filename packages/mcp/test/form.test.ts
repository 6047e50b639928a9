import { describe, expect, test } from 'vitest';
import { formFields, initialValues, validateForm, visibleText } from '../src/index.js';

const schema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, minLength: 2, maxLength: 4 },
    site: { type: 'string' as const, format: 'uri' as const },
    day: { type: 'string' as const, format: 'date' as const },
    at: { type: 'string' as const, format: 'date-time' as const },
    size: { type: 'string' as const, enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
    tags: {
      type: 'array' as const,
      items: {
        anyOf: [
          { const: 'a', title: 'Alpha' },
          { const: 'b', title: 'Beta' },
        ],
      },
      minItems: 1,
      maxItems: 1,
      default: ['a'],
    },
    score: { type: 'number' as const, maximum: 1 },
    ok: { type: 'boolean' as const, title: 'OK\u202E?' },
  },
  required: ['name'],
};

describe('form fields', () => {
  const fields = formFields(schema);
  const byName = Object.fromEntries(fields.map((field) => [field.name, field]));

  test('normalizes every primitive kind; titles are sanitized', () => {
    expect(byName.size).toMatchObject({
      kind: 'enum',
      options: [
        { value: 's', label: 'Small' },
        { value: 'm', label: 'Medium' },
      ],
    });
    expect(byName.tags).toMatchObject({ kind: 'multi_enum', minItems: 1, maxItems: 1 });
    expect(byName.ok?.title).toBe('OK\\u{202E}?');
    expect(byName.name?.title).toBe('name'); // no title: the key
    expect(initialValues(fields)).toEqual({ tags: ['a'] });
  });

  test.each([
    [{ name: 'Al', tags: ['a'] }, []],
    [{}, [{ field: 'name', code: 'required' }]],
    [{ name: 'A' }, [{ field: 'name', code: 'too_short' }]],
    [{ name: 'Alice' }, [{ field: 'name', code: 'too_long' }]],
    [{ name: 7 }, [{ field: 'name', code: 'type' }]],
    [{ name: 'Al', site: 'not a uri' }, [{ field: 'site', code: 'format' }]],
    [{ name: 'Al', site: 'https://example.com/x' }, []],
    [{ name: 'Al', day: '2026-02-30' }, [{ field: 'day', code: 'format' }]],
    [{ name: 'Al', day: '2028-02-29' }, []],
    [{ name: 'Al', at: '2026-01-01T10:00:00Z' }, []],
    [{ name: 'Al', at: '2026-01-01 10:00' }, [{ field: 'at', code: 'format' }]],
    [{ name: 'Al', size: 'l' }, [{ field: 'size', code: 'not_an_option' }]],
    [{ name: 'Al', tags: ['a', 'b'] }, [{ field: 'tags', code: 'too_many' }]],
    [{ name: 'Al', tags: ['c'] }, [{ field: 'tags', code: 'not_an_option' }]],
    [{ name: 'Al', score: 2 }, [{ field: 'score', code: 'too_large' }]],
    [{ name: 'Al', score: Number.NaN }, [{ field: 'score', code: 'type' }]],
    [{ name: 'Al', ok: 'yes' }, [{ field: 'ok', code: 'type' }]],
  ])('%j → %j', (content, errors) => {
    const result = validateForm(fields, content);
    expect(result.ok ? [] : result.errors).toEqual(errors);
  });

  test('integers must be whole; lengths count code points; unknown keys are dropped', () => {
    const int = formFields({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 0 }, e: { type: 'string', maxLength: 2 } },
    });
    expect(validateForm(int, { n: 1.5 })).toEqual({
      ok: false,
      errors: [{ field: 'n', code: 'not_integer' }],
    });
    expect(validateForm(int, { n: 2, e: '😀😀', leak: 'x' })).toEqual({
      ok: true,
      content: { n: 2, e: '😀😀' },
    });
  });
});

describe('visibleText', () => {
  test('escapes what could hide or reorder text, strips terminal sequences, keeps the rest', () => {
    expect(visibleText('safe\u202Etxt.exe')).toBe('safe\\u{202E}txt.exe');
    expect(visibleText('a\u200Bb\u{E0041}c\uFEFF')).toBe('a\\u{200B}b\\u{E0041}c\\u{FEFF}');
    expect(visibleText('\u001b[31mred\u001b[0m \u001b]8;;https://evil\u0007link')).toBe('red link');
    expect(visibleText('line\r\nnext\tcol\u0000')).toBe('line\nnext\tcol\\u{0}');
    expect(visibleText('⚠️ Delete «x»? Ünïcödé')).toBe('⚠️ Delete «x»? Ünïcödé');
  });
});
