import {
  applyChange,
  changesBetween,
  ConsentError,
  emptyStoreState,
  grantOrder,
  InvalidInputError,
  isTime,
  isUsableGrant,
  snapshotOf,
  StoreUnavailableError,
  timeOf,
  type Grant,
  type GrantStore,
  type StoreChange,
  type StoreHealth,
  type DeferredGrants,
  type StoreSnapshot,
  type StoreState,
} from '@mcp-consent/engine';
import { describe, isPglite, rowsOf, type Queryable } from './db.js';
import { inScope, parseGrantKey, type KeyColumns, type TenantScope } from './keys.js';
import {
  joinedTexts,
  readLoadRows,
  splitRow,
  textsOf,
  type Pins,
  type StateTuple,
  type Unsplit,
} from './load-rows.js';
import { SchemaTooNewError } from './migrate.js';
import { notificationsOf, type Notifications } from './notifications.js';
import { SCHEMA_VERSION } from './schema.js';
import {
  CLEAR,
  CLEAR_AT,
  DELETE,
  PUT,
  REVOKE,
  SELECT_VERSION,
  selectState,
  selectStateJoined,
} from './statements.js';

export interface PostgresStoreOptions {
  /** A node-postgres `Pool` (or `Client`), or a PGlite instance. The store never closes it. */
  db: Queryable;
  /**
   * The tenant this store serves: every statement is scoped to its user (and workspace, when
   * given), and a grant outside it is refused. Open one store per user a host instance serves.
   */
  scope: TenantScope;
  /**
   * Where other instances' changes are heard. By default the LISTEN/NOTIFY of `db` (PGlite, or
   * one dedicated connection per node-postgres pool, shared by every store on it); `false`
   * for none.
   * @default notificationsOf(db)
   */
  notifications?: Notifications | false;
  /**
   * Told about rows that were skipped as malformed (with their keys) and about listener
   * failures. The rest is served; the engine asks for the calls the skipped rows covered.
   * @default console.warn
   */
  warn?: (message: string) => void;
}

/** How many skipped keys a warning names. */
const REPORTED_KEYS = 5;
/** Deferred rows built per turn of the event loop after a deferred load. */
const BUILD_CHUNK = 1000;

/**
 * The grant rows of a deferred load, built one by one when the engine or this store needs
 * them, and the rest in the background, a chunk per turn of the event loop.
 */
interface DeferredLoad {
  rows: Unsplit;
  pins: Pins;
  /** Each row's grant once built; null when it was malformed. */
  built: (Grant | null | undefined)[];
  /** 1 for the rows already in `known`. */
  settled: Uint8Array;
  /** The first row `settleAll` has not looked at. */
  next: number;
  /** Key → row, made the first time one key is needed. */
  byKey?: Map<unknown, number>;
  /** Keys found malformed since the load, reported together when every row is built. */
  skipped: string[];
}

/** A grant store on PostgreSQL for one tenant. */
export interface PostgresGrantStore extends GrantStore {
  readonly scope: TenantScope;
  /**
   * Keys of the rows the last full load skipped as malformed (they stay in the table). Reading
   * it builds the rows a deferred load has not built yet, so it is always complete.
   */
  readonly corruptKeys: readonly string[];
  /**
   * The scope's grants (frozen: they are the store's own), revokes and last clear. With
   * `deferred` (the engine's load), most grants come as rows to build on first use.
   */
  loadState(options?: { deferred?: boolean }): Promise<StoreSnapshot>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  /**
   * `live: false` while the LISTEN connection is lost (other instances' changes would be
   * missed), `live: true` once it is back and everything was read again.
   */
  watchHealth(listener: (health: StoreHealth) => void): () => void;
  /** Stops listening; later calls reject. The database handle stays open. */
  close(): void;
}

