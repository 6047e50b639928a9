import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { promptRequest, tools } from './support.js';

/** Just enough DOM for the README renderer: elements with attributes, text and children. */
class FakeElement {
  readonly attributes = new Map<string, string>();
  children: FakeElement[] = [];
  textContent = '';
  onclick: (() => void) | null = null;
  onkeydown: ((event: { key: string; preventDefault(): void }) => void) | null = null;
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  append(...nodes: FakeElement[]) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes: FakeElement[]) {
    this.children = nodes;
  }
  focus() {
    setFocused(this);
  }
  *all(): Generator<FakeElement> {
    for (const child of this.children) {
      yield child;
      yield* child.all();
    }
  }
  find(part: string, extra: (e: FakeElement) => boolean = () => true) {
    return [...this.all()].find((e) => e.attributes.get('data-part') === part && extra(e));
  }
}

let focused: FakeElement | null = null;
const setFocused = (element: FakeElement) => {
  focused = element;
};
const host = new FakeElement('div');
const dir = new URL('./.tmp/', import.meta.url);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
  vi.stubGlobal('navigator', { languages: ['en-US'] });
  vi.stubGlobal('document', {
    createElement: (tag: string) => new FakeElement(tag),
    getElementById: (id: string) =>
      [...host.all()].find((e) => e.attributes.get('id') === id) ?? null,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the README’s minimal renderer renders the model and answers through it', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /## A minimal renderer[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeTruthy();
  mkdirSync(dir, { recursive: true });
  const file = new URL('minimal-renderer.ts', dir);
  writeFileSync(file, block!);
  const { showPermission } = (await import(/* @vite-ignore */ file.href)) as {
    showPermission(request: unknown, host: unknown): Promise<string>;
  };

  const answer = showPermission(promptRequest(tools.destructive), host);
  const root = host.find('root')!;
  expect(root.attributes.get('role')).toBe('dialog');
  expect(host.find('title')!.textContent).toBe('Allow this tool to run?');
  expect(host.find('risk-badge')!.attributes.get('data-color-role')).toBe('error-container');
  const allowAlways = host.find(
    'action',
    (e) => e.attributes.get('data-choice') === 'allow_always',
  )!;
  expect(allowAlways.attributes.get('aria-disabled')).toBe('true');
  expect(focused?.attributes.get('data-choice')).toBe('deny_once');

  // Typed during the guard window: ignored, the sheet stays.
  root.onkeydown!({ key: 'Escape', preventDefault: vi.fn() });
  host.find('action', (e) => e.attributes.get('data-choice') === 'deny_always')!.onclick!();
  expect(host.find('root')).toBeDefined();
  vi.advanceTimersByTime(500);
  // Disabled: ignored.
  host.find('action', (e) => e.attributes.get('data-choice') === 'allow_always')!.onclick!();
  expect(host.find('root')).toBeDefined();
  host.find('action', (e) => e.attributes.get('data-choice') === 'deny_always')!.onclick!();
  await expect(answer).resolves.toBe('deny_always');
  expect(host.children).toEqual([]);
});
