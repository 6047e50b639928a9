import { expect, it } from 'vitest';
import { argumentSkeleton } from '@mcp-consent/prompt/tool-args';

it('prefills required fields, and optional ones only when they have a default', () => {
  const schema = {
    type: 'object',
    properties: {
      provider: { type: 'string' },
      count: { type: 'integer', minimum: 1 },
      elicitationId: { type: 'string' },
      steps: { type: 'integer', default: 1 },
      verbose: { type: 'boolean' },
      __confirm: { type: 'boolean' },
    },
    required: ['provider', 'count', '__confirm'],
  };
  expect(argumentSkeleton(schema)).toEqual({ provider: '', count: 1, steps: 1 });
});

it('a schema without required fields gives only the defaults', () => {
  expect(argumentSkeleton({ type: 'object', properties: { note: { type: 'string' } } })).toEqual(
    {},
  );
  expect(argumentSkeleton({ type: 'object' })).toEqual({});
  expect(argumentSkeleton(undefined)).toEqual({});
});

it('a default of a required field is kept, even a falsy one', () => {
  expect(
    argumentSkeleton({
      type: 'object',
      properties: {
        label: { type: 'string', default: '' },
        dry: { type: 'boolean', default: false },
      },
      required: ['label'],
    }),
  ).toEqual({ label: '', dry: false });
});
