/**
 * "Edit arguments" in the terminal (issue 17): `e` opens the editor on the first field, typing
 * edits it (a digit is text, not an answer), Enter keeps the edits, and Allow once runs the
 * edited call; an invalid value turns Allow off and says why, while Deny still answers.
 */
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type PromptRequest,
} from '@mcp-consent/engine';
import { createPermissionPrompt } from '@mcp-consent/prompt';
import { call, tools } from '../../../test/scenarios/fixtures.js';
import { until } from '../../../test/scenarios/poll.js';
import { PermissionPrompt } from '../src/index.js';

const ESC = '\u001b';
const plainText = (frame: string | undefined) =>
  (frame ?? '').replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');

const editable = call(
  {
    ...tools.notesPut,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', title: 'Note', minLength: 1 },
        count: { type: 'integer', title: 'Copies', minimum: 1, maximum: 5 },
      },
    },
  },
  { args: { id: 'groceries', count: 2 } },
);

let cleanup: () => void = () => {};
afterEach(() => cleanup());

/** A real engine asking through `<PermissionPrompt>` rendered by ink-testing-library. */
async function ask() {
  const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
  const engine = createPermissionEngine({ store: memoryStore(), clock });
  await engine.ready;
  let view: ReturnType<typeof render> | undefined;
  const result = engine.request(editable, {
    prompt: (request: PromptRequest) =>
      new Promise((resolve) => {
        const model = createPermissionPrompt(request, {
          clock,
          layout: 'list',
          onAnswer: (choice, answer) => resolve(answer ?? choice),
        });
        view = render(<PermissionPrompt model={model} clock={clock} color={false} />);
      }),
  });
  await until(() => view !== undefined, 'the prompt');
  cleanup = () => {
    view?.unmount();
    engine.dispose();
  };
  clock.advance(500);
  // The input gate opens on the next turn of the event loop (keys typed before are dropped).
  await new Promise((resolve) => setImmediate(resolve));
  const frame = () => plainText(view!.lastFrame());
  const type = async (bytes: string, wanted?: string) => {
    view!.stdin.write(bytes);
    if (wanted) await until(() => frame().includes(wanted), JSON.stringify(wanted));
    else await new Promise((resolve) => setTimeout(resolve, 30));
  };
  return { result, frame, type };
}

describe('Ink PermissionPrompt: Edit arguments', () => {
  it('e, Tab, typing a digit and Enter edit the call; Allow once runs the edited call', async () => {
    const { result, frame, type } = await ask();
    expect(frame()).toContain('[e] Edit arguments');
    await type('e', 'If you allow, the tool runs with these values');
    await type('\t');
    await type('\u007f'); // Backspace: "2" → ""
    await type('3', 'Edited arguments: count'); // "3" is text here, not Deny once
    await type('\r', '[e] Edit arguments');
    await type('1');
    expect(await result).toMatchObject({
      choice: 'allow_once',
      edited: true,
      call: { args: { id: 'groceries', count: 3 } },
    });
  });

  it('one pointer at a time: on the field while editing, back on the action after Enter', async () => {
    const { frame, type } = await ask();
    const pointed = () =>
      frame()
        .split('\n')
        .filter((line) => /^[│\s]*› /.test(line))
        .map((line) => line.replace(/^[│\s]*› /, '').trim());
    expect(pointed()).toEqual([expect.stringMatching(/^1\. Allow once/)]);
    await type('e', 'If you allow, the tool runs with these values');
    expect(pointed()).toEqual([expect.stringMatching(/^Note\b/)]);
    await type('\r', '[e] Edit arguments');
    expect(pointed()).toEqual([expect.stringMatching(/^1\. Allow once/)]);
  });

  it('an invalid value turns Allow off and says why; Deny once still answers', async () => {
    const { result, frame, type } = await ask();
    await type('e', 'If you allow');
    await type('\t');
    await type('9', 'Allow is off until 1 argument is fixed');
    await type('\r', '[e] Edit arguments');
    await type('1');
    expect(frame()).toContain('Allow is off until 1 argument is fixed');
    let settled = false;
    void result.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(settled).toBe(false);
    await type('3');
    expect(await result).toMatchObject({ choice: 'deny_once' });
    expect((await result).edited).toBeUndefined();
  });
});
