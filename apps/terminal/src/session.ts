/**
 * One connection to one server: the engine over the file store, the Ink prompter on the
 * terminal, and the SDK client wrapped by `guardClient` (SDK 1.x) or `guardClientV2` (v2 SDK,
 * `--protocol auto`) so every `tools/call` is asked about first. Elicitations, sampling
 * requests (`--sampling-command`) and `roots/list` (`--root`) use the same prompter.
 */
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RequestResult, RiskTier, ServerRef } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { inkPrompter, type InkPrompter } from '@mcp-consent/ink';
import {
  closeGuarded,
  guardClient,
  type GuardClientOptions,
  type GuardedClient,
} from '@mcp-consent/mcp';
import { guardClientV2, type GuardedClientV2 } from '@mcp-consent/mcp/v2';
import type { Protocol } from './args.js';
import type { ServerTarget, StorePaths } from './config.js';
import { connectTarget, type HostClient } from './connect.js';
import { lineInput, openQuestion } from './line-input.js';
import { fileRootsMemory, hostRoots, rootsFilePath } from './roots-memory.js';
import { commandGenerator } from './sampling-command.js';
import { statusLine } from './status.js';
import { openRecords, type EngineSettings, type Records } from './store.js';
import { clean } from './text.js';

export interface SessionOptions {
  paths: StorePaths;
  target: ServerTarget;
  server: ServerRef;
  userId: string;
  workspaceId: string;
  t: AppTranslator;
  /** Where prompts are drawn and host messages go (stdout, stderr in `call` mode, or `/dev/tty`). */
  ui: NodeJS.WriteStream;
  /**
   * Where the keys that answer prompts come from (stdin or `/dev/tty`); not a terminal means
   * nobody can answer, and every prompt fails closed. @default process.stdin
   */
  input?: NodeJS.ReadStream;
  /** Policy rules, the callback that keeps deny rules while a file is broken, the mode. */
  engine?: EngineSettings;
  /**
   * How long a tool call may run without news from the server (`--timeout`); each progress
   * report restarts it and the user's answering time never counts.
   * @default the SDK's 60 s
   */
  timeoutMs?: number;
  /** `--sampling-command`: runs the approved sampling requests. @default undefined (no sampling) */
  samplingCommand?: string;
  /**
   * `--review-results`: the tiers whose allowed calls' results the user reviews (Send to the
   * model, or withhold) before they are returned. @default undefined (results are not reviewed)
   */
  reviewResults?: readonly RiskTier[];
  /** `--root`: absolute folder paths offered to `roots/list`. @default [] (no roots capability) */
  roots?: readonly string[];
  /** `--protocol`. @default '2025-11-25' (SDK 1.x) */
  protocol?: Protocol;
}

export interface Session {
  records: Records;
  client: HostClient;
  prompter: InkPrompter;
  /** A person can answer prompts (keys come from a terminal). */
  canPrompt: boolean;
  /** How long a call may go without news from the server (`--timeout`, else the SDK's 60 s). */
  timeoutMs: number;
  /** Calls a tool through the guard. A denial is a normal `isError` result. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** The engine's decision on the last `call` (undefined when it made none, e.g. a failed check). */
  lastDecision(): RequestResult | undefined;
  /** Resolves once no prompt is on screen and Ink has given the terminal back. */
  terminalFree(): Promise<void>;
  /** Gives the terminal back, closes the connection (stops a stdio server) and flushes the store. */
  close(): Promise<void>;
}

