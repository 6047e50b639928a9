import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PermissionEngine, RequestResult } from '@mcp-consent/engine';
import { migrate, postgresGrantStore } from '@mcp-consent/postgres';
import { callOf, scriptedUser, setup, tools } from '../../engine/test/helpers.js';
import { startPostgresServer, type PostgresServer } from './postgres-server.js';

/**
 * The database server dies mid-run (an immediate shutdown of the postmaster: every connection
 * drops, as in a crash) under two host instances, and comes back. While it is down no call runs
 * without a grant or an answer: both engines stop deciding from their caches the moment their
 * LISTEN connection drops (a revoke could be missed), and ask. Once it is back they reconnect,
 * read everything again, and their caches agree with the table, changes made while they were
 * not listening included.
 */
let server: PostgresServer;
const pools: pg.Pool[] = [];
const poolErrors: Error[] = [];
/** Run in afterAll, so a failed run does not leave engines listening on ended pools. */
const cleanup: (() => void)[] = [];

beforeAll(async () => {
  // Its own server: stopping the project's shared one would break the other files.
  server = await startPostgresServer();
  const admin = pool();
  await migrate(admin);
}, 60_000);
afterAll(async () => {
  for (const done of cleanup.splice(0)) done();
  await Promise.all(pools.splice(0).map((p) => p.end().catch(() => undefined)));
  await server?.remove();
});

/**
 * A host instance's pool. node-postgres reports a dropped idle connection as an `error` event
 * of the pool, which a host must handle (unhandled, it would end the process).
 */
function pool(): pg.Pool {
  const made = new pg.Pool({ connectionString: server.url, max: 4, allowExitOnIdle: true });
  made.on('error', (error) => poolErrors.push(error));
  pools.push(made);
  return made;
}

/** Alice's grants in all her workspaces: one call of the same tool in three of them. */
const alice = { userId: 'alice' };
const granted = callOf(tools.notesPut, { userId: 'alice', workspaceId: 'ws-1' });
const revokedWhileDown = callOf(tools.notesPut, { userId: 'alice', workspaceId: 'ws-2' });
const grantedWhileDeaf = callOf(tools.notesPut, { userId: 'alice', workspaceId: 'ws-3' });

const until = (what: string, condition: () => boolean, timeout = 30_000) =>
  vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting: ${what}`);
    },
    { timeout, interval: 5 },
  );

/** Every outcome that allowed a call either came from a grant or from an allowing answer. */
function expectEarned(outcome: RequestResult, shown: number): void {
  if (!outcome.allowed) return;
  if (outcome.settledBy === 'grant') expect(shown).toBe(0);
  else expect(outcome.choice).toMatch(/^allow_/);
}

describe('the database server dies mid-run and comes back', () => {
  it('no call is allowed without a grant or an answer while it is down; afterwards the caches converge', async () => {
    const engines: PermissionEngine[] = [];
    const instance = async () => {
      const store = postgresGrantStore({ db: pool(), scope: alice, warn: () => {} });
      const { engine } = await setup({ store });
      cleanup.push(
        () => engine.dispose(),
        () => store.close(),
      );
      engines.push(engine);
      return engine;
    };
    const [a, b] = [await instance(), await instance()];
    for (const call of [granted, revokedWhileDown]) {
      await a.request(call, scriptedUser('allow_always'));
      await until('B hears the grant', () => b.lookup(call).status === 'allow');
    }

    await server.crash();
    // Both hear their LISTEN connection drop and stop trusting their caches.
    await until('both fail', () =>
      engines.every((engine) => engine.getSnapshot().status === 'failed'),
    );
    for (const engine of engines) {
      expect(engine.lookup(granted)).toMatchObject({ status: 'prompt', reason: 'store_failed' });
    }

    // Calls while it is down: each one asks; only an allowing answer lets one run.
    for (const engine of engines) {
      for (const [call, answer] of [
        [granted, 'deny_once'],
        [revokedWhileDown, 'allow_once'],
        [grantedWhileDeaf, 'allow_once'],
      ] as const) {
        const user = scriptedUser(answer);
        const outcome = await engine.request(call, user);
        expect(user.shown).toHaveLength(1);
        expectEarned(outcome, user.shown.length);
        expect(outcome.allowed).toBe(answer.startsWith('allow'));
      }
    }
    // A revoke cannot be saved while the database is down: the caller hears so.
    const grantOfRevoked = a.grants().find((grant) => grant.workspaceId === 'ws-2')!;
    await expect(a.revoke(grantOfRevoked)).rejects.toThrow();

    await server.start();
    const restarted = performance.now();
    // Right away, before the instances' LISTEN connections are back: another instance revokes
    // one grant and grants another. Neither NOTIFY can reach A or B; their resync must.
    const other = await setup({
      store: postgresGrantStore({ db: pool(), scope: alice, notifications: false }),
    });
    cleanup.push(() => other.engine.dispose());
    await other.engine.revoke(grantOfRevoked.key);
    await other.engine.request(grantedWhileDeaf, scriptedUser('allow_always'));

    await until('both ready again', () =>
      engines.every((engine) => engine.getSnapshot().status === 'ready'),
    );
    // Converged: a change made after an instance's LISTEN came back arrives by NOTIFY, a few ms
    // after the instance is ready again; one made before, by its resync.
    await until('both caches agree with the table', () =>
      engines.every(
        (engine) =>
          engine.lookup(granted).status === 'allow' &&
          engine.lookup(revokedWhileDown).status === 'prompt' &&
          engine.lookup(grantedWhileDeaf).status === 'allow',
      ),
    );
    const converged = performance.now() - restarted;
    console.log(`[postgres] both instances resynced ${converged.toFixed(0)} ms after the restart`);
    for (const engine of engines) {
      expect(engine.lookup(granted).status).toBe('allow');
      expect(engine.lookup(revokedWhileDown).status).toBe('prompt');
      expect(engine.lookup(grantedWhileDeaf).status).toBe('allow');
      const user = scriptedUser('deny_once');
      expect((await engine.request(revokedWhileDown, user)).allowed).toBe(false);
      expect(user.shown).toHaveLength(1);
    }
    // And they follow each other again: a revoke on B reaches A.
    await b.revoke(b.grants().find((grant) => grant.workspaceId === 'ws-1')!);
    await until('A hears B revoke', () => a.lookup(granted).status === 'prompt');

    expect(poolErrors.length).toBeGreaterThan(0); // the crash really dropped connections
  }, 90_000);
});
