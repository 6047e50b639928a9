import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoreChange } from '@mcp-consent/engine';
import type { LockKind } from '../src/file/file-lock.js';
import { bundleFixture } from './fixtures/bundle.js';
import type { Command } from './fixtures/store-process.js';

/**
 * Real processes sharing one grant file (fixtures/store-process.ts), for the multi-process tests.
 *
 * FILE_STORE_UNDER_TEST=<path of a file-store.ts> bundles the processes with that store instead
 * of the current one, to measure an older version with the same test, e.g. the store before the
 * lock:
 *   git show 7e72ccc:packages/engine/src/file/file-store.ts \
 *     | sed "s#'\.\./#'$PWD/packages/engine/src/#" > /tmp/old-file-store.ts
 *   FILE_STORE_UNDER_TEST=/tmp/old-file-store.ts npx vitest run --project engine test/file-processes.test.ts
 */
const fixture = fileURLToPath(new URL('./fixtures/store-process.ts', import.meta.url));

/** Bundles the fixture and the store source into one ESM file, so each process is a bare `node`. */
export async function bundleStoreProcess(outDir: string): Promise<string> {
  const storeUnderTest = process.env.FILE_STORE_UNDER_TEST;
  const alias = storeUnderTest
    ? [{ find: /^@mcp-consent\/engine\/file$/, replacement: resolvePath(storeUnderTest) }]
    : [];
  return bundleFixture(fixture, outDir, 'store-process', alias);
}

export interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: { name: string; message: string };
  at: number;
}
export type Message =
  | Reply
  | { ready: true }
  | { heard: StoreChange; at: number }
  | { ack: 'put' | 'revoke'; key: string };

/** One running store process. */
export class StoreProcess {
  /** Every line the process printed, parsed, in order. */
  readonly messages: Message[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiters = new Set<() => void>();
  private nextId = 0;
  private stderr = '';
  readonly exited: Promise<NodeJS.Signals | null>;

  private constructor(script: string, path: string, kind?: LockKind) {
    this.child = spawn(process.execPath, [script, path, ...(kind ? [kind] : [])]);
    let partial = '';
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.messages.push(JSON.parse(line) as Message);
      for (const wake of [...this.waiters]) wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) =>
      this.child.on('close', (_code, signal) => resolve(signal)),
    );
  }

  static async start(script: string, path: string, kind?: LockKind): Promise<StoreProcess> {
    const started = new StoreProcess(script, path, kind);
    await started.waitFor((message) => 'ready' in message);
    return started;
  }

  /** Resolves with the first message (from the start) that matches; rejects after `timeoutMs`. */
  waitFor<M extends Message>(
    match: (message: Message) => message is M,
    timeoutMs?: number,
  ): Promise<M>;
  waitFor(match: (message: Message) => boolean, timeoutMs?: number): Promise<Message>;
  waitFor(match: (message: Message) => boolean, timeoutMs = 15_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return false;
        done();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching message within ${timeoutMs} ms; stderr:\n${this.stderr}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = () => void check();
      if (!check()) this.waiters.add(wake);
    });
  }

  /** Sends a command and resolves with its reply (failed operations resolve with ok: false). */
  async call(command: Command, timeoutMs?: number): Promise<Reply> {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
    return this.waitFor(
      (message): message is Reply => 'id' in message && message.id === id,
      timeoutMs,
    );
  }

  /** The reply's result; throws when the operation failed. */
  async result<T = unknown>(command: Command, timeoutMs?: number): Promise<T> {
    const reply = await this.call(command, timeoutMs);
    if (!reply.ok) throw new Error(`${command.op} failed: ${reply.error?.message}`);
    return reply.result as T;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<NodeJS.Signals | null> {
    this.child.kill(signal);
    return this.exited;
  }

  /** Lets the process end on its own (its stdin closes). */
  end(): Promise<NodeJS.Signals | null> {
    this.child.stdin.end();
    return this.exited;
  }
}
