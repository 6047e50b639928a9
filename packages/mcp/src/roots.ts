import type { ServerRef } from '@mcp-consent/engine';
import type { UserTimeGate } from './user-time.js';

/** One of the host's roots (MCP `Root`): a `file://` URI and an optional name. */
export interface Root {
  uri: string;
  name?: string;
}

/** The host's roots now; asked again for every `roots/list`. */
export type HostRoots = () => readonly Root[] | Promise<readonly Root[]>;

/**
 * One `roots/list` as the host's renderer receives it: who asks and the host's roots. Build the
 * prompt with `createRootsPrompt` of `@mcp-consent/prompt`, or plug in `presenter.roots`.
 */
export interface RootsPickRequest {
  /** Local id of this question. */
  id: string;
  /** The server as the host configured it (never what the server says about itself). */
  server: ServerRef;
  /** The host's roots, exactly as the host gave them: the user picks among these. */
  roots: readonly Root[];
  /** Aborted when the server gives up: close the UI. */
  signal: AbortSignal;
}

/** What the user picked: the URIs to share, and whether to remember it for this server. */
export interface RootsPick {
  uris: readonly string[];
  /** `server`: remember the choice for this server; `once`: ask again next time. @default 'server' */
  grain?: 'server' | 'once';
}

export type PickRootsCallback = (request: RootsPickRequest) => Promise<RootsPick> | RootsPick;

/**
 * Where each server's remembered choice lives: the set of root URIs the user allowed. A root the
 * host adds later is not in it, so it is not shared until the user picks it.
 */
export interface RootsMemory {
  get(serverId: string): readonly string[] | undefined | Promise<readonly string[] | undefined>;
  set(serverId: string, uris: readonly string[]): void | Promise<void>;
  /** Forgets a server's choice: its next `roots/list` asks the user again. */
  delete(serverId: string): void | Promise<void>;
  /** Changes to a server's choice (a settings page); the guard announces them to that server. */
  subscribe?(listener: (serverId: string) => void): () => void;
}

