#!/usr/bin/env node
/**
 * mcp-consent: a terminal MCP host that asks before every tool call.
 *
 *   mcp-consent [options] -- <server command…>          interactive, stdio
 *   mcp-consent [options] --url <url>                    interactive, Streamable HTTP
 *   mcp-consent call <tool> '<json>' [options] -- <…>    one call for scripts
 *   mcp-consent grants | audit [options]                 what the store holds
 *   mcp-consent grants revoke <id>                       revoke one saved permission
 *   mcp-consent rules [--policy FILE]                    the policy rules in force
 *   mcp-consent config workspace [<name>]                the workspace grants are filed under
 *
 * Exit codes: 0 ran / done, 1 denied or failed, 2 usage or connection error or no such
 * tool, 130 Ctrl+C. Prompts are drawn on the terminal (`/dev/tty` when stdout or stdin is
 * redirected), so stdout carries only what was asked for.
 */
import './person-at-terminal.js'; // first: before anything loads Ink
import process from 'node:process';
import { localesFromEnv } from '@mcp-consent/i18n';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { parseCli, UsageError, type CliOptions } from './args.js';
import { runCall } from './call.js';
import { defaultUser, serverIdFor, storePaths } from './config.js';
import { ConnectError } from './connect.js';
import { helpText } from './help.js';
import { runInteractive } from './interactive.js';
import { lineInput } from './line-input.js';
import {
  engineInputs,
  loadPolicies,
  MissingPolicyError,
  policyFiles,
  type LoadedPolicies,
} from './policy-files.js';
import { printAudit } from './audit-list.js';
import { printGrants, resetGrants, revokeGrant, StoreError, type Scope } from './records.js';
import { policyErrorLine, printRules } from './rules.js';
import { promptTerminal, type PromptTerminal } from './prompt-terminal.js';
import { recordServerName, serversFilePath } from './servers.js';
import { openSession, type Session } from './session.js';
import {
  chooseWorkspace,
  saveWorkspace,
  SettingsError,
  settingsPath,
  type WorkspaceChoice,
} from './settings.js';
import { clean, messageFor } from './text.js';

const t = createAppTranslator(localesFromEnv(process.env), { isolateValues: false });
const fail = (message: string) => void process.stderr.write(`${message}\n`);
/** A long host message on stderr: wrapped at spaces on a terminal, one line when redirected (for grep). */
const note = (message: string) => fail(messageFor(process.stderr, message));

