/**
 * The states the stories show, independent of the renderer: each scene gets a real engine
 * on a manual clock (nothing depends on wall time), asks its calls, and waits until the
 * sheet is on screen with its input guard lifted (unless the scene is about the guard).
 * A renderer (lit.ts, react.tsx) mounts the element and hands over its prompt callback.
 */
import {
  createManualClock,
  createPermissionEngine,
  DAY_MS,
  memoryAuditSink,
  memoryStore,
  type AuditEvent,
  type Choice,
  type ManualClock,
  type PermissionEngine,
  type PromptCallback,
  type ToolCall,
} from '@mcp-consent/engine';
import type { Locale } from '@mcp-consent/i18n';
import type { ElicitRequest, ElicitResult } from '@mcp-consent/prompt';
import { deepQuery, frames, openSheet, press, until } from './dom.js';
import {
  answer,
  call,
  confirmRequest,
  dryRunHint,
  dryRunOptions,
  fillHistory,
  formRequest,
  hangingStore,
  hostileCall,
  hostileDryRunHint,
  longArgs,
  notesRead,
  notesReadPulled,
  secretArgs,
  tools,
  trustedServer,
  untrustedServer,
  urlRequest,
} from './fixtures.js';

export const START = Date.UTC(2026, 10, 21, 9);
export const GUARD_MS = 500;

/** Controls every story has (toolbar-free: they are args, so a story can pin them). */
export interface ViewArgs {
  locale: Locale;
  theme: 'light' | 'dark';
  layout: 'auto' | 'compact' | 'expanded';
}

export interface PermissionScene {
  calls: () => ToolCall[];
  /** Prepares the engine first (grants that expire, pins that change). */
  before?: (engine: PermissionEngine, clock: ManualClock) => Promise<void>;
  /** The store never loads: "Checking permissions…". */
  hanging?: boolean;
  /** Leaves the input guard running. */
  keepGuard?: boolean;
  /** Presses "Show more" in the arguments preview. */
  expandArgs?: boolean;
  allowAlwaysExpiresInMs?: number;
  /**
   * Opens "How long, and a note" and picks in it as a user would (issue 17): a grain for Allow
   * always and Deny always (a model `GrainValue`), "only these exact arguments", a deny note.
   */
  grains?: { allow?: string; allowArgsOnly?: boolean; deny?: string; note?: string };
}

const HOUR_MS = 3_600_000;

/** A user-layer policy whose second rule asks about every `notes_put` (issue 17). */
const askRule = [
  {
    layer: 'user' as const,
    file: 'team-rules.json',
    policy: {
      version: 1 as const,
      rules: [
        { effect: 'deny' as const, tool: 'format_disk' },
        { effect: 'ask' as const, tool: 'notes_put', reason: 'Writes to shared notes need a look' },
      ],
    },
  },
];

