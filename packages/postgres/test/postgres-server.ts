import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the server this project started; tests make their own databases in it. */
    postgresUrl: string;
    /**
     * A PGlite data directory (a tar file) made once for the run: a new PGlite loads it in a
     * second or two instead of running initdb in WASM again (ten seconds on a busy machine).
     */
    pgliteTemplate: string;
  }
}

/**
 * A real PostgreSQL server for the postgres project, obtained like Chromium for the browser
 * tests: Debian's `postgresql` package (installed with apt-get once when missing), started on
 * a temporary data directory and a free port, stopped and removed after the run. Without it the
 * run stops here with a message that says what to install; it never skips silently.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'mcp-consent-pg-'));
  const template = pgliteTemplatePath(root);
  // The server's initdb (a child process) and PGlite's (WASM, here) at once.
  const [server] = await Promise.all([startPostgresServer(root), makePgliteTemplate(template)]);
  project.provide('postgresUrl', server.url);
  project.provide('pgliteTemplate', template);
  return () => server.remove();
}

/** A PostgreSQL server of its own, which a test may stop (as a crash) and start again. */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the postmaster with an immediate shutdown: every connection drops, as in a crash. */
  crash(): Promise<void>;
  /** Starts it again on the same data directory and port. */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  remove(): Promise<void>;
}

/**
 * Starts a PostgreSQL server on a new data directory under `root` (a new temporary directory
 * when not given) and a free port on 127.0.0.1.
 */
export async function startPostgresServer(root?: string): Promise<PostgresServer> {
  const bin = findBin() ?? (installPostgres(), findBin());
  if (!bin) {
    throw new Error(
      'The postgres tests need a PostgreSQL server: no /usr/lib/postgresql/<version>/bin/initdb ' +
        'was found and `apt-get install -y postgresql` did not provide one. Install PostgreSQL ' +
        '(Debian/Ubuntu: apt-get install postgresql) and run the tests again.',
    );
  }
  const dir = root ?? (await mkdtemp(join(tmpdir(), 'mcp-consent-pg-')));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = async (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    await promisify(execFile)(file, argv, { encoding: 'utf8' });
  };
  const port = await freePort();
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: stop,
    start,
    async remove() {
      // Already stopped by a test that crashed it: nothing to stop.
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Where the PGlite template lives: kept in node_modules/.cache between runs (one per PGlite
 * version), else in this run's directory.
 */
function pgliteTemplatePath(root: string): string {
  try {
    const modules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
    const manifest = join(modules, '@electric-sql/pglite/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const dir = join(modules, '.cache', 'mcp-consent-postgres');
    mkdirSync(dir, { recursive: true });
    return join(dir, `pglite-${version}.tar`);
  } catch {
    return join(root, 'pglite-template.tar');
  }
}

async function makePgliteTemplate(path: string): Promise<void> {
  if (existsSync(path)) return;
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  await db.close();
  // Renamed into place, so a run killed mid-write leaves no half template for the next.
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, new Uint8Array(await dump.arrayBuffer()));
  await rename(temp, path);
}

/** The bin directory of the newest installed PostgreSQL, if any. */
function findBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(base, versions[0], 'bin');
}

function installPostgres(): void {
  try {
    execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'inherit' });
  } catch {
    // The message below says what is missing.
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
