/**
 * The time-to-prompt page, shared by the Lit and the React entry: a real MCP
 * server in the page (the SDK's `McpServer` over its `InMemoryTransport`), the
 * SDK `Client` wrapped by `guardClient`, and an engine whose prompt callback is
 * the renderer's. `measure()` times one `callTool` to the moment the sheet is
 * visible and its default action focused, with `performance.now()` in the page,
 * so no Playwright round trip is counted. The bench answers each prompt with a
 * real key press (`1`, Allow once) and then calls `settle()`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  createPermissionEngine,
  memoryAuditSink,
  memoryStore,
  type PermissionEngine,
  type PromptCallback,
} from '@mcp-consent/engine';
import { denialOf, guardClient, type GuardedClient } from '@mcp-consent/mcp';

/** A read-only, closed-world tool: medium risk, so the default action is Allow once. */
export const TOOL = 'notes_search';
export const DEFAULT_ACTION = 'allow_once';

export interface PromptTiming {
  /** `callTool` → the default action focused while the sheet is rendered and visible. */
  readyMs: number;
  /** `callTool` → the start of the next animation frame after that (the frame that paints it). */
  frameMs: number;
}

export interface PromptBenchApi {
  /** Starts one `callTool` and resolves when its sheet is visible and focused. */
  measure(): Promise<PromptTiming>;
  /** After the answer: the call's result arrived and the sheet closed (focus back in the chat box). */
  settle(): Promise<void>;
}

declare global {
  interface Window {
    promptBench?: PromptBenchApi;
  }
}

/** The element that has focus, looking through open shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The default action of an open sheet has focus, and the sheet around it is rendered and visible. */
function promptReady(): boolean {
  const active = deepActiveElement();
  if (!(active instanceof HTMLElement)) return false;
  if (active.dataset.part !== 'action' || active.dataset.choice !== DEFAULT_ACTION) return false;
  const root = active.closest('dialog, [role="dialog"], [role="alertdialog"]');
  const options = { opacityProperty: true, visibilityProperty: true };
  return (
    active.checkVisibility(options) &&
    root instanceof HTMLElement &&
    root.checkVisibility(options) &&
    (!(root instanceof HTMLDialogElement) || root.open)
  );
}

const nextFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves at the first moment the prompt is ready: checked when focus moves
 * (a `focusin` reaches the document from inside a shadow root too) and, in case
 * focus arrives before the sheet is visible, once per animation frame.
 */
function whenReady(timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: Error) => {
      done = true;
      document.removeEventListener('focusin', check, true);
      clearTimeout(timer);
      if (error) reject(error);
    };
    const check = () => {
      if (done || !promptReady()) return;
      const at = performance.now();
      finish();
      resolve(at);
    };
    const poll = () => {
      if (done) return;
      check();
      if (!done) requestAnimationFrame(poll);
    };
    const timer = setTimeout(
      () => finish(new Error('the prompt did not appear within 5 s')),
      timeoutMs,
    );
    document.addEventListener('focusin', check, true);
    requestAnimationFrame(poll);
  });
}

function createServer(): McpServer {
  const server = new McpServer({ name: 'bench-notes', version: '0.0.0' });
  server.registerTool(
    TOOL,
    {
      title: 'Search notes',
      description: 'Finds notes whose text contains the query.',
      inputSchema: {
        query: z.string().describe('Text to look for'),
        limit: z.number().int().optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query }) => ({ content: [{ type: 'text', text: `No note mentions "${query}".` }] }),
  );
  return server;
}

/**
 * Connects a guarded client to the in-page server with `prompt` as the
 * renderer, and installs `window.promptBench`.
 */
export async function startPromptBench(
  mount: (engine: PermissionEngine) => PromptCallback,
): Promise<void> {
  const engine = createPermissionEngine({ store: memoryStore(), audit: memoryAuditSink() });
  await engine.ready;
  const prompt = mount(engine);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer().connect(serverSide);
  const client: GuardedClient = guardClient(new Client({ name: 'bench-host', version: '0.0.0' }), {
    engine,
    server: { id: 'notes', name: 'Notes', trusted: true },
    userId: 'bench-user',
    workspaceId: 'bench',
    prompt,
    onWarning: (message) => console.error(message),
  });
  await client.connect(clientSide);
  await client.catalog.refresh();
  if (!client.catalog.get(TOOL)) throw new Error(`the catalog does not list ${TOOL}`);

  const chat = document.getElementById('chat')!;
  let calls = 0;
  let pending: Promise<unknown> | undefined;
  window.promptBench = {
    async measure() {
      if (pending) throw new Error('settle() the previous call first');
      chat.focus();
      calls += 1;
      const ready = whenReady(5000);
      const start = performance.now();
      pending = client.callTool({ name: TOOL, arguments: { query: `budget ${calls}`, limit: 5 } });
      const readyAt = await ready;
      const frameAt = await nextFrame();
      return { readyMs: readyAt - start, frameMs: frameAt - start };
    },
    async settle() {
      const result = await pending;
      pending = undefined;
      if (denialOf(result)) throw new Error('the call was denied');
      // The sheet closes a task after the answer and gives focus back to the chat box.
      for (let i = 0; deepActiveElement() !== chat; i += 1) {
        if (i > 200) throw new Error('focus did not return to the chat box');
        await nextFrame();
      }
      // Let timers the prompt started (the live region's announcement, 150 ms) fire
      // before the next call, so each measurement starts from a quiet page.
      await sleep(200);
    },
  };
}
