/**
 * Two tabs of one browser profile share its grants (IndexedDB, heard over a BroadcastChannel):
 * when the same call is asked in both and tab A answers Deny always, tab B's open sheet closes
 * and its call is denied by that grant; it never waits for an answer that could not allow it.
 * Real Chromium against the demo server; every wait is on visible UI state.
 */
import { describe, expect, it } from 'vitest';
import {
  answer,
  call,
  connected,
  open,
  openSheets,
  permissionSheet,
  result,
  WAIT,
  type RendererName,
} from './driver.js';
import { usePlayground } from './harness.js';

const playground = usePlayground();

describe('a Deny always in one tab', () => {
  it.each<RendererName>(['lit', 'react'])(
    "closes the other tab's open sheet for the same call (%s)",
    async (renderer) => {
      const { context, page: a, errors } = await open(playground.browser, playground.url, renderer);
      const b = await context.newPage();
      b.on('pageerror', (error) => errors.push(String(error)));
      await b.goto(`${playground.url}?renderer=${renderer}`);
      await connected(b);

      const args = { id: 'groceries' };
      const inB = await call(b, 'notes_delete', args);
      await permissionSheet(b).waitFor(WAIT);
      const inA = await call(a, 'notes_delete', args);
      await answer(a, 'deny_always');
      await result(a, inA, 'denied', '[data-settled-by="answer"][data-choice="deny_always"]');

      // B's sheet goes away by itself, and its call is denied by A's answer.
      await openSheets(b).waitFor({ state: 'detached', ...WAIT });
      const denied = await result(b, inB, 'denied', '[data-settled-by="grant"]');
      expect(await denied.getAttribute('data-choice')).toBe('deny_always');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
