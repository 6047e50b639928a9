import {
  applyChange,
  changesBetween,
  emptyStoreState,
  InvalidInputError,
  isRevocation,
  isUsableGrant,
  StoreUnavailableError,
  timeOf,
  type GrantStore,
  type StoreChange,
  type StoreHealth,
  type StoreSnapshot,
  type StoreState,
} from '@mcp-consent/engine';
import { sanitizeText } from '@mcp-consent/prompt';

/** What the store needs of an `EventSource`: the browser's, or a reader over `fetch` in Node. */
export interface EventSourceLike {
  /** 0 connecting (it opens again by itself), 1 open, 2 closed (it gave up). */
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface RemoteGrantStoreOptions {
  /** The grants API of the playground server, e.g. `new URL('/api/grants', location.href)`. */
  baseUrl: string | URL;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Opens the event stream. @default (url) => new EventSource(url) */
  eventSource?: (url: string) => EventSourceLike;
  /** The wait before opening again an event stream the server refused or closed. @default 1000 */
  retryMs?: number;
}

/** A grant store on the playground server, for the page's engine. */
export interface RemoteGrantStore extends GrantStore {
  loadState(): Promise<StoreSnapshot>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  /**
   * `{ live: false }` when the event stream is lost (changes made elsewhere may be missed), and
   * `{ live: true }` once it is back and what was missed has been sent as changes.
   */
  watchHealth(listener: (health: StoreHealth) => void): () => void;
  close(): void;
}

const CLOSED = 2;

/**
 * The signed-in user's grants, kept in the server's database (`createGrantsApi`) and shared by
 * every browser of the user. Writes reject with `StoreUnavailableError` when the server cannot
 * be reached or fails, and with `InvalidInputError` when it refuses the request, so the engine
 * asks instead of deciding. Other browsers' changes arrive over Server-Sent Events; while that
 * stream is lost the store says so (`watchHealth`), and when it is back it reads the state
 * again and sends what changed before saying it is live.
 */
export function remoteGrantStore(options: RemoteGrantStoreOptions): RemoteGrantStore {
  const base = String(options.baseUrl).replace(/\/+$/, '');
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const openEvents = options.eventSource ?? ((url: string) => new EventSource(url));
  const retryMs = options.retryMs ?? 1000;
  const listeners = new Set<(change: StoreChange) => void>();
  const watchers = new Set<(health: StoreHealth) => void>();
  const serial = serializer();
  /** What the engine knows: the last state read, its own writes and the changes it heard. */
  let known: StoreState | null = null;
  let closed = false;
  let source: EventSourceLike | undefined;
  /** Bumped whenever a stream is dropped, so a late event of an old one is ignored. */
  let generation = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Set while changes made elsewhere may be missed. */
  let lost: Error | undefined;

  async function request(method: string, path: string, body?: unknown): Promise<unknown> {
    if (closed) throw new StoreUnavailableError('The remote grant store is closed.');
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(base + path, {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      text = await response.text();
    } catch (error) {
      throw new StoreUnavailableError(
        `The playground server could not be reached for the grants: ${describe(error)}`,
        { cause: error },
      );
    }
    if (response.status === 400) {
      const said = sanitizeText(errorOf(text) ?? 'bad request', { maxLength: 200 }).text;
      throw new InvalidInputError('store', `The playground server refused the grant: ${said}`);
    }
    if (!response.ok) {
      throw new StoreUnavailableError(
        `The playground server answered ${response.status} for the grants.`,
      );
    }
    return text === '' ? undefined : parse(text);
  }

  async function fetchState(): Promise<StoreSnapshot> {
    const snapshot = await request('GET', '/state');
    if (!isSnapshot(snapshot))
      throw new StoreUnavailableError('The playground server sent no grants snapshot.');
    return snapshot;
  }

  /** A write the server took: the engine made the change, so it knows it. */
  function learn(change: StoreChange): void {
    if (known) applyChange(known, change);
  }

  function emit(change: StoreChange): void {
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch {
        // One listener's failure must not keep the change from the others.
      }
    }
  }

  function tell(health: StoreHealth): void {
    for (const watcher of [...watchers]) {
      try {
        watcher(health);
      } catch {
        // As above.
      }
    }
  }

  function markLost(error: Error): void {
    if (lost) return;
    lost = error;
    tell({ live: false, error });
  }

  const idle = () => listeners.size === 0 && watchers.size === 0;

  function connect(): void {
    if (closed || source || retry !== undefined || idle()) return;
    const current = ++generation;
    const events = openEvents(`${base}/events`);
    source = events;
    const mine = () => current === generation;
    // Sent first on every connection, once the server follows changes for it.
    events.addEventListener('ready', () => {
      if (mine()) void serial(() => resync(current));
    });
    events.addEventListener('message', ({ data }) => {
      if (!mine()) return;
      const change = typeof data === 'string' ? parse(data) : undefined;
      if (change === undefined) {
        // A change that cannot be read is a change missed: read everything again.
        markLost(new StoreUnavailableError('The playground server sent an unreadable change.'));
        return reopenLater();
      }
      void serial(async () => {
        if (!mine()) return;
        if (isChange(change)) learn(change);
        emit(change as StoreChange); // the engine checks it, and reports it when malformed
      });
    });
    events.addEventListener('error', () => {
      if (!mine()) return;
      markLost(
        new StoreUnavailableError(
          'The event stream of the playground server was lost: grants changed elsewhere may be missed until it is back.',
        ),
      );
      // Connecting: the EventSource opens again by itself. Closed: it gave up (an error answer).
      if (events.readyState === CLOSED) reopenLater();
    });
  }

  function drop(): void {
    generation += 1;
    source?.close();
    source = undefined;
    clearTimeout(retry);
    retry = undefined;
  }

  function reopenLater(): void {
    drop();
    if (closed || idle()) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, retryMs);
  }

