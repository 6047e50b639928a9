/**
 * The playground: a small MCP host page. It connects to the demo server (or
 * any Streamable HTTP MCP server), lists the tools with their risk, calls them
 * through `guardClient`, and lets the Lit or the React renderer answer. Grants
 * and the audit log live in IndexedDB. Every string of the page comes from
 * `@mcp-consent/i18n` (the page's own `mcp.playground.*` copy from
 * `@mcp-consent/i18n/apps`); server text is only ever bound as text.
 */
import { keepExpiry, readExpiry } from './expiry.js';
import { html, nothing, render } from 'lit';
import { describeDryRunResult, riskBadgeKey } from '@mcp-consent/prompt';
import { argumentSkeleton, skeletonJson } from '@mcp-consent/prompt/tool-args';
import { createPermissionEngine, type ServerRef, type ToolDefinition } from '@mcp-consent/engine';
import { idbAuditSink, idbStore } from '@mcp-consent/engine/idb';
import type { Locale } from '@mcp-consent/i18n';
import { createAppTranslator, type AppTranslator } from '@mcp-consent/i18n/apps';
import { memoryRootsMemory, type LogEvent, type ProgressEvent } from '@mcp-consent/mcp';
import {
  appendLog,
  DEMO_ROOTS,
  progressLine,
  samplingSettings,
  serverLogPanel,
} from './activity.js';
import { connect, type CallOutcome, type Connection } from './connection.js';
import { createDecisionLog, decisionsPanel } from './decisions.js';
import { modePanel } from './mode.js';
import type { Renderer, RendererView } from './renderers/types.js';
import {
  locales,
  readSettings,
  renderers,
  saveSettings,
  themes,
  users,
  workspaces,
  type RendererName,
  type Settings,
} from './settings.js';
import { applyRules, readRules, rulesPanel, saveRules, type RulesState } from './rules.js';
import { toolDescription, toolNameText } from './server-text.js';
import { toolArguments } from './tool-args.js';
import { resultContent } from './result-content.js';
import { promptThroughQueue } from './approval-queue.js';
import { remoteGrantStore } from './remote-store.js';
import { readSignIn, signIn, signInPanel, signOut, type SignIn } from './sign-in.js';

type Status =
  | { kind: 'idle' }
  | { kind: 'connecting'; url: URL }
  | { kind: 'connected'; url: URL; protocol: string | undefined }
  | { kind: 'failed'; url: URL; message: string };

/**
 * `call` numbers the calls of this page, so a result can be told from the previous one. A pending
 * call is `allowed` once the engine allowed it: then it runs on the server (unless a sheet asks).
 */
type Result = { call: number; tool: string } & (
  { kind: 'pending'; allowed: boolean } | CallOutcome | { kind: 'failed'; message: string }
);

interface State {
  settings: Settings;
  t: AppTranslator;
  serverUrl: string;
  status: Status;
  tools: readonly ToolDefinition[];
  selected: string | null;
  args: string;
  argsError: 'invalid_json' | 'not_object' | null;
  result: Result | null;
  rules: RulesState;
  /** The session was just ended: said until the next decision. */
  sessionEnded: boolean;
  /** The running call's latest progress; cleared when it ends. */
  progress: ProgressEvent | null;
  /** The server's log lines since this connection began, oldest first. */
  logs: LogEvent[];
  /** Who is signed in on the playground server: then the engine's user, and prompts are queued. */
  signIn: SignIn;
  signInFailed: boolean;
}

const DEMO_SERVER_ID = 'demo-server';
const demoUrl = new URL('/mcp', window.location.href).href;
/** The demo server's 2026-07-28 mode (`publish_note` asks for its input in rounds). */
const DEMO_2026_SERVER_ID = 'demo-server-2026';
const demo2026Url = new URL('/mcp-2026', window.location.href).href;

const auditSink = idbAuditSink();
const initialSignIn = await readSignIn();
/**
 * Signed in as a demo user, grants live in the server's database (shared by the user's
 * browsers); the page reloads when that changes.
 */
const grantsOnServer = initialSignIn.user !== null;
/** Signed out, grants live in this browser's IndexedDB. */
const browserStore = grantsOnServer ? undefined : idbStore();
const engine = createPermissionEngine({
  store:
    browserStore ?? remoteGrantStore({ baseUrl: new URL('/api/grants', window.location.href) }),
  audit: auditSink,
  expiry: readExpiry(),
});
keepExpiry(engine);

