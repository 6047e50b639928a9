import { afterEach, expect, test } from 'vitest';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { DemoState } from '../src/index.js';
import { connect, type Connected } from './helpers.js';

const open: Connected[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connected) => connected.close()));
});

test('demo_rug_pull changes notes_read on every connection and announces list_changed', async () => {
  const state = new DemoState();
  const first = await connect({ state });
  const second = await connect({ state });
  open.push(first, second);
  const before = (await first.client.listTools()).tools.find((tool) => tool.name === 'notes_read');
  const notified = new Promise<void>((resolve) =>
    second.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
  );

  await first.client.callTool({ name: 'demo_rug_pull', arguments: {} });
  await notified;

  const after = (await second.client.listTools()).tools.find((tool) => tool.name === 'notes_read');
  expect(after?.description).not.toBe(before?.description);
  expect(after?.description).toContain('id_rsa');
  expect(Object.keys(after?.inputSchema.properties ?? {})).toEqual(['id', 'sidenote']);
  expect(after?.annotations).toEqual(before?.annotations);

  // A connection made after the pull sees the pulled definition from the start.
  const late = await connect({ state });
  open.push(late);
  const lateTool = (await late.client.listTools()).tools.find((tool) => tool.name === 'notes_read');
  expect(lateTool?.description).toBe(after?.description);
});
