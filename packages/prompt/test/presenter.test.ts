import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type ToolCall,
} from '@mcp-consent/engine';
import { createPromptPresenter } from '@mcp-consent/prompt';

const call: ToolCall = {
  userId: 'u',
  workspaceId: 'w',
  server: { id: 's', name: 'S', trusted: true },
  tool: {
    name: 'notes_put',
    inputSchema: { type: 'object' },
    annotations: { destructiveHint: false, openWorldHint: false },
  },
  args: {},
};

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(check()).toBe(true);
}

describe('createPromptPresenter', () => {
  it('shows the engine request, and an answer settles it and clears the screen', async () => {
    const engine = createPermissionEngine({ store: memoryStore(), clock: createManualClock() });
    const presenter = createPromptPresenter();
    let renders = 0;
    presenter.subscribe(() => renders++);
    const result = engine.request(call, { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().request !== null);
    presenter.answer(presenter.getSnapshot().request!.id, 'allow_once');
    expect(presenter.getSnapshot().request).toBeNull();
    expect((await result).allowed).toBe(true);
    expect(renders).toBe(2);
  });

  it('a request settled elsewhere leaves the screen; dispose denies what is shown', async () => {
    const engine = createPermissionEngine({ store: memoryStore(), clock: createManualClock() });
    const presenter = createPromptPresenter();
    const first = engine.request(call, { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().request !== null);
    engine.cancel(presenter.getSnapshot().request!.id);
    expect(presenter.getSnapshot().request).toBeNull();
    expect((await first).settledBy).toBe('cancel');

    const second = engine.request(call, { prompt: presenter.prompt });
    await until(() => presenter.getSnapshot().request !== null);
    presenter.dispose();
    expect(await second).toMatchObject({ allowed: false, choice: 'deny_once' });
  });
});
