import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCall, ToolDefinition } from '@mcp-consent/engine';
import { createDemoServer, DemoState } from '@mcp-consent/demo-server';

/** How the playground names the demo server: self-reported, so untrusted. */
const demoServer = { id: 'demo-server', name: 'demo-server', trusted: false };

/** A plausible value per argument name, so each sheet shows what a model would send. */
const SAMPLES: Readonly<Record<string, unknown>> = {
  id: 'groceries',
  text: 'Milk, eggs, bread',
  url: 'https://example.com/news',
  channel: 'general',
  input: 'hello',
  provider: 'example',
  ms: 1000,
  steps: 1,
};

function sampleArgs(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    args[name] =
      SAMPLES[name] ??
      (schema.type === 'number' || schema.type === 'integer'
        ? 1
        : schema.type === 'boolean'
          ? true
          : 'value');
  }
  return args;
}

/** What `tools/list` says, as the engine's definition (the SDK's shape is structurally the same). */
const definitionOf = (tool: Tool): ToolDefinition => tool as unknown as ToolDefinition;

/**
 * Every tool the demo server lists, as the `ToolCall` a host would ask about: listed by the
 * real SDK client over an in-memory transport, with a sample value for each argument. The
 * last entry is `notes_read` after the demo's rug pull (`rugPulled`).
 */
export async function demoToolCalls(): Promise<{ name: string; call: ToolCall }[]> {
  const listed = async (state: DemoState) => {
    const demo = createDemoServer({ state, dryRun: true });
    const client = new Client({ name: 'above-the-fold', version: '0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await demo.server.connect(serverSide);
    await client.connect(clientSide);
    try {
      return (await client.listTools()).tools;
    } finally {
      await client.close();
      await demo.close();
    }
  };
  const toCall = (tool: Tool): ToolCall => ({
    userId: 'alice',
    workspaceId: 'acme',
    server: demoServer,
    tool: definitionOf(tool),
    args: sampleArgs(tool),
  });
  const tools = await listed(new DemoState());
  const pulledState = new DemoState();
  pulledState.rugPull();
  const pulled = (await listed(pulledState)).find((tool) => tool.name === 'notes_read')!;
  return [
    ...tools.map((tool) => ({ name: tool.name, call: toCall(tool) })),
    { name: 'notes_read (rug pulled)', call: toCall(pulled) },
  ];
}

/** Where a part of the sheet sits, as `fold()` measures it in the page. */
export interface FoldReport {
  viewport: { width: number; height: number };
  /** Each measured thing: its box, and whether all of it is visible without scrolling. */
  boxes: Record<
    string,
    { top: number; bottom: number; left: number; right: number; visible: boolean } | null
  >;
}

/**
 * Runs in the page (pass it to `page.evaluate`): finds the sheet's summary, the first
 * argument's name in the arguments, and the four actions under `rootSelector` (through
 * shadow roots), and says whether each is entirely inside the viewport and inside every
 * scrolling or clipping box around it as it is now (nothing scrolled).
 */
export function fold(rootSelector: string): FoldReport {
  const deepQuery = (selector: string): Element | null => {
    const roots: (Document | ShadowRoot)[] = [document];
    while (roots.length) {
      const root = roots.shift()!;
      const hit = root.querySelector(selector);
      if (hit) return hit;
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
    }
    return null;
  };
  const parentOf = (el: Element): Element | null =>
    el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
  const visible = (rect: DOMRect, from: Element): boolean => {
    const within = (outer: { top: number; bottom: number; left: number; right: number }) =>
      rect.top >= outer.top - 0.5 &&
      rect.bottom <= outer.bottom + 0.5 &&
      rect.left >= outer.left - 0.5 &&
      rect.right <= outer.right + 0.5;
    if (rect.height === 0 || !within({ top: 0, left: 0, bottom: innerHeight, right: innerWidth }))
      return false;
    for (let el = parentOf(from); el; el = parentOf(el)) {
      const style = getComputedStyle(el);
      if (style.display === 'contents') continue;
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        if (!within(el.getBoundingClientRect())) return false;
      }
    }
    return true;
  };
  const box = (rect: DOMRect, from: Element) => ({
    top: Math.round(rect.top),
    bottom: Math.round(rect.bottom),
    left: Math.round(rect.left),
    right: Math.round(rect.right),
    visible: visible(rect, from),
  });
  const root = deepQuery(rootSelector);
  if (!root) throw new Error(`fold: no ${rootSelector}`);
  const scope = root.shadowRoot ?? root;
  const inRoot = (selector: string) => scope.querySelector(selector);
  const boxes: FoldReport['boxes'] = {};
  const summary = inRoot('[data-part="summary"]');
  boxes.summary = summary ? box(summary.getBoundingClientRect(), summary) : null;
  // The first argument: the first line of the arguments that names a key (`"id": …`).
  const body = inRoot('[data-part="args-body"]');
  const text = body && document.createTreeWalker(body, NodeFilter.SHOW_TEXT).nextNode();
  const match = text ? /"[^"\n]+":/.exec(text.textContent!) : null;
  if (body && text && match) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    boxes.firstArgument = box(range.getBoundingClientRect(), body);
  } else if (body) {
    // No arguments: the "no arguments" text itself.
    boxes.firstArgument = box(body.getBoundingClientRect(), body);
  } else {
    boxes.firstArgument = null;
  }
  for (const choice of ['allow_once', 'allow_always', 'deny_once', 'deny_always']) {
    const action = inRoot(`[data-part="action"][data-choice="${choice}"]`);
    boxes[choice] = action ? box(action.getBoundingClientRect(), action) : null;
  }
  return { viewport: { width: innerWidth, height: innerHeight }, boxes };
}