async function main(argv: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(argv, t);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    fail(`${error.message} ${t.t('mcp.cli.error.see_help')}`);
    return 2;
  }
  const paths = storePaths(options.store);
  const userId = options.user ?? defaultUser();
  const policyRefs = policyFiles(options);
  const settings = settingsPath();
  if (options.help) {
    let workspace: WorkspaceChoice | { source: 'broken'; path: string };
    try {
      workspace = chooseWorkspace(options.workspace, settings, t);
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      workspace = { source: 'broken', path: settings };
    }
    const help = helpText(t, { paths, user: userId, workspace, policy: policyRefs });
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if (options.command === 'config') return configWorkspace(options, settings);
  let policies: LoadedPolicies | undefined;
  if (options.command === 'rules' || options.target) {
    try {
      policies = loadPolicies(policyRefs);
    } catch (error) {
      if (!(error instanceof MissingPolicyError)) throw error;
      fail(t.t('mcp.cli.error.policy_missing', { path: clean(error.path, 500) }));
      return 2;
    }
  }
  if (options.command === 'rules' && policies) return printRules(policies, t);
  // Never a silent fallback: a broken config.json would file grants under another workspace.
  let workspaceId: string;
  try {
    workspaceId = chooseWorkspace(options.workspace, settings, t).workspace;
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    note(error.message);
    return 2;
  }
  const serverId = options.serverId ?? (options.target ? serverIdFor(options.target) : undefined);
  const scope: Scope = {
    userId,
    workspaceId,
    all: options.all,
    // Without a connection, --server-id filters a listing and may be a name or short id too.
    ...(serverId && options.target ? { serverId } : {}),
    ...(serverId && !options.target ? { serverQuery: serverId } : {}),
  };
  const call = options.command === 'call';
  // Opened only for a connection: prompts (and our own questions, when keys come from a
  // person) go to the terminal, whatever stdout was redirected to.
  const terminal = options.target ? promptTerminal(call) : undefined;
  // Keys typed by a person: the menus are drawn where they type, even when stdout is a file.
  const typed = terminal && process.stdin.isTTY ? terminal : undefined;
  const input = typed ? lineInput(typed.input, typed.output) : lineInput();
  try {
    if (options.command === 'grants' && options.revoke !== undefined)
      return await revokeGrant(paths, scope, options.revoke, { t });
    if (options.command === 'grants') {
      await printGrants(paths, scope, { json: options.json, t });
      return 0;
    }
    if (options.command === 'audit') {
      await printAudit(paths, scope, { json: options.json, limit: options.limit, t });
      return 0;
    }
    if (options.reset) {
      const code = await resetGrants(paths, scope, { yes: options.yes, t, input });
      if (code !== 0 || !options.target) return code;
    }
    if (!options.target || !serverId || !policies) {
      fail(`${t.t('mcp.cli.error.no_server')} ${t.t('mcp.cli.error.see_help')}`);
      return 2;
    }
    // A broken policy file: say where, and that every call will be asked (never a silent allow).
    for (const error of policies.errors) note(policyErrorLine(error, t));
    if (policies.errors.length > 0) note(t.t('mcp.cli.policy.asking'));
    const server = { id: serverId, name: options.name ?? serverId, trusted: options.trusted };
    // In call mode stdout carries the result only: prompts go to stderr or /dev/tty.
    const ui = terminal?.output ?? process.stdout;
    let session: Session;
    try {
      session = await openSession({
        paths,
        target: options.target,
        server,
        userId,
        workspaceId,
        t,
        ui,
        ...(terminal ? { input: terminal.input } : {}),
        engine: { ...engineInputs(policies), mode: options.mode },
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.samplingCommand === undefined
          ? {}
          : { samplingCommand: options.samplingCommand }),
        ...(options.reviewResults === undefined ? {} : { reviewResults: options.reviewResults }),
        roots: options.roots,
        protocol: options.protocol,
      });
    } catch (error) {
      if (!(error instanceof ConnectError)) throw error;
      fail(error.message);
      return 2;
    }
    onInterrupt(session, terminal);
    // The name the user gave this server labels it in `grants` and `audit` from now on.
    if (options.name !== undefined)
      await recordServerName(serversFilePath(paths.dir), serverId, options.name);
    const code =
      call && options.tool && options.toolArgs
        ? await runCall(session, options.tool, options.toolArgs, { json: options.json, t, server })
        : await runInteractive(session, server, input, t, process.stdout, typed?.output);
    await session.close();
    return code;
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    fail(error.message);
    return 2;
  } finally {
    input.close();
    terminal?.close();
  }
}

/**
 * `config workspace`: prints the workspace in use and where it comes from, or saves
 * `<name>` in `config.json`. A broken file is reported and left as it is (exit 2).
 */
function configWorkspace(options: CliOptions, settings: string): number {
  try {
    if (options.setWorkspace === undefined) {
      const choice = chooseWorkspace(options.workspace, settings, t);
      say(t.t('mcp.cli.workspace.now', { ...choice, workspace: clean(choice.workspace) }));
      return 0;
    }
    saveWorkspace(settings, options.setWorkspace, t);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    note(error.message);
    return 2;
  }
  say(t.t('mcp.cli.config.saved', { workspace: options.setWorkspace, path: settings }));
  return 0;
}

/** A host message on stdout: wrapped at spaces on a terminal, one line when redirected. */
function say(message: string): void {
  process.stdout.write(`${messageFor(process.stdout, message)}\n`);
}

/**
 * Ctrl+C outside our own line questions (while a call runs, or on an Ink prompt, which
 * gives the terminal back and raises SIGINT): cancel the open prompts, stop the server, write
 * what is pending to the store, exit 130 without printing anything more.
 */
function onInterrupt(session: Session, terminal: PromptTerminal | undefined) {
  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('\n');
    // Whatever the interrupted loop would still print (a "denied" line) is not wanted now.
    process.stdout.write = (() => true) as typeof process.stdout.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    // The user stopped what was asked: each open prompt is audited as cancelled, before the
    // renderer goes away (which would read as "could not ask").
    const { engine } = session.records;
    for (const pending of engine.pending()) engine.cancel(pending.id);
    const exit = () => {
      terminal?.close();
      process.exit(130);
    };
    void session.close().finally(exit);
    setTimeout(exit, 3000).unref();
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Anything still holding the event loop (a server that ignores the end of its stdin)
    // must not keep the CLI alive.
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error: unknown) => {
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(2);
  },
);
