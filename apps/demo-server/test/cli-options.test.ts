import { expect, test } from 'vitest';
import { readCliOptions } from '../src/cli-options.js';

test('flags win over the environment; defaults are port 3333, no delay, one page', () => {
  expect(readCliOptions([], {})).toEqual({ port: 3333, listDelayMs: 0, pageSize: undefined });
  expect(
    readCliOptions(['--port', '0', '--list-delay-ms', '5000', '--page-size', '3'], { PORT: '9' }),
  ).toEqual({
    port: 0,
    listDelayMs: 5000,
    pageSize: 3,
  });
  expect(readCliOptions([], { MCP_DEMO_PORT: '4000', MCP_DEMO_LIST_DELAY_MS: '10' })).toMatchObject(
    {
      port: 4000,
      listDelayMs: 10,
    },
  );
});

test('rejects nonsense and unknown flags', () => {
  expect(() => readCliOptions(['--port', 'abc'], {})).toThrow(/--port/);
  expect(() => readCliOptions(['--dry-run', 'false'], {})).toThrow();
});
