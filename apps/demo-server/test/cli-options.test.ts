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

test('--elicit-timeout-ms sets the timeout of the server’s elicitations; absent, the server default applies', () => {
  expect(readCliOptions([], {})).not.toHaveProperty('elicitTimeoutMs');
  expect(readCliOptions(['--elicit-timeout-ms', '1000'], {})).toMatchObject({
    elicitTimeoutMs: 1000,
  });
  expect(
    readCliOptions(['--elicit-timeout-ms', '2000'], { MCP_DEMO_ELICIT_TIMEOUT_MS: '9' }),
  ).toMatchObject({ elicitTimeoutMs: 2000 });
  expect(readCliOptions([], { MCP_DEMO_ELICIT_TIMEOUT_MS: '3000' })).toMatchObject({
    elicitTimeoutMs: 3000,
  });
  // 0 would make every confirmation time out at once.
  expect(() => readCliOptions(['--elicit-timeout-ms', '0'], {})).toThrow(/--elicit-timeout-ms/);
});

test('rejects nonsense and unknown flags', () => {
  expect(() => readCliOptions(['--port', 'abc'], {})).toThrow(/--port/);
  expect(() => readCliOptions(['--dry-run', 'false'], {})).toThrow();
});