const initial = readSettings();
const initialT = createAppTranslator(initial.locale);
const initialRules = readRules(initialT);
const state: State = {
  settings: initial,
  t: initialT,
  serverUrl: initial.server ?? demoUrl,
  status: { kind: 'idle' },
  tools: [],
  selected: null,
  args: '{}',
  argsError: null,
  result: null,
  rules: {
    ...initialRules,
    errors: applyRules(engine, initialRules.text, initialRules.layer),
  },
  sessionEnded: false,
  progress: null,
  logs: [],
  signIn: initialSignIn,
  signInFailed: false,
};

/** The engine's user: the signed-in demo user, else the local scope switch's. */
const userId = () => state.signIn.user?.id ?? state.settings.user;
// The roots each server may see, remembered for the page's life (a reload asks again).
const rootsMemory = memoryRootsMemory();

const decisions = createDecisionLog(engine, () => {
  state.sessionEnded = false;
  draw();
});
// The rules view and the mode switch show what the engine holds, whoever changed it.
engine.subscribe((event) => {
  if (event.type === 'policy' || event.type === 'mode') draw();
  // Allowed: the pending call now runs on the server ("Running…", not "Waiting for an answer…").
  if (event.type === 'decision' && event.result.allowed && state.result?.kind === 'pending') {
    state.result = { ...state.result, allowed: true };
    draw();
  }
});

/** How many sheets are open: while one is, the call waits for the user, not for the server. */
let asking = 0;
/** Wraps a renderer callback so the result area says "Waiting for an answer…" while it is open. */
function asked<A, R>(open: (arg: A) => Promise<R> | R): (arg: A) => Promise<R> {
  return async (arg) => {
    asking++;
    draw();
    try {
      return await open(arg);
    } finally {
      asking--;
      draw();
    }
  };
}

const appRoot = document.getElementById('app')!;
const sheetHost = document.getElementById('sheets')!;
let managerHost: HTMLElement | null = null;
let renderer: Renderer | null = null;
let rendererName: RendererName | null = null;
let connection: Connection | null = null;
let connectSeq = 0;
let callSeq = 0;

function view(): RendererView {
  const { workspace, locale, theme } = state.settings;
  const user = userId();
  return {
    locale,
    theme,
    filter: { userId: user, workspaceId: workspace },
    // The history of this user in this workspace only (the sink keeps every scope).
    audit: async () =>
      (await auditSink.read()).filter(
        (event) => event.koder_user_id === user && event.workspace_id === workspace,
      ),
  };
}

/** Mounts the chosen renderer (each is its own chunk, loaded on demand). */
async function mountRenderer(name: RendererName): Promise<void> {
  if (rendererName === name && renderer) return;
  renderer?.dispose();
  renderer = null;
  rendererName = name;
  managerHost!.replaceChildren();
  const options = { engine, sheetHost, managerHost: managerHost!, view: view() };
  const next =
    name === 'react'
      ? (await import('./renderers/react.js')).createReactRenderer(options)
      : (await import('./renderers/lit.js')).createLitRenderer(options);
  if (rendererName !== name) return next.dispose(); // switched again meanwhile
  renderer = next;
  document.documentElement.dataset.renderer = name;
  draw();
}

function serverRef(url: URL): ServerRef {
  const trusted = state.settings.trusted;
  if (url.href === demoUrl) return { id: DEMO_SERVER_ID, name: DEMO_SERVER_ID, trusted };
  if (url.href === demo2026Url)
    return { id: DEMO_2026_SERVER_ID, name: DEMO_2026_SERVER_ID, trusted };
  return { id: url.href, name: url.host, trusted };
}

