import { isPglite } from './db.js';
import { CHANNEL } from './schema.js';

/** What a store hears on the channel: payloads, and that it may have missed some (resync). */
export interface NotificationListener {
  payload(text: string): void;
  /** The connection was lost and is back: anything may have changed meanwhile. */
  reconnected(): void;
  /**
   * The connection is lost (or could not be made): notifications sent from now on are missed
   * until `reconnected`. Told at once to a listener that joins while it is down. Optional.
   */
  lost?(error: Error): void;
}

/**
 * Where notifications come from. `listen` resolves once the database will deliver every
 * notification committed from then on, with the function that stops listening.
 */
export interface Notifications {
  listen(listener: NotificationListener): Promise<() => Promise<void>>;
}

/** A PGlite instance: LISTEN and NOTIFY work inside it, between all its users. */
interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** A node-postgres pool: LISTEN needs a connection of its own, held while anyone listens. */
interface PoolLike {
  connect(): Promise<PoolClientLike>;
}
interface PoolClientLike {
  query(text: string): Promise<unknown>;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  removeAllListeners(event?: string): unknown;
  release(destroy?: boolean | Error): void;
}

export interface PgNotificationsOptions {
  /**
   * How long to wait before connecting again after the LISTEN connection was lost, doubling
   * up to 30 s while the database stays down.
   * @default 200
   */
  reconnectDelayMs?: number;
  /** Told when the LISTEN connection fails (it is retried). @default console.warn */
  onError?: (error: unknown) => void;
}

const hubs = new WeakMap<object, Notifications>();

/**
 * The notifications of a database handle, shared by every store on it: one LISTEN connection
 * per pool however many users' stores listen. PGlite instances and node-postgres pools are
 * recognized; anything else has none (its stores do not hear other writers).
 */
export function notificationsOf(
  db: object,
  options: PgNotificationsOptions = {},
): Notifications | undefined {
  const known = hubs.get(db);
  if (known) return known;
  const handle = db as Partial<PgliteLike & PoolLike>;
  let made: Notifications | undefined;
  if (isPglite(handle)) made = pgliteNotifications(handle as PgliteLike);
  // A pool (it counts its clients); a single pg.Client's connect() would connect it instead.
  else if (typeof handle.connect === 'function' && 'totalCount' in handle)
    made = pgNotifications(handle as PoolLike, options);
  if (made) hubs.set(db, made);
  return made;
}

/** Fans one source of payloads out to every listener, starting it for the first and stopping it after the last. */
function fanOut(start: (hub: NotificationListener) => Promise<() => Promise<void>>): Notifications {
  const listeners = new Set<NotificationListener>();
  let running: Promise<() => Promise<void>> | undefined;
  /** Set while the source is down. */
  let down: Error | undefined;
  const hub: NotificationListener = {
    payload: (text) => listeners.forEach((listener) => listener.payload(text)),
    reconnected: () => {
      down = undefined;
      listeners.forEach((listener) => listener.reconnected());
    },
    lost: (error) => {
      down = error;
      listeners.forEach((listener) => listener.lost?.(error));
    },
  };
  return {
    async listen(listener) {
      listeners.add(listener);
      running ??= start(hub);
      try {
        await running;
      } catch (error) {
        listeners.delete(listener);
        if (listeners.size === 0) running = undefined;
        throw error;
      }
      if (down && listeners.has(listener)) listener.lost?.(down);
      return async () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        const stop = running;
        running = undefined;
        down = undefined;
        await (
          await stop
        )?.();
      };
    },
  };
}

export function pgliteNotifications(db: PgliteLike): Notifications {
  return fanOut((hub) => db.listen(CHANNEL, (payload) => hub.payload(payload)));
}

/**
 * LISTEN on a dedicated connection of a node-postgres pool. When it is lost (the server
 * restarted, the network dropped) it connects again with a growing delay, LISTENs again, and
 * tells every listener to resync, since notifications sent meanwhile are gone.
 */
export function pgNotifications(
  pool: PoolLike,
  options: PgNotificationsOptions = {},
): Notifications {
  const baseDelay = options.reconnectDelayMs ?? 200;
  const onError =
    options.onError ??
    ((error: unknown) => console.warn('[mcp-consent] PostgreSQL LISTEN connection failed', error));
  return fanOut(async (hub) => {
    let client: PoolClientLike | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = async (): Promise<void> => {
      const next = await pool.connect();
      next.on('notification', (message) => {
        if (message.channel === CHANNEL) hub.payload(message.payload ?? '');
      });
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = undefined;
        next.removeAllListeners('notification');
        next.release(error ?? true);
        if (!stopped) {
          const reason = error ?? new Error('the LISTEN connection ended');
          hub.lost?.(reason);
          onError(reason);
          retry(baseDelay);
        }
      };
      next.on('error', lost);
      next.on('end', lost);
      try {
        await next.query(`LISTEN ${CHANNEL}`);
      } catch (error) {
        next.removeAllListeners();
        next.release(true);
        throw error;
      }
      client = next;
    };

    const retry = (delay: number) => {
      // A pool that is being ended takes no new connections: nobody is left to listen for.
      if (stopped || (pool as { ending?: boolean }).ending) return;
      timer = setTimeout(() => {
        connect().then(
          () => {
            if (stopped) void stop();
            else hub.reconnected();
          },
          (error: unknown) => {
            onError(error);
            retry(Math.min(delay * 2, 30_000));
          },
        );
      }, delay);
      // A retry alone does not keep the process running.
      (timer as { unref?: () => void }).unref?.();
    };

    const stop = async () => {
      stopped = true;
      clearTimeout(timer);
      const held = client;
      client = undefined;
      if (!held) return;
      held.removeAllListeners();
      held.on('error', () => {});
      await held.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      held.release();
    };

    // A database down at start: keep trying; listeners resync once it is back.
    await connect().catch((error: unknown) => {
      hub.lost?.(error instanceof Error ? error : new Error(String(error)));
      onError(error);
      retry(baseDelay);
    });
    return stop;
  });
}
