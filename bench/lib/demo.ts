/**
 * The demo server and an engine that already allows one of its tools, as the guarded-client
 * figure and `profile/in-context.ts` use them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  createPermissionEngine,
  freezeDefinition,
  memoryAuditSink,
  memoryStore,
  type PermissionEngine,
  type ToolCall,
} from '@mcp-consent/engine';
import { nowNs } from './stats.js';

/** A read-only, closed-world tool of the demo server: allow always is permitted for it. */
export const DEMO_TOOL = 'notes_list';

/** The host's server as the engine is told it (one object: the engine resolves it once). */
export const DEMO_SERVER = { id: 'demo', trusted: true };

/** The SDK's options for a call that asks for progress, as the guard sends every call. */
export const PROGRESS_OPTIONS = { onprogress: () => undefined, resetTimeoutOnProgress: true };

const demoHttpEntry = fileURLToPath(new URL('../../apps/demo-server/src/http.ts', import.meta.url));

/**
 * The demo server's Streamable HTTP entry point in a child process, so the
 * server's work does not share the clients' event loop.
 */
export async function startDemoHttpServer(): Promise<{ url: URL; close(): Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, demoHttpEntry, '--port', '0'], {
    env: { ...process.env, MCP_DRY_RUN: 'false', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(new URL(match[1]!));
    });
    child.once('exit', (code) =>
      reject(new Error(`the demo HTTP server exited (${code}): ${out}`)),
    );
  });
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * An engine holding an allow-always grant for `listed` (frozen once, as the guard's catalog
 * hands definitions to the engine), and a maker of the call it then decides from the grant.
 */
export async function engineWithGrant(
  listed: Tool,
): Promise<{ engine: PermissionEngine; call: () => ToolCall }> {
  const tool = freezeDefinition(listed);
  const call = (): ToolCall => ({
    userId: 'bench-user',
    workspaceId: 'bench',
    server: DEMO_SERVER,
    tool,
    args: {},
  });
  const engine = createPermissionEngine({ store: memoryStore(), audit: memoryAuditSink() });
  await engine.request(call(), { prompt: () => 'allow_always' });
  return { engine, call };
}

/**
 * Runs `turns` turns of one sequential call per side, the order rotating every turn: every side
 * sees the same machine at millisecond granularity and goes first as often as the others, so
 * load from other processes cancels out. Returns each side's calls per second.
 */
export async function inTurns(
  sides: readonly { call(): Promise<unknown> }[],
  turns: number,
): Promise<number[]> {
  const times = sides.map(() => 0);
  for (let turn = 0; turn < turns; turn += 1) {
    for (let k = 0; k < sides.length; k += 1) {
      const index = (turn + k) % sides.length;
      const start = nowNs();
      await sides[index]!.call();
      times[index]! += nowNs() - start;
    }
  }
  return times.map((time) => turns / (time / 1e9));
}

/**
 * The mean time of `step`'s synchronous part, µs, over `runs` runs after as many to warm it
 * up; what it returns is awaited after the timer stops.
 */
export async function hotSyncUs(step: () => unknown, runs = 20_000): Promise<number> {
  let total = 0;
  for (let i = 0; i < 2 * runs; i += 1) {
    const start = nowNs();
    const value = step();
    if (i >= runs) total += nowNs() - start;
    await value;
  }
  return total / runs / 1000;
}