async function connectTo(raw: string): Promise<void> {
  const seq = ++connectSeq;
  const previous = connection;
  connection = null;
  state.tools = [];
  state.logs = [];
  let url: URL;
  try {
    url = new URL(raw, window.location.href);
  } catch (error) {
    state.status = { kind: 'failed', url: new URL(demoUrl), message: messageOf(error) };
    return draw();
  }
  state.status = { kind: 'connecting', url };
  state.settings = { ...state.settings, server: url.href === demoUrl ? null : url.href };
  saveSettings(state.settings);
  draw();
  await previous?.close().catch(() => {});
  if (seq !== connectSeq) return;
  const { workspace, locale } = state.settings;
  const user = userId();
  // Signed in: the prompt is also in the user's approval queue, for another device to answer.
  const prompt = promptThroughQueue((request) => renderer!.prompt(request));
  const queued = state.signIn.user !== null;
  try {
    const next = await connect({
      url,
      server: serverRef(url),
      engine,
      userId: user,
      workspaceId: workspace,
      locale,
      // Indirections: the renderer can be switched while connected.
      prompt: asked((request) => (queued ? prompt(request) : renderer!.prompt(request))),
      elicit: asked((request) => renderer!.elicit(request)),
      sample: asked((call) => renderer!.sample(call)),
      ...(state.settings.review ? { reviewResult: asked((call) => renderer!.result(call)) } : {}),
      roots: {
        list: DEMO_ROOTS,
        pickRoots: asked((request) => renderer!.pickRoots(request)),
        memory: rootsMemory,
      },
      onProgress: (event) => {
        if (seq !== connectSeq || state.result?.kind !== 'pending') return;
        state.progress = event;
        draw();
      },
      onLog: (event) => {
        if (seq !== connectSeq) return;
        state.logs = appendLog(state.logs, event);
        draw();
      },
      openUrl: (href) => renderer?.openUrl?.(href),
      onToolsChanged: (tools) => {
        if (seq !== connectSeq) return;
        state.tools = tools;
        draw();
      },
    });
    if (seq !== connectSeq) return void next.close();
    connection = next;
    state.tools = next.tools();
    state.status = { kind: 'connected', url, protocol: next.protocol };
  } catch (error) {
    if (seq !== connectSeq) return;
    state.status = { kind: 'failed', url, message: messageOf(error) };
  }
  draw();
}

async function disconnect(): Promise<void> {
  connectSeq++;
  await connection?.close().catch(() => {});
  connection = null;
  state.tools = [];
  state.status = { kind: 'idle' };
  draw();
}

function select(tool: ToolDefinition): void {
  state.selected = tool.name;
  state.args = skeletonJson(argumentSkeleton(tool.inputSchema), 2);
  state.argsError = null;
  draw();
}

async function callSelected(): Promise<void> {
  const tool = state.selected;
  if (!tool || !connection) return;
  let args: unknown;
  try {
    args = JSON.parse(state.args);
  } catch {
    state.argsError = 'invalid_json';
    return draw();
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) {
    state.argsError = 'not_object';
    return draw();
  }
  state.argsError = null;
  const call = ++callSeq;
  state.result = { kind: 'pending', allowed: false, call, tool };
  state.progress = null;
  draw();
  const used = connection;
  try {
    const outcome = await used.call(tool, args as Record<string, unknown>);
    state.result = { call, tool, ...outcome };
  } catch (error) {
    state.result = { kind: 'failed', call, tool, message: messageOf(error) };
  }
  if (call === callSeq) state.progress = null;
  draw();
}

/** Checks and applies the rules editor's text in its layer, and keeps both for the next visit. */
function setRules(patch: Partial<Pick<RulesState, 'text' | 'layer'>>): void {
  const { text, layer } = { ...state.rules, ...patch };
  saveRules({ text, layer });
  state.rules = { text, layer, errors: applyRules(engine, text, layer) };
  draw();
}

/**
 * Signs in or out. The grants then live somewhere else (the server's database for a signed-in
 * user, this browser's IndexedDB otherwise), so the page loads again with the engine on them.
 */
async function changeSignIn(change: () => Promise<SignIn>): Promise<void> {
  const before = state.signIn.user?.id ?? null;
  try {
    state.signIn = await change();
    state.signInFailed = false;
  } catch {
    state.signInFailed = true;
  }
  if ((state.signIn.user?.id ?? null) !== before) return window.location.reload();
  renderer?.update(view());
  draw();
}

function endSession(): void {
  engine.endSession();
  state.sessionEnded = true;
  draw();
}

/** Applies a settings change: saves it, and re-scopes or re-renders what depends on it. */
async function change(patch: Partial<Settings>): Promise<void> {
  const before = state.settings;
  state.settings = { ...before, ...patch };
  saveSettings(state.settings);
  if (patch.locale) state.t = createAppTranslator(patch.locale);
  applyDocument();
  renderer?.update(view());
  draw();
  if (patch.renderer && patch.renderer !== before.renderer) await mountRenderer(patch.renderer);
  const rescoped =
    state.settings.user !== before.user ||
    state.settings.workspace !== before.workspace ||
    state.settings.trusted !== before.trusted ||
    state.settings.review !== before.review;
  // The guarded client is bound to one user, workspace and server reference: reconnect.
  if (rescoped && state.status.kind !== 'idle') await connectTo(state.serverUrl);
}