export const permissionScenes = {
  /** Read-only, closed world, trusted server. */
  low: {
    calls: () => [call(tools.notesList, { folder: 'inbox' })],
    allowAlwaysExpiresInMs: 90 * DAY_MS,
  },
  /** Read-only, closed world, untrusted server. */
  'read-untrusted': {
    calls: () => [call(tools.notesList, { folder: 'inbox' }, untrustedServer)],
    allowAlwaysExpiresInMs: 30 * DAY_MS,
  },
  'idempotent-write': {
    calls: () => [call(tools.notesPut, { id: 'todo', text: 'water the plants' })],
    allowAlwaysExpiresInMs: 30 * DAY_MS,
  },
  'non-idempotent-write': {
    calls: () => [call(tools.notesAppend, { id: 'todo', line: 'milk' })],
  },
  /** Allow always is disabled, Deny once has the focus. */
  destructive: { calls: () => [call(tools.notesDelete)] },
  'open-world-read': {
    calls: () => [call(tools.webFetch, { url: 'https://example.com/news' }, untrustedServer)],
    allowAlwaysExpiresInMs: 7 * DAY_MS,
  },
  /** Secret-looking argument values are redacted in the preview. */
  'open-world-write': { calls: () => [call(tools.messagesSend, secretArgs, untrustedServer)] },
  unannotated: { calls: () => [call(tools.legacyTool, { input: 'x' }, untrustedServer)] },
  'server-raised': { calls: () => [call(tools.notesExport, {})] },
  'server-lower-ignored': { calls: () => [call(tools.cacheWarm, {}, untrustedServer)] },
  'long-arguments': {
    calls: () => [call(tools.notesPut, longArgs)],
    expandArgs: true,
  },
  hostile: { calls: () => [hostileCall] },
  queue: {
    calls: () => [
      call(tools.notesPut, { id: 'todo', text: 'water the plants' }),
      call(tools.notesList, { folder: 'inbox' }),
      call(tools.notesDelete),
    ],
  },
  checking: { calls: () => [call(tools.notesPut)], hanging: true },
  /** An Allow always that expired (spec T7). */
  expired: {
    before: async (engine, clock) => {
      await answer(engine, 'allow_always', call(tools.notesPut));
      clock.advance(31 * DAY_MS);
    },
    calls: () => [call(tools.notesPut)],
  },
  /** A rug pull: the tool changed under an Allow always. */
  'definition-changed': {
    before: (engine) => answer(engine, 'allow_always', call(notesRead, { id: 'welcome' })),
    calls: () => [call(notesReadPulled, { id: 'welcome' })],
  },
  /** Answers are ignored for a moment after the sheet appears. */
  guard: { calls: () => [call(tools.notesPut)], keepGuard: true },
  /** Issue 17: "How long, and a note" open; Always picked, so the R9 labels stand. */
  grains: {
    calls: () => [call(tools.notesPut, { id: 'todo', text: 'water the plants' })],
    grains: {},
  },
  /** "This session": Allow always reads "Allow for this session". */
  'grain-session': {
    calls: () => [call(tools.notesPut, { id: 'todo', text: 'water the plants' })],
    grains: { allow: 'session' },
  },
  /** "1 hour", narrowed to these exact arguments. */
  'grain-timed': {
    calls: () => [call(tools.notesPut, { id: 'todo', text: 'water the plants' })],
    grains: { allow: `timed:${HOUR_MS}`, allowArgsOnly: true },
  },
  /** Every read-only tool of this server, for this session. */
  'grain-server': {
    calls: () => [call(tools.notesList, { folder: 'inbox' })],
    grains: { allow: 'server_read_only' },
  },
  /** Deny for this session, with a note for the agent. */
  'grain-deny-note': {
    calls: () => [call(tools.notesAppend, { id: 'todo', line: 'milk' })],
    grains: { deny: 'session', note: 'Use the shopping list note instead' },
  },
  /** A rule asked: "Asked because of rule 2 in “team-rules.json”"; allow is once only. */
  'rule-asked': {
    before: async (engine) => void engine.setPolicy(askRule),
    calls: () => [call(tools.notesPut, { id: 'todo', text: 'water the plants' })],
  },
  /** The policy could not be read: every call is asked until it is fixed. */
  'policy-invalid': {
    before: async (engine) =>
      void engine.setPolicy([
        {
          layer: 'user',
          file: 'broken.json',
          policy: { version: 1, rules: [{ effect: 'maybe' }] },
        },
      ] as unknown as typeof askRule),
    calls: () => [call(tools.notesList, { folder: 'inbox' })],
  },
} satisfies Record<string, PermissionScene>;

export type PermissionSceneName = keyof typeof permissionScenes;

export const elicitationScenes = {
  form: { request: formRequest },
  'form-errors': { request: formRequest, submitEmpty: true },
  confirm: { request: confirmRequest },
  url: { request: urlRequest },
} satisfies Record<string, { request: ElicitRequest; submitEmpty?: boolean }>;

export type ElicitationSceneName = keyof typeof elicitationScenes;