  /** After a (re)connection: reads the state, sends what changed, then says it is live. */
  async function resync(current: number): Promise<void> {
    if (current !== generation) return;
    let next: StoreState;
    try {
      next = stateOf(await fetchState());
    } catch (error) {
      if (current !== generation) return;
      markLost(error instanceof Error ? error : new StoreUnavailableError(describe(error)));
      return reopenLater();
    }
    if (current !== generation) return;
    const changes = known ? changesBetween(known, next) : [];
    known = next;
    for (const change of changes) emit(change);
    if (lost) {
      lost = undefined;
      tell({ live: true });
    }
  }

  const stopIfIdle = () => {
    if (idle()) drop();
  };

  return {
    load: async () => (await serial(fetchState).then(remember)).grants,
    loadState: () => serial(fetchState).then(remember),
    async put(grant) {
      await request('PUT', '', grant);
      learn({ type: 'put', grant: { ...grant } });
    },
    async delete(key, grant, revokedAt) {
      await request('POST', '/revoke', { key, grant, revokedAt });
      learn({
        type: 'delete',
        key,
        ...(grant && { grant }),
        ...(revokedAt !== undefined && { revokedAt }),
      });
    },
    async clear(clearedAt) {
      await request('POST', '/clear', { clearedAt });
      learn({ type: 'clear', ...(clearedAt !== undefined && { clearedAt }) });
    },
    subscribe(listener) {
      if (closed) return () => {};
      listeners.add(listener);
      connect();
      return () => {
        listeners.delete(listener);
        stopIfIdle();
      };
    },
    watchHealth(watcher) {
      if (closed) return () => {};
      watchers.add(watcher);
      // A store already lost tells a new watcher at once (after it has its unsubscribe).
      queueMicrotask(() => {
        if (lost && watchers.has(watcher)) watcher({ live: false, error: lost });
      });
      connect();
      return () => {
        watchers.delete(watcher);
        stopIfIdle();
      };
    },
    close() {
      closed = true;
      drop();
      listeners.clear();
      watchers.clear();
    },
  };

  function remember(snapshot: StoreSnapshot): StoreSnapshot {
    known = stateOf(snapshot);
    return snapshot;
  }
}

/** The state a snapshot describes, for diffs; malformed entries are left out. */
function stateOf(snapshot: StoreSnapshot): StoreState {
  const state = emptyStoreState();
  for (const grant of snapshot.grants) if (isUsableGrant(grant)) state.grants.set(grant.key, grant);
  for (const revocation of snapshot.revocations)
    if (isRevocation(revocation)) state.revocations.set(revocation.key, revocation.revokedAt);
  if (timeOf(snapshot.clearedAt) !== -Infinity) state.clearedAt = snapshot.clearedAt;
  return state;
}

function isSnapshot(value: unknown): value is StoreSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const { grants, revocations, clearedAt } = value as Partial<Record<keyof StoreSnapshot, unknown>>;
  return (
    Array.isArray(grants) &&
    Array.isArray(revocations) &&
    (clearedAt === null || typeof clearedAt === 'string')
  );
}

const isOptionalTime = (value: unknown) => value === undefined || typeof value === 'string';

/** A change whose shape `applyChange` can take (the engine checks the rest). */
function isChange(value: unknown): value is StoreChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  switch (change.type) {
    case 'put':
      return isUsableGrant(change.grant);
    case 'delete':
      return (
        typeof change.key === 'string' &&
        (change.grant === undefined || isUsableGrant(change.grant)) &&
        isOptionalTime(change.revokedAt)
      );
    case 'clear':
      return isOptionalTime(change.clearedAt);
    default:
      return false;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorOf(text: string): string | undefined {
  const body = parse(text) as { error?: unknown } | undefined;
  return typeof body?.error === 'string' ? body.error : undefined;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs async work one at a time, in order; a failure does not stop what is queued behind. */
function serializer() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  };
}