/**
 * Grants in PostgreSQL (the tables of `migrate`), for one user or one user's workspace. The
 * ordering rules of every store (store.ts of the engine: last writer wins by `grantOrder`, a
 * remembered revoke or clear voids older grants) hold in SQL, each write one statement on the
 * key's row, so instances writing at once converge. Each write announces its key with NOTIFY;
 * subscribers re-read that key (or everything, after a clear or a lost connection) and hear
 * the difference from what they knew. Malformed rows are skipped and reported; the rest is
 * served. Failures reject with `StoreUnavailableError`, so the engine asks instead of deciding.
 */
export function postgresGrantStore(options: PostgresStoreOptions): PostgresGrantStore {
  const { db } = options;
  const scope: TenantScope = { ...options.scope };
  if (typeof scope.userId !== 'string' || scope.userId === '') {
    throw new InvalidInputError(
      'options',
      'postgresGrantStore needs scope.userId, a non-empty string.',
    );
  }
  const warn = options.warn ?? ((message: string) => console.warn(`[mcp-consent] ${message}`));
  const notifications =
    options.notifications === false ? undefined : (options.notifications ?? notificationsOf(db));
  const label = `PostgreSQL grant store of user ${JSON.stringify(scope.userId)}${
    scope.workspaceId === undefined ? '' : ` in workspace ${JSON.stringify(scope.workspaceId)}`
  }`;
  const scopeParams = [scope.userId, scope.workspaceId ?? null];
  const listeners = new Set<(change: StoreChange) => void>();
  const watchers = new Set<(health: StoreHealth) => void>();
  /** Set from a lost LISTEN connection until a full read after it succeeded. */
  let stale: Error | undefined;
  const serial = serializer();
  let closed = false;
  let versionChecked = false;
  let corruptKeys: string[] = [];
  /** What this store's caller knows: its last load, its own writes and what it heard since. */
  let known: StoreState | null = null;
  /** The last load's rows not built yet: `known` lacks their grants until they are. */
  let deferredLoad: DeferredLoad | null = null;
  let listening: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let resyncQueued = false;

  async function guard<T>(action: string, work: () => Promise<T>): Promise<T> {
    if (closed) throw new StoreUnavailableError(`The ${label} is closed.`);
    try {
      if (!versionChecked) await checkVersion();
      return await work();
    } catch (error) {
      if (error instanceof ConsentError) throw error;
      throw new StoreUnavailableError(`The ${label} could not ${action}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  async function checkVersion(): Promise<void> {
    let found: number;
    try {
      const [row] = await rowsOf<{ version: number | string | null }>(db, SELECT_VERSION);
      found = Number(row?.version ?? 0);
    } catch (error) {
      // 42P01: no such table. Anything else: the database is down or refuses us.
      const never = (error as { code?: unknown } | null)?.code === '42P01';
      throw new StoreUnavailableError(
        never
          ? `The ${label} found no mcp-consent tables. Run \`mcp-consent-postgres migrate\` ` +
              '(or `migrate(db)`) against this database first.'
          : `The ${label} could not reach the database: ${describe(error)}`,
        { cause: error },
      );
    }
    if (found > SCHEMA_VERSION) throw new SchemaTooNewError(found, SCHEMA_VERSION);
    if (found < SCHEMA_VERSION) {
      throw new StoreUnavailableError(
        `The ${label} needs schema version ${SCHEMA_VERSION}, the database has ${found}. Run ` +
          '`mcp-consent-postgres migrate` (or `migrate(db)`) first.',
      );
    }
    versionChecked = true;
  }

  /** The row's grant, built and checked, or null when it is malformed. */
  function builtAt(load: DeferredLoad, index: number): Grant | null {
    let grant = load.built[index];
    if (grant === undefined) {
      const row = splitRow(load.rows.texts[index]!);
      const made = grantOf(row, load.pins);
      grant = isUsableGrant(made) && made.key === row[1] ? made : null;
      load.built[index] = grant;
      if (!grant) load.skipped.push(row[1] as string);
    }
    return grant;
  }

  /** Moves a deferred row into `known`: its grant, or its key into `corruptKeys`. */
  function settleAt(load: DeferredLoad, index: number): void {
    if (load.settled[index]) return;
    load.settled[index] = 1;
    const grant = builtAt(load, index);
    const key = load.rows.columns[index * 6] as string;
    if (grant) known!.grants.set(key, grant);
    else corruptKeys.push(key);
  }

  /** Settles the deferred row of `key`, if the last load left one. */
  function settle(key: string): void {
    const load = deferredLoad;
    if (!load) return;
    if (!load.byKey) {
      load.byKey = new Map();
      const { columns } = load.rows;
      for (let i = 0; i < columns.length; i += 6) load.byKey.set(columns[i], i / 6);
    }
    const index = load.byKey.get(key);
    if (index !== undefined) settleAt(load, index);
  }

  /** Settles the deferred rows (at most `limit`); when none is left, reports the skipped ones. */
  function settleAll(limit = Infinity): void {
    const load = deferredLoad;
    if (!load) return;
    const count = load.settled.length;
    for (; load.next < count && limit > 0; load.next += 1) {
      if (load.settled[load.next]) continue;
      settleAt(load, load.next);
      limit -= 1;
    }
    if (load.next < count) return;
    deferredLoad = null;
    report(load.skipped);
  }

  function buildInBackground(load: DeferredLoad): void {
    const step = () => {
      if (closed || deferredLoad !== load) return;
      settleAll(BUILD_CHUNK);
      if (deferredLoad === load) setTimeout(step, 0);
    };
    setTimeout(step, 0);
  }

  /** Adds a row to `state`, or names its key in `skipped` when it is malformed. */
  function addRow(state: StoreState, row: StateTuple, pins: Pins, skipped: string[]): void {
    const key = row[1];
    const revokedAt = row[13];
    let bad = typeof key !== 'string';
    if (!bad && row[6] !== null) {
      const grant = grantOf(row, pins);
      if (isUsableGrant(grant)) state.grants.set(key as string, grant);
      else bad = true;
    }
    if (!bad && revokedAt !== null) {
      if (isTime(revokedAt)) state.revocations.set(key as string, revokedAt);
      else bad = true;
    }
    if (bad) skipped.push(typeof key === 'string' ? key : JSON.stringify(key));
  }

  /**
   * The grant a row holds, in the shape the engine writes (the user is the scope's: every
   * statement reads only its rows). A column that does not fit makes a grant `isUsableGrant`
   * refuses: a key other than its columns' key, an unknown decision, a pin not found. Written
   * field by field, in one shape for every grant: it runs for each of a user's grants. Frozen,
   * like every grant this store knows: loads hand them out uncopied, and the engine, which
   * sees them checked and frozen, does not check them again.
   */
  function grantOf(row: StateTuple, pins: Pins): Grant {
    const grant = {
      userId: scope.userId,
      workspaceId: row[2],
      serverId: row[3],
      toolName: row[4],
      key: row[1],
      decision: row[6],
      grantedAt: row[7],
      expiresAt: row[8],
      grantedBy: row[9],
      riskTier: row[10],
    } as Grant;
    if (row[5] !== '') grant.argsHash = row[5] as string;
    if (row[11] !== null) grant.pin = (pins.get(row[11] as string) ?? null) as Grant['pin'];
    if (row[12] !== null) grant.grain = row[12] as Grant['grain'];
    return Object.freeze(grant);
  }

  /** Names the first keys only: a table gone bad can skip every row, on every load. */
  function report(skipped: string[]): void {
    if (skipped.length === 0) return;
    const named = skipped.slice(0, REPORTED_KEYS).map((key) => JSON.stringify(key));
    const more = skipped.length - named.length;
    warn(
      `${label}: skipped ${skipped.length} malformed row(s) (keys: ${named.join(', ')}` +
        `${more > 0 ? `, and ${more} more: corruptKeys lists them all` : ''}). They were left ` +
        'in the table untouched; calls they covered will be asked again.',
    );
  }

  /**
   * The scope's state (or one key's, with the clear this store knows): malformed rows are left
   * out, named in `corruptKeys` after a full read, and reported.
   */
  async function readState(
    one?: { key: string; columns: KeyColumns },
    defer?: DeferredLoad,
  ): Promise<StoreState> {
    const params: unknown[] = [...scopeParams];
    if (one) {
      const { serverId, toolName, argsHash, workspaceId } = one.columns;
      params.push(serverId, toolName, argsHash, workspaceId);
    }
    // PGlite hands each row over through WASM, which took most of a 10⁴-grant load, so a full
    // load there is one joined value; node-postgres streams rows, and joining costs it more.
    const texts =
      !one && isPglite(db)
        ? joinedTexts(await rowsOf(db, selectStateJoined(), params))
        : textsOf(await rowsOf(db, selectState(!!one), params));
    // A field holding a separator: read again, each grant row as JSON (slower, exact).
    const loaded =
      (texts && readLoadRows(texts, defer?.rows)) ??
      readLoadRows(
        textsOf(await rowsOf(db, selectState(!!one, true), params)),
        defer && reset(defer.rows),
      )!;
    const state = emptyStoreState();
    const skipped: string[] = [];
    for (const row of loaded.grants) {
      if (!one || row[1] === one.key) addRow(state, row, loaded.pins, skipped);
    }
    if (defer) {
      defer.pins = loaded.pins;
      defer.settled = new Uint8Array(defer.rows.texts.length);
    }
    if (one) state.clearedAt = known?.clearedAt ?? null;
    else {
      const clearedAt = loaded.clears[0] ?? null;
      if (clearedAt === null || isTime(clearedAt)) state.clearedAt = clearedAt;
      else skipped.push(`clear of ${label}`);
      corruptKeys = skipped;
    }
    report(skipped);
    return state;
  }

  function tellHealth(health: StoreHealth): void {
    for (const watcher of [...watchers]) {
      try {
        watcher(health);
      } catch (error) {
        warn(`a health watcher of the ${label} threw: ${describe(error)}`);
      }
    }
  }

  function emit(changes: StoreChange[]): void {
    for (const change of changes) {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          warn(`a listener of the ${label} threw: ${describe(error)}`);
        }
      }
    }
  }

  /** Re-reads one key another instance wrote and tells listeners what changed. */
  async function syncKey(key: string, columns: KeyColumns): Promise<void> {
    if (known === null || closed) return; // the first load will read it
    const next = await readState({ key, columns });
    if (known === null || closed) return;
    settle(key);
    const before = emptyStoreState();
    before.clearedAt = known.clearedAt;
    const held = known.grants.get(key);
    const revoked = known.revocations.get(key);
    if (held) before.grants.set(key, held);
    if (revoked !== undefined) before.revocations.set(key, revoked);
    const changes = changesBetween(before, next);
    // What the row says now is what this store knows of the key.
    const now = next.grants.get(key);
    if (now) known.grants.set(key, now);
    else known.grants.delete(key);
    const at = next.revocations.get(key);
    if (at === undefined) known.revocations.delete(key);
    else known.revocations.set(key, at);
    emit(changes);
  }

  /**
   * Reads everything again (after a clear, or a lost connection) and tells what changed; after
   * a lost connection, then tells watchers the store is live again.
   */
  async function resync(): Promise<void> {
    resyncQueued = false;
    if (closed) return;
    const wasStale = stale;
    if (known !== null) {
      // Built first: the read below names its own malformed rows in `corruptKeys`.
      settleAll();
      const next = await readState();
      if (known === null || closed) return;
      const changes = changesBetween(known, next);
      known = next;
      emit(changes);
    }
    // Lost again while reading: the next reconnect reads again.
    if (wasStale && stale === wasStale) {
      stale = undefined;
      tellHealth({ live: true });
    }
  }

  const background = (work: () => Promise<void>) =>
    serial(() => (closed ? Promise.resolve() : guard('read a change', work))).catch(
      (error: unknown) =>
        warn(`${label}: could not apply a change made elsewhere: ${describe(error)}`),
    );

  function queueResync(): void {
    if (resyncQueued) return;
    resyncQueued = true;
    void background(resync);
  }

  /** A notification: `{ key }` for a row, `{ clear, workspace }` for a clear, `{ resync }`. */
  function heard(text: string): void {
    if (closed || listeners.size === 0) return;
    // Stale after a resync that failed: any sign of life is a reason to read everything again.
    if (stale) return queueResync();
    let payload: { key?: unknown; clear?: unknown; workspace?: unknown; resync?: unknown };
    try {
      payload = JSON.parse(text) as typeof payload;
    } catch {
      return; // not ours
    }
    if (typeof payload.key === 'string') {
      const key = payload.key;
      const columns = parseGrantKey(key);
      if (columns && inScope(scope, columns)) void background(() => syncKey(key, columns));
    } else if (typeof payload.clear === 'string') {
      if (payload.clear !== scope.userId) return;
      const workspace = payload.workspace;
      if (
        typeof workspace === 'string' &&
        scope.workspaceId !== undefined &&
        workspace !== scope.workspaceId
      )
        return;
      queueResync();
    } else if (payload.resync === true) queueResync();
  }

  function startListening(): void {
    if (listening || !notifications) return;
    listening = notifications
      .listen({
        payload: heard,
        reconnected: queueResync,
        lost: (error) => {
          if (closed) return;
          stale = error;
          tellHealth({ live: false, error });
        },
      })
      .then((stop) => {
        stopListening = stop;
        if (closed || listeners.size === 0) return stopListeningNow();
        // Loaded before listening: what changed in between is read now.
        if (known !== null) queueResync();
      })
      .catch((error: unknown) => {
        listening = undefined;
        warn(`${label}: cannot listen for other instances' changes: ${describe(error)}`);
      });
  }

  async function stopListeningNow(): Promise<void> {
    const stop = stopListening;
    stopListening = undefined;
    listening = undefined;
    await stop?.().catch(() => undefined);
  }

  /** Runs a write; when it changed the row, this store knows the change (it is not announced back). */
  async function write(action: string, text: string, params: unknown[], change: StoreChange) {
    await guard(action, async () => {
      const rows = await rowsOf(db, text, params);
      if (rows.length === 0 || known === null) return;
      if (change.type === 'clear') settleAll();
      else settle(change.type === 'put' ? change.grant.key : change.key);
      applyChange(known, change);
    });
  }

  function keyColumns(key: unknown): KeyColumns {
    const columns = typeof key === 'string' ? parseGrantKey(key) : undefined;
    if (!columns) {
      throw new InvalidInputError(
        'store',
        `${JSON.stringify(key)} is not a grant key of the engine.`,
      );
    }
    if (!inScope(scope, columns)) {
      throw new InvalidInputError('store', `The ${label} refuses a key of another tenant.`);
    }
    return columns;
  }

  const columnParams = (c: KeyColumns) => [
    c.userId,
    c.workspaceId,
    c.serverId,
    c.toolName,
    c.argsHash,
  ];

  /**
   * A full read into `known`, with the deferred load it left when `defer` (its grant rows, left
   * to build: `deferredLoad`).
   */
  async function loadState(
    defer = false,
  ): Promise<{ state: StoreState; load: DeferredLoad | undefined }> {
    await listening;
    return serial(() =>
      guard('load grants', async () => {
        const load: DeferredLoad | undefined = defer
          ? {
              rows: { userId: scope.userId, columns: [], texts: [] },
              pins: new Map(),
              built: [],
              settled: new Uint8Array(0),
              next: 0,
              skipped: [],
            }
          : undefined;
        known = await readState(undefined, load);
        deferredLoad = load ?? null;
        if (load) buildInBackground(load);
        return { state: known, load };
      }),
    );
  }

  /** The engine's view of a deferred load: each row's index columns, and its grant on demand. */
  function deferredOf(load: DeferredLoad): DeferredGrants {
    return {
      columns: load.rows.columns,
      read: (index) => {
        if (deferredLoad === load) settleAt(load, index);
        return builtAt(load, index);
      },
    };
  }

  return {
    scope,
    get corruptKeys() {
      settleAll();
      return corruptKeys;
    },
    load: async () => [...(await loadState()).state.grants.values()].map((grant) => ({ ...grant })),
    async loadState(options) {
      const { state, load } = await loadState(options?.deferred === true);
      const snapshot: StoreSnapshot = snapshotOf(state);
      if (load) snapshot.deferred = deferredOf(load);
      return snapshot;
    },
    async put(grant: Grant) {
      if (!isUsableGrant(grant)) {
        throw new InvalidInputError('store', `The ${label} refuses a malformed grant.`);
      }
      const columns = keyColumns(grant.key);
      await write(
        'save a grant',
        PUT,
        [
          ...columnParams(columns),
          grant.key,
          // GRANT_COLUMNS, in order.
          grant.decision,
          grantOrder(grant),
          timeOf(grant.grantedAt),
          grant.grantedAt,
          grant.expiresAt,
          grant.grantedBy,
          grant.riskTier,
          grant.pin?.hash ?? null,
          grant.grain ?? null,
          grant.pin ? JSON.stringify(grant.pin) : null,
        ],
        { type: 'put', grant: Object.freeze({ ...grant }) },
      );
    },
    async delete(key, grant, revokedAt) {
      const columns = keyColumns(key);
      const change: StoreChange = {
        type: 'delete',
        key,
        ...(grant && { grant }),
        ...(revokedAt !== undefined && { revokedAt }),
      };
      if (revokedAt === undefined) {
        const order = grant ? grantOrder(grant) : null;
        return write('delete a grant', DELETE, [...columnParams(columns), order], change);
      }
      if (timeOf(revokedAt) === -Infinity) {
        throw new InvalidInputError(
          'store',
          `revokedAt ${JSON.stringify(revokedAt)} is not a time.`,
        );
      }
      await write(
        'revoke a grant',
        REVOKE,
        [...columnParams(columns), key, revokedAt, timeOf(revokedAt)],
        change,
      );
    },
    async clear(clearedAt) {
      if (clearedAt === undefined) {
        return write('clear grants', CLEAR, scopeParams, { type: 'clear' });
      }
      if (timeOf(clearedAt) === -Infinity) {
        throw new InvalidInputError(
          'store',
          `clearedAt ${JSON.stringify(clearedAt)} is not a time.`,
        );
      }
      await write('clear grants', CLEAR_AT, [...scopeParams, clearedAt, timeOf(clearedAt)], {
        type: 'clear',
        clearedAt,
      });
    },
    subscribe(listener) {
      if (closed) return () => {};
      listeners.add(listener);
      startListening();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void stopListeningNow();
      };
    },
    watchHealth(listener) {
      if (closed) return () => {};
      watchers.add(listener);
      if (stale) listener({ live: false, error: stale });
      return () => watchers.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      watchers.clear();
      void stopListeningNow();
    },
  };
}

/** Empties what a first read put aside (its rows are read again). */
function reset(rows: Unsplit): Unsplit {
  rows.columns.length = 0;
  rows.texts.length = 0;
  return rows;
}

/** Runs async work one at a time, in order; a failure does not stop what is queued behind. */
function serializer() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  };
}