/** Seed 001: what a two-key server sent back instead of running `messages_send`. */
export const dryRunScenes = {
  preview: { preview: secretArgs, hint: dryRunHint },
  'hostile-hint': { preview: secretArgs, hint: hostileDryRunHint },
  'long-preview': { preview: longArgs, hint: dryRunHint, expand: true },
} satisfies Record<string, { preview: unknown; hint: string; expand?: boolean }>;

export type DryRunSceneName = keyof typeof dryRunScenes;

export const managerScenes = {
  filled: { fill: true, confirm: false },
  empty: { fill: false, confirm: false },
  'confirm-revoke-all': { fill: true, confirm: true },
} satisfies Record<string, { fill: boolean; confirm: boolean }>;

export type ManagerSceneName = keyof typeof managerScenes;

/** What a play function needs: the clock, and what the user answered. */
export interface SceneHandle {
  clock: ManualClock;
  engine: PermissionEngine;
  audit: () => readonly AuditEvent[];
  decisions: Choice[];
  elicitations: ElicitResult[];
  /** Settles when the scene is on screen. */
  ready: Promise<void>;
  /** Aborted when the story ends: open sheets close as "settled elsewhere" before they are removed. */
  signal: AbortSignal;
  dispose(): Promise<void>;
}

const handles = new WeakMap<Element, SceneHandle>();
let current: SceneHandle | null = null;

/** The handle of the scene a story rendered into `canvas`. */
export function handleOf(canvas: Element): SceneHandle {
  const container = canvas.querySelector('[data-scene]');
  const handle = container && handles.get(container);
  if (!handle) throw new Error('No scene in this story.');
  return handle;
}

/** Ends the previous story's scene (its engine, its sheets, its React root). */
export async function disposeCurrent(): Promise<void> {
  const handle = current;
  current = null;
  await handle?.dispose();
}

/**
 * Removes an element once its open dialog has closed: the scene's signal was aborted
 * first, so the sheet closes the way a request settled elsewhere does, not by removal.
 */
export async function closeThenRemove(element: Element): Promise<void> {
  const open = () => element.shadowRoot?.querySelector('dialog[open]') ?? null;
  await until(() => open() === null, 'the sheet to close', 2_000).catch(() => {});
  element.remove();
}

/** A container for one scene, with a fresh engine on a manual clock. */
export function createScene(
  name: string,
  options: { hanging?: boolean } = {},
): { container: HTMLElement; handle: SceneHandle } {
  void disposeCurrent();
  const clock = createManualClock(START);
  const controller = new AbortController();
  const sink = memoryAuditSink();
  const engine = createPermissionEngine({
    store: options.hanging ? hangingStore() : memoryStore(),
    clock,
    audit: sink,
  });
  const container = document.createElement('div');
  container.dataset.scene = name;
  const handle: SceneHandle = {
    clock,
    engine,
    audit: () => sink.events(),
    decisions: [],
    elicitations: [],
    ready: Promise.resolve(),
    signal: controller.signal,
    dispose: async () => {
      controller.abort();
      engine.dispose();
    },
  };
  handles.set(container, handle);
  current = handle;
  return { container, handle };
}

/** Asks the scene's calls through `prompt` and waits for the sheet (see PermissionScene). */
export async function runPermission(
  scene: PermissionScene,
  handle: SceneHandle,
  prompt: PromptCallback,
): Promise<void> {
  const { engine, clock } = handle;
  if (!scene.hanging) await engine.ready;
  await scene.before?.(engine, clock);
  for (const c of scene.calls())
    void engine
      .request(c, { prompt, signal: handle.signal })
      .then((result) => handle.decisions.push(result.choice))
      .catch(() => {}); // aborted when the story ends
  if (scene.hanging) {
    await until(() => clock.pendingTimers() > 0, 'the engine to wait for its store');
    clock.advance(100);
    await until(() => deepQuery('[data-part="checking"]') !== null, 'Checking permissions…');
    return;
  }
  await until(() => openSheet('permission') !== null, 'the permission sheet');
  if (!scene.keepGuard) clock.advance(GUARD_MS);
  await frames();
  if (scene.expandArgs) {
    press(deepQuery('[data-scope="permission"] [data-part="args-toggle"]'));
    await frames();
  }
  if (scene.grains) await pickGrains(scene.grains);
}

