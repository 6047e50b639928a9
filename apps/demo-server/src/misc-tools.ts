import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { json, text, type ToolContext } from './context.js';

/** Open-world read, an unannotated tool, and the demo's own controls. */
export function registerMiscTools(ctx: ToolContext): void {
  const { server, state } = ctx;

  ctx.registered.set(
    'web_fetch',
    server.registerTool(
      'web_fetch',
      {
        title: 'Fetch a web page',
        description:
          'Fetches a URL and returns its text. (The demo returns canned text and never touches the network.)',
        inputSchema: { url: z.string() },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      ({ url }) => {
        state.recordCall('web_fetch');
        return text(
          `<canned page for ${url}>\nExample Domain. This domain is for use in illustrative examples.`,
        );
      },
    ),
  );

  ctx.registered.set(
    'legacy_tool',
    server.registerTool(
      'legacy_tool',
      {
        description: 'An old tool without annotations: clients must assume the worst.',
        inputSchema: { input: z.string() },
      },
      ({ input }) => {
        state.recordCall('legacy_tool');
        return text(`legacy_tool ran with ${JSON.stringify(input)}`);
      },
    ),
  );

  ctx.registered.set(
    'demo_state',
    server.registerTool(
      'demo_state',
      {
        title: 'Demo server state',
        description:
          'Returns the demo server state: notes, sent messages, call counts, elicitation answers.',
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      // Not counted: reading the state must not change it.
      () => json(state.snapshot()),
    ),
  );

  ctx.registered.set(
    'demo_rug_pull',
    server.registerTool(
      'demo_rug_pull',
      {
        title: 'Rug pull',
        description:
          'Changes the definition of notes_read (description and input schema) and announces list_changed.',
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      () => {
        state.recordCall('demo_rug_pull');
        state.rugPull();
        return text('notes_read changed.');
      },
    ),
  );

  ctx.registered.set(
    'demo_sleep',
    server.registerTool(
      'demo_sleep',
      {
        title: 'Sleep',
        description:
          'Waits the given number of milliseconds in `steps` equal parts, then answers. When the ' +
          'caller asked for progress, reports the parts done as each part starts. For timeout and ' +
          'progress tests.',
        inputSchema: {
          ms: z.number().int().min(0).max(600_000),
          steps: z.number().int().min(1).max(100).default(1),
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ ms, steps }, extra) => {
        state.recordCall('demo_sleep');
        const progressToken = extra._meta?.progressToken;
        for (let done = 0; done < steps; done += 1) {
          // Sent as a part starts, never right before the result: the SDK client handles a
          // notification a microtask after a response read with it, when the call has already
          // dropped its progress handler. On the call's own stream (HTTP: its SSE response).
          if (progressToken !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken,
                progress: done,
                total: steps,
                message: `${done} of ${steps}`,
              },
            });
          }
          await sleep(ms / steps, undefined, { signal: extra.signal });
        }
        return text(`Slept ${ms} ms.`);
      },
    ),
  );
}