/** Opens the store, connects and lists the tools. Throws `ConnectError` (store errors only warn). */
export async function openSession(options: SessionOptions): Promise<Session> {
  const { t, ui } = options;
  const input = options.input ?? process.stdin;
  // The terminal session is the engine's session: session grants live in this process only.
  const records = openRecords(options.paths, options.engine);
  records.engine.ready.catch((error: unknown) => {
    // The engine now asks every time (fail closed); say why once.
    const detail = clean(error instanceof Error ? error.message : String(error), 500);
    process.stderr.write(`${t.t('mcp.error.store_unavailable')}\n${detail}\n`);
  });
  const prompter = inkPrompter({ engine: records.engine, translator: t, stdout: ui, stdin: input });
  // Progress, the server's log lines and our warnings: stderr, so stdout stays the result's.
  // Never over a prompt: from the moment one is asked for until Ink has given the terminal
  // back they wait, and are printed then; a question being typed is drawn again below them.
  let promptUp = false;
  let settling: NodeJS.Immediate | undefined;
  const status = statusLine(process.stderr, t, () => !promptUp, { question: openQuestion });
  const stopClearing = prompter.subscribe(() => {
    const { current, checking } = prompter.getSnapshot();
    if (current || checking) {
      if (settling) clearImmediate(settling);
      settling = undefined;
      if (!promptUp) status.clear();
      promptUp = true;
    } else if (promptUp && !settling) {
      // Ink unmounts a turn after the last answer (the next prompt may follow at once).
      settling = setImmediate(() => {
        settling = setImmediate(() => {
          settling = undefined;
          const now = prompter.getSnapshot();
          if (now.current || now.checking) return;
          promptUp = false;
          status.flush();
        });
      });
    }
  });
  // The prompter's own listener draws a prompt the moment it is asked for, before the one
  // above clears the status line: a progress line still on screen then had Ink's frame start
  // at its end (a stray ╭ after it, the line left above the prompt). So it goes first.
  const statusFirst =
    <A extends unknown[], R>(ask: (...args: A) => R) =>
    (...args: A): R => {
      status.clear();
      return ask(...args);
    };
  const asks = {
    prompt: statusFirst(prompter.prompt),
    elicit: statusFirst(prompter.elicit),
    sample: statusFirst(prompter.sample),
    result: statusFirst(prompter.result),
    roots: statusFirst(prompter.roots),
  };
  /** Resolves once no prompt is on screen and Ink has given the terminal back. */
  async function terminalFree(): Promise<void> {
    await new Promise<void>((resolve) => {
      const check = () => {
        const { current, checking } = prompter.getSnapshot();
        if (current || checking) return;
        stop();
        resolve();
      };
      const stop = prompter.subscribe(check);
      check();
    });
    // Ink unmounts a turn after the last answer (so the next prompt does not flicker).
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }

  const roots = options.roots ?? [];
  const guardOptions: GuardClientOptions = {
    engine: records.engine,
    server: options.server,
    userId: options.userId,
    workspaceId: options.workspaceId,
    prompt: asks.prompt,
    elicit: asks.elicit,
    translator: t,
    // The host never opens a browser itself: it shows the accepted link.
    openUrl: (url) => void ui.write(`${t.t('mcp.cli.open_url', { url: clean(url, 2000) })}\n`),
    onWarning: (message) => status.note(`[mcp-consent] ${clean(message, 500)}`),
    onProgress: status.progress,
    onLog: status.log,
    // -32042: after the link was accepted (and shown), the call is retried once the person
    // says the browser step is done. Without a terminal nobody accepted a link, so no question.
    ...(input.isTTY
      ? {
          urlDone: async () => {
            await terminalFree();
            const answer = await lineInput(input, ui).ask(t.t('mcp.cli.url_done'));
            return answer.kind === 'line';
          },
        }
      : {}),
    // Declared to servers only when the user gave a model command: each request is asked
    // about first, the command runs what was approved, and the reply is reviewed before it goes.
    ...(options.samplingCommand === undefined
      ? {}
      : { sample: asks.sample, generate: commandGenerator(options.samplingCommand) }),
    ...(options.reviewResults === undefined
      ? {}
      : { reviewResults: { tiers: options.reviewResults }, reviewResult: asks.result }),
    ...(roots.length === 0
      ? {}
      : {
          roots: {
            list: () => hostRoots(roots),
            pickRoots: asks.roots,
            memory: fileRootsMemory(rootsFilePath(options.paths.dir), options),
          },
        }),
  };
  const info = { name: 'mcp-consent', version: '0.1.0' };
  const protocol = options.protocol ?? '2025-11-25';
  // `auto`: the v2 SDK negotiates 2026-07-28 and falls back to the 2025 era.
  const client: HostClient =
    protocol === 'auto'
      ? guardClientV2(new ClientV2(info, { versionNegotiation: { mode: 'auto' } }), guardOptions)
      : guardClient(new Client(info), guardOptions);
  const callTool = (
    params: { name: string; arguments: Record<string, unknown> },
    callOptions: { timeout?: number; resetTimeoutOnProgress: boolean },
  ): Promise<unknown> =>
    protocol === 'auto'
      ? (client as GuardedClientV2).callTool(params, callOptions)
      : (client as GuardedClient).callTool(params, undefined, callOptions);

  try {
    await connectTarget(client, options.target, t, protocol);
    await client.catalog.refresh();
  } catch (error) {
    stopClearing();
    prompter.unmount();
    await records.close();
    throw error;
  }

  let closed = false;
  let decided: RequestResult | undefined;
  return {
    records,
    client,
    prompter,
    canPrompt: input.isTTY === true,
    timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MSEC,
    async call(name, args) {
      // The SDK's 60 s request timeout counts server time only: the guard stops the
      // clock while the user answers an elicitation.
      const before = records.lastDecision();
      decided = undefined;
      const timeout = options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs };
      let result: CallToolResult;
      try {
        result = (await callTool(
          { name, arguments: args },
          { ...timeout, resetTimeoutOnProgress: true },
        )) as CallToolResult;
      } finally {
        status.clear();
      }
      const after = records.lastDecision();
      decided = after === before ? undefined : after;
      return result;
    },
    lastDecision: () => decided,
    terminalFree,
    async close() {
      if (closed) return;
      closed = true;
      stopClearing();
      prompter.unmount();
      // Over Streamable HTTP, ends the session on the server (DELETE) before closing.
      await closeGuarded(client).catch(() => undefined);
      await records.close();
    },
  };
}