/** A memory that lives as long as the process (the default of `guardClient`'s `roots`). */
export function memoryRootsMemory(): RootsMemory {
  const choices = new Map<string, readonly string[]>();
  const listeners = new Set<(serverId: string) => void>();
  const emit = (serverId: string) => {
    for (const listener of [...listeners]) listener(serverId);
  };
  return {
    get: (serverId) => choices.get(serverId),
    set: (serverId, uris) => {
      choices.set(serverId, [...uris]);
      emit(serverId);
    },
    delete: (serverId) => {
      if (choices.delete(serverId)) emit(serverId);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `GuardClientOptions.roots`: what the host can share and how the user is asked. */
export interface RootsOptions {
  /** The host's roots, read for every `roots/list`. */
  list: HostRoots;
  /** Asks the user which roots a server may see (`presenter.roots` fits). @default undefined (share none) */
  pickRoots?: PickRootsCallback;
  /** Where each server's choice is remembered. @default memoryRootsMemory() (this process only) */
  memory?: RootsMemory;
  /**
   * Receives `announce`, to call when the host's roots change: the server is sent
   * `notifications/roots/list_changed` (changes to `memory` are announced without it).
   * @default undefined
   */
  onChange?: (announce: () => void) => void;
}

/** Reported for every `roots/list` answered, so hosts can audit it (the URIs are never included). */
export interface RootsEvent {
  type: 'roots';
  serverId: string;
  /** How many roots the server got. */
  shared: number;
  /**
   * Who decided: the user through the renderer, the remembered choice, the policy (no renderer,
   * or the host has no roots), a failure, or the server giving up (both share nothing).
   */
  via: 'renderer' | 'remembered' | 'policy' | 'error' | 'aborted';
}

export interface RootsHandlerOptions {
  /** The host's roots. */
  roots: HostRoots;
  /** Asks the user. Without it nothing is shared. */
  pickRoots?: PickRootsCallback | undefined;
  memory: RootsMemory;
  /** Held while the user picks: user time is not the running call's time. */
  gate?: UserTimeGate;
  warn: (message: string) => void;
  report: (event: RootsEvent) => void;
  /** Called around the memory write of a new choice (the handler does not announce its own). */
  onRemember?: (writing: boolean) => void;
}

let nextId = 0;

/**
 * Answers one `roots/list`. Never throws: any failure shares nothing. A remembered choice answers
 * without asking, with only the roots the host still has; only roots of the host's list are ever
 * sent, whatever a renderer returns.
 */
export async function answerRoots(
  server: ServerRef,
  signal: AbortSignal,
  options: RootsHandlerOptions,
): Promise<{ roots: Root[] }> {
  const finish = (roots: Root[], via: RootsEvent['via']) => {
    options.report({ type: 'roots', serverId: server.id, shared: roots.length, via });
    return { roots };
  };
  let host: Root[];
  try {
    host = hostRoots(await options.roots(), options.warn);
  } catch (error) {
    options.warn(`Listing the host's roots failed; sharing none: ${String(error)}`);
    return finish([], 'error');
  }
  if (host.length === 0) return finish([], 'policy');
  const remembered = await recall(options, server.id);
  if (remembered) return finish(only(host, remembered), 'remembered');
  if (!options.pickRoots) {
    options.warn(`Shared no roots with ${server.id}: no renderer is attached.`);
    return finish([], 'policy');
  }
  const pick = await ask(options, { id: `roots-${++nextId}`, server, roots: host, signal });
  if (pick === 'aborted') return finish([], 'aborted');
  if (pick === 'error') return finish([], 'error');
  const shared = only(host, pick.uris);
  if ((pick.grain ?? 'server') === 'server') await remember(options, server.id, shared);
  return finish(shared, 'renderer');
}

/** The host's roots, well-formed and once each; roots are `file://` URIs (spec). */
function hostRoots(given: readonly Root[], warn: (message: string) => void): Root[] {
  const seen = new Set<string>();
  const roots: Root[] = [];
  for (const root of Array.isArray(given) ? given : []) {
    const uri: unknown = root?.uri;
    if (typeof uri !== 'string' || !uri.startsWith('file://')) {
      warn(`Ignored a host root that is not a file:// URI: ${String(uri)}`);
      continue;
    }
    if (seen.has(uri)) continue;
    seen.add(uri);
    roots.push(typeof root.name === 'string' ? { uri, name: root.name } : { uri });
  }
  return roots;
}

/** The host's roots whose URI is in `allowed`, in the host's order. */
function only(host: readonly Root[], allowed: readonly string[]): Root[] {
  const set = new Set(allowed);
  return host.filter((root) => set.has(root.uri));
}

/** A memory that cannot be read is no choice: the user is asked (or nothing is shared). */
async function recall(options: RootsHandlerOptions, serverId: string) {
  try {
    const uris = await options.memory.get(serverId);
    return Array.isArray(uris)
      ? uris.filter((uri): uri is string => typeof uri === 'string')
      : null;
  } catch (error) {
    options.warn(`Reading the remembered roots of ${serverId} failed; asking: ${String(error)}`);
    return null;
  }
}

async function remember(options: RootsHandlerOptions, serverId: string, shared: Root[]) {
  options.onRemember?.(true);
  try {
    await options.memory.set(
      serverId,
      shared.map((root) => root.uri),
    );
  } catch (error) {
    options.warn(`Remembering the roots of ${serverId} failed: ${String(error)}`);
  } finally {
    options.onRemember?.(false);
  }
}

async function ask(
  options: RootsHandlerOptions,
  request: RootsPickRequest,
): Promise<{ uris: readonly string[]; grain?: 'server' | 'once' } | 'aborted' | 'error'> {
  if (request.signal.aborted) return 'aborted';
  const leave = options.gate?.enter() ?? (() => {});
  let onAbort: (() => void) | undefined;
  try {
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      request.signal.addEventListener('abort', onAbort, { once: true });
    });
    const pick = await Promise.race([Promise.resolve(options.pickRoots!(request)), aborted]);
    if (pick === 'aborted') return pick;
    if (!pick || !Array.isArray(pick.uris) || pick.uris.some((uri) => typeof uri !== 'string')) {
      options.warn('The roots renderer returned no list of URIs; sharing none.');
      return 'error';
    }
    return { uris: pick.uris, grain: pick.grain === 'once' ? 'once' : 'server' };
  } catch (error) {
    options.warn(`The roots renderer failed; sharing none: ${String(error)}`);
    return 'error';
  } finally {
    if (onAbort) request.signal.removeEventListener('abort', onAbort);
    leave();
  }
}