function applyDocument(): void {
  const root = document.documentElement;
  root.lang = state.t.locale;
  root.dir = state.t.dir;
  root.dataset.theme = state.settings.theme;
  document.title = state.t.t('mcp.playground.title');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Each language in its own name, so a user who cannot read the current one finds theirs. */
function languageName(locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

function statusLine(t: AppTranslator, status: Status): string {
  switch (status.kind) {
    case 'idle':
      return t.t('mcp.playground.status.idle');
    case 'connecting':
      return t.t('mcp.playground.status.connecting', { host: status.url.href });
    case 'connected':
      return t.t('mcp.playground.status.connected', { host: status.url.href });
    case 'failed':
      return t.t('mcp.playground.status.failed', {
        host: status.url.href,
        message: status.message,
      });
  }
}

/** The kind the result area shows: a pending call is `running` once allowed and no sheet asks. */
function shownKind(result: Result): string {
  return result.kind === 'pending' && result.allowed && asking === 0 ? 'running' : result.kind;
}

function headline(t: AppTranslator, result: Result): string {
  const tool = toolNameText(t, result.tool);
  switch (result.kind) {
    case 'pending':
      return shownKind(result) === 'running'
        ? t.t('mcp.playground.result.running', { tool })
        : t.t('mcp.playground.result.pending');
    case 'ok':
      return t.t('mcp.playground.result.ok', { tool });
    case 'error':
      return t.t('mcp.playground.result.error', { tool });
    case 'denied':
      // A withheld result ran on the server: only the model did not get it.
      return result.reason === 'result_withheld'
        ? t.t('mcp.playground.result.withheld', { tool })
        : t.t('mcp.playground.result.denied', { tool });
    case 'failed':
      return t.t('mcp.playground.result.failed', { message: result.message });
    case 'dry_run':
      return dryRunView(result)?.sentence ?? t.t('mcp.playground.result.error', { tool });
  }
}

/**
 * After Send for real (seed 001): a kit sentence, and the server's own message quoted, instead of
 * the server's JSON.
 */
const dryRunView = (result: Extract<Result, { kind: 'dry_run' }>) =>
  describeDryRunResult(result.outcome, result.server, { locale: state.settings.locale });

function resultView(t: AppTranslator, result: Result | null) {
  if (!result) return nothing;
  const text = 'text' in result ? result.text : null;
  const blocks = 'blocks' in result ? result.blocks : null;
  const denial = result.kind === 'denied' ? result : null;
  const serverSaid = result.kind === 'dry_run' ? (dryRunView(result)?.serverSaid ?? null) : null;
  return html`<div
    id="result"
    class="result"
    data-call=${result.call}
    data-for-tool=${result.tool}
    data-kind=${shownKind(result)}
    data-settled-by=${denial?.settledBy ?? ''}
    data-choice=${denial?.choice ?? ''}
    role="status"
  >
    <p class="result-headline" dir="auto">${headline(t, result)}</p>
    ${
      blocks
        ? resultContent(t, toolNameText(t, result.tool), blocks)
        : text === null
          ? nothing
          : denial
            ? // Written for the model (English, not UI copy): behind a label, never as the answer.
              html`<details class="result-model-text">
                <summary>${t.t('mcp.playground.result.model_text')}</summary>
                <pre class="result-text" dir="ltr" lang="en">${text}</pre>
              </details>`
            : html`<pre class="result-text" dir="auto">${text}</pre>`
    }
    ${
      serverSaid === null
        ? nothing
        : html`<blockquote class="result-server-said" dir="auto">${serverSaid}</blockquote>`
    }
  </div>`;
}

function toolRow(t: AppTranslator, tool: ToolDefinition, server: ServerRef) {
  const { risk } = engine.assess({ tool, server });
  const selected = state.selected === tool.name;
  return html`<li>
    <button
      type="button"
      class="tool"
      data-tool=${tool.name}
      aria-pressed=${selected ? 'true' : 'false'}
      @click=${() => select(tool)}
    >
      <span class="tool-head">
        <code class="tool-name" dir="auto" translate="no">${toolNameText(t, tool.name)}</code>
        <span class="risk" data-tier=${risk.tier}
          >${t.t(`mcp.permission.risk.${riskBadgeKey(risk.tier, risk.reasons, tool)}`)}</span
        >
      </span>
      ${
        tool.description
          ? html`<span class="tool-description" dir="auto"
              >${toolDescription(t, tool.description)}</span
            >`
          : nothing
      }
    </button>
  </li>`;
}

function draw(): void {
  const { t, settings, status } = state;
  const server = connection?.server ?? serverRef(new URL(demoUrl));
  const select = <T extends string>(
    id: string,
    label: string,
    value: T,
    options: readonly T[],
    name: (option: T) => string,
    onChange: (value: T) => void,
  ) =>
    html`<label class="field" for=${id}
      ><span>${label}</span>
      <select
        id=${id}
        @change=${(event: Event) => onChange((event.target as HTMLSelectElement).value as T)}
      >
        ${options.map(
          (option) =>
            html`<option value=${option} ?selected=${option === value}>${name(option)}</option>`,
        )}
      </select></label
    >`;

  render(
    html`
      <header class="top">
        <h1>${t.t('mcp.playground.title')}</h1>
        <p class="intro">${t.t('mcp.playground.intro')}</p>
      </header>
      <section class="panel settings" aria-labelledby="settings-heading">
        <h2 id="settings-heading">${t.t('mcp.playground.settings.heading')}</h2>
        <div class="row">
          ${select(
            'renderer',
            t.t('mcp.playground.renderer.label'),
            settings.renderer,
            renderers,
            (name) =>
              t.t(name === 'lit' ? 'mcp.playground.renderer.lit' : 'mcp.playground.renderer.react'),
            (renderer) => void change({ renderer }),
          )}
          ${select(
            'locale',
            t.t('mcp.playground.locale.label'),
            settings.locale,
            locales,
            languageName,
            (locale) => void change({ locale }),
          )}
          ${select(
            'theme',
            t.t('mcp.playground.theme.label'),
            settings.theme,
            themes,
            (theme) =>
              t.t(theme === 'dark' ? 'mcp.playground.theme.dark' : 'mcp.playground.theme.light'),
            (theme) => void change({ theme }),
          )}
          ${
            state.signIn.user
              ? nothing
              : select(
                  'user',
                  t.t('mcp.playground.user.label'),
                  settings.user,
                  users,
                  (user) => user,
                  (user) => void change({ user }),
                )
          }
          ${select(
            'workspace',
            t.t('mcp.playground.workspace.label'),
            settings.workspace,
            workspaces,
            (workspace) => workspace,
            (workspace) => void change({ workspace }),
          )}
        </div>
        <p class="note">${t.t('mcp.playground.scope.note')}</p>
        ${signInPanel(t, state.signIn, {
          failed: state.signInFailed,
          approvalsLink: true,
          onSignIn: (user) => void changeSignIn(() => signIn(user)),
          onSignOut: () => void changeSignIn(signOut),
        })}
        ${samplingSettings(t)}
      </section>

      <section class="panel" aria-labelledby="server-heading">
        <h2 id="server-heading">${t.t('mcp.playground.server.heading')}</h2>
        <form
          class="row connect"
          @submit=${(event: Event) => {
            event.preventDefault();
            void connectTo(state.serverUrl);
          }}
        >
          <label class="field grow" for="server-url"
            ><span>${t.t('mcp.playground.server.url')}</span>
            <input
              id="server-url"
              type="url"
              dir="ltr"
              spellcheck="false"
              autocomplete="off"
              .value=${state.serverUrl}
              @input=${(event: Event) => {
                state.serverUrl = (event.target as HTMLInputElement).value;
              }}
          /></label>
          <button id="connect" type="submit">${t.t('mcp.playground.server.connect')}</button>
          <button
            id="use-demo"
            type="button"
            @click=${() => {
              state.serverUrl = demoUrl;
              void connectTo(demoUrl);
            }}
          >
            ${t.t('mcp.playground.server.demo')}
          </button>
          <button
            id="use-demo-2026"
            type="button"
            @click=${() => {
              state.serverUrl = demo2026Url;
              void connectTo(demo2026Url);
            }}
          >
            ${t.t('mcp.playground.server.demo_2026')}
          </button>
          <button
            id="disconnect"
            type="button"
            ?disabled=${status.kind === 'idle'}
            @click=${() => void disconnect()}
          >
            ${t.t('mcp.playground.server.disconnect')}
          </button>
        </form>
        <label class="check" for="trusted">
          <input
            id="trusted"
            type="checkbox"
            .checked=${settings.trusted}
            @change=${(event: Event) =>
              void change({ trusted: (event.target as HTMLInputElement).checked })}
          />
          <span>${t.t('mcp.playground.server.trusted')}</span>
        </label>
        <label class="check" for="review">
          <input
            id="review"
            type="checkbox"
            .checked=${settings.review}
            @change=${(event: Event) =>
              void change({ review: (event.target as HTMLInputElement).checked })}
          />
          <span>${t.t('mcp.playground.server.review')}</span>
        </label>
        <p
          id="status"
          class="status"
          data-status=${status.kind}
          data-protocol=${status.kind === 'connected' ? (status.protocol ?? nothing) : nothing}
          role="status"
          dir="auto"
        >
          ${statusLine(t, status)}
        </p>
        <p class="note">${t.t('mcp.playground.server.cors')}</p>
      </section>

      <div class="columns">
        <section class="panel" aria-labelledby="tools-heading">
          <h2 id="tools-heading">${t.t('mcp.playground.tools.heading')}</h2>
          ${
            state.tools.length === 0
              ? html`<p class="note">${t.t('mcp.playground.tools.empty')}</p>`
              : html`<ul id="tools" class="tools">
                  ${state.tools.map((tool) => toolRow(t, tool, server))}
                </ul>`
          }
        </section>

        <section class="panel" aria-labelledby="call-heading">
          <h2 id="call-heading">${t.t('mcp.playground.call.heading')}</h2>
          ${
            state.selected === null
              ? html`<p class="note">${t.t('mcp.playground.call.none')}</p>`
              : html`<form
                  class="call"
                  @submit=${(event: Event) => {
                    event.preventDefault();
                    void callSelected();
                  }}
                >
                  ${toolArguments(t, state.tools.find((tool) => tool.name === state.selected)?.inputSchema)}
                  <label class="field" for="args"
                    ><span>${t.t('mcp.playground.call.args')}</span>
                    <textarea
                      id="args"
                      dir="ltr"
                      spellcheck="false"
                      rows="8"
                      aria-invalid=${state.argsError ? 'true' : 'false'}
                      aria-describedby=${state.argsError ? 'tool-args args-error' : 'tool-args'}
                      .value=${state.args}
                      @input=${(event: Event) => {
                        state.args = (event.target as HTMLTextAreaElement).value;
                      }}
                    ></textarea>
                  </label>
                  ${
                    state.argsError
                      ? html`<p id="args-error" class="error">
                          ${t.t(
                            state.argsError === 'invalid_json'
                              ? 'mcp.playground.call.invalid_json'
                              : 'mcp.playground.call.not_object',
                          )}
                        </p>`
                      : nothing
                  }
                  <button
                    id="call"
                    type="submit"
                    class="primary"
                    ?disabled=${status.kind !== 'connected'}
                  >
                    ${t.t('mcp.playground.call.run', { tool: toolNameText(t, state.selected) })}
                  </button>
                </form>`
          }
          ${state.result?.kind === 'pending' ? progressLine(t, state.progress) : nothing}
          <h3>${t.t('mcp.playground.result.heading')}</h3>
          ${resultView(t, state.result)}
        </section>
      </div>

      ${rulesPanel(t, engine, state.rules, {
        text: (text) => setRules({ text }),
        layer: (layer) => setRules({ layer }),
      })}

      <div class="columns">
        ${modePanel(t, engine, state.sessionEnded, endSession)}
        ${decisionsPanel(t, decisions.entries())}
      </div>

      ${serverLogPanel(t, state.logs)}

      <section class="panel" aria-labelledby="manager-heading">
        <h2 id="manager-heading">${t.t('mcp.playground.manager.heading')}</h2>
        <p class="note">
          ${t.t(
            grantsOnServer
              ? 'mcp.playground.manager.storage_server'
              : 'mcp.playground.manager.storage',
          )}
          <span class="scope" data-scope-user=${userId()} translate="no"
            >${userId()} · ${settings.workspace}</span
          >
        </p>
        ${
          // The browser deleted the database as corrupt at this start (engine README,
          // "IndexedDB and browser crashes"): say that saved answers are gone.
          browserStore?.dataLoss
            ? html`<p class="error" id="data-loss" role="status">
                ${t.t('mcp.playground.manager.data_loss')}
              </p>`
            : nothing
        }
        <div id="manager" class="manager"></div>
      </section>
    `,
    appRoot,
  );
}

applyDocument();
draw();
// `dataLoss` is known once the store's first load opened the database.
void engine.ready.then(draw, draw);
managerHost = document.getElementById('manager');
document.documentElement.dataset.ready = 'false';
await mountRenderer(state.settings.renderer);
await connectTo(state.serverUrl);
document.documentElement.dataset.ready = 'true';