/**
 * Opens "How long, and a note" and sets its controls the way input does (the native value
 * setter, then the event a user's change fires), so Lit and React both see a user's change.
 */
async function pickGrains(picks: NonNullable<PermissionScene['grains']>): Promise<void> {
  const part = (name: string, decision?: string) =>
    deepQuery(
      `[data-scope="permission"] [data-part="${name}"]${decision ? `[data-decision="${decision}"]` : ''}`,
    );
  press(part('grains-toggle'));
  await frames();
  const set = (element: Element | null, value: string, event: 'change' | 'input') => {
    if (!element) throw new Error(`No control for ${value}.`);
    const proto = Object.getPrototypeOf(element) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event(event, { bubbles: true, composed: true }));
  };
  if (picks.allow) set(part('grain-select', 'allow'), picks.allow, 'change');
  if (picks.deny) set(part('grain-select', 'deny'), picks.deny, 'change');
  await frames();
  if (picks.allowArgsOnly) press(part('grain-args-only', 'allow'));
  if (picks.note) set(part('note-input'), picks.note, 'input');
  await frames();
}

/** Asks the scene's dry-run preview through `prompt`, as `@mcp-consent/mcp` does, and waits for it. */
export async function runDryRun(
  name: DryRunSceneName,
  handle: SceneHandle,
  prompt: PromptCallback,
): Promise<void> {
  const scene: { preview: unknown; hint: string; expand?: boolean } = dryRunScenes[name];
  const { engine, clock } = handle;
  await engine.ready;
  const c = call(tools.messagesSend, secretArgs, untrustedServer);
  void engine
    .request(c, { ...dryRunOptions(scene.preview, scene.hint), prompt, signal: handle.signal })
    .then((result) => handle.decisions.push(result.choice))
    .catch(() => {}); // aborted when the story ends
  await until(() => openSheet('dry-run') !== null, 'the dry-run preview');
  clock.advance(GUARD_MS);
  await frames();
  if (scene.expand) {
    press(deepQuery('[data-scope="dry-run"] [data-part="args-toggle"]'));
    await frames();
  }
}

/** Shows the scene's elicitation through `elicit` and waits for the sheet. */
export async function runElicitation(
  name: ElicitationSceneName,
  handle: SceneHandle,
  elicit: (request: ElicitRequest, signal: AbortSignal) => Promise<ElicitResult>,
): Promise<void> {
  const scene: { request: ElicitRequest; submitEmpty?: boolean } = elicitationScenes[name];
  void elicit(scene.request, handle.signal).then((result) => handle.elicitations.push(result));
  await until(() => openSheet('elicitation') !== null, 'the elicitation sheet');
  handle.clock.advance(GUARD_MS);
  await frames();
  if (scene.submitEmpty) {
    press(deepQuery('[data-scope="elicitation"] [data-action="accept"]'));
    await frames();
  }
}

/** Fills the engine (grants and history) before the manager is shown. */
export async function prepareManager(name: ManagerSceneName, handle: SceneHandle): Promise<void> {
  await handle.engine.ready;
  if (managerScenes[name].fill) await fillHistory(handle.engine, handle.clock);
}

/** After the manager rendered: opens the Revoke all confirmation when the scene asks for it. */
export async function finishManager(name: ManagerSceneName): Promise<void> {
  await until(
    () => deepQuery('[data-scope="manager"] [data-part="audit"]') !== null,
    'the permission manager',
  );
  await frames();
  if (managerScenes[name].confirm) {
    press(deepQuery('[data-scope="manager"] [data-part="revoke-all"]'));
    await frames();
  }
}

/** The server shown on elicitations (always shown, spec). */
export const elicitationServer = { ...trustedServer, trusted: false };
