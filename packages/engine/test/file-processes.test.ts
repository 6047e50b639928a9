import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type Grant, type StoreChange } from '@mcp-consent/engine';
import { fileStore } from '@mcp-consent/engine/file';
import { makeGrant } from './fixtures/grants.js';
import { bundleStoreProcess, StoreProcess, type Message } from './store-processes.js';

/**
 * Two terminal sessions of one user share one grant file: several real processes (bare `node`
 * running fixtures/store-process.ts) write it at once. Nothing acknowledged may be lost.
 */
let root: string;
let script: string;
let path: string;
const running: StoreProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mcp-consent-processes-'));
  script = await bundleStoreProcess(join(root, 'bin'));
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  path = join(await mkdtemp(join(root, 'case-')), 'grants.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((child) => child.kill()));
});

const start = async () => {
  const child = await StoreProcess.start(script, path);
  running.push(child);
  return child;
};
const keysIn = (grants: Grant[]) => new Set(grants.map((grant) => grant.key));
type Heard = { heard: StoreChange; at: number };
const heard = (message: Message): message is Heard => 'heard' in message;
const ack = (message: Message): message is { ack: 'put' | 'revoke'; key: string } =>
  'ack' in message;

describe('fileStore shared by several processes', () => {
  it('3 processes put 300 grants and revoke 120 at once: none lost, no revoke undone', async () => {
    const processes = await Promise.all([start(), start(), start()]);
    await Promise.all(
      processes.map((child, n) =>
        child.result({ op: 'churn', prefix: `p${n}`, puts: 100 }, 120_000),
      ),
    );
    const acks = processes.flatMap((child) => child.messages.filter(ack));
    const revoked = new Set(acks.filter((ack) => ack.ack === 'revoke').map((ack) => ack.key));
    const put = acks.filter((ack) => ack.ack === 'put').map((ack) => ack.key);
    const stored = keysIn(await fileStore(path).load());
    const lost = put.filter((key) => !revoked.has(key) && !stored.has(key));
    const undone = [...revoked].filter((key) => stored.has(key));
    console.log(
      `[file-store] 3 processes, ${put.length} grants and ${revoked.size} revokes acknowledged: ` +
        `${lost.length} grants lost, ${undone.length} revokes undone`,
    );
    expect(put).toHaveLength(300);
    expect(revoked.size).toBe(120);
    expect(lost).toEqual([]);
    expect(undone).toEqual([]);
    expect(stored.size).toBe(180);
  }, 120_000);

  it("refuses a late put of a grant given before another process's revoke or clear", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const at = (seconds: number) => `2025-06-01T10:00:${String(seconds).padStart(2, '0')}.000Z`;
    await a.result({ op: 'put', grant: makeGrant('k', { grantedAt: at(0) }) });
    await b.result({ op: 'delete', key: 'k', revokedAt: at(5) });
    // A's answer from before the revoke, arriving after it (its prompt was open meanwhile).
    await a.result({ op: 'put', grant: makeGrant('k', { grantedAt: at(3) }) });
    expect(await a.result({ op: 'load' })).toEqual([]);
    expect(await fileStore(path).load()).toEqual([]);
    // An answer given after the revoke counts.
    await a.result({ op: 'put', grant: makeGrant('k', { grantedAt: at(6) }) });
    expect(await b.result({ op: 'load' })).toEqual([makeGrant('k', { grantedAt: at(6) })]);

    await b.result({ op: 'clear', clearedAt: at(10) });
    await a.result({ op: 'put', grant: makeGrant('old', { grantedAt: at(9) }) });
    await a.result({ op: 'put', grant: makeGrant('new', { grantedAt: at(11) }) });
    expect(await fileStore(path).load()).toEqual([makeGrant('new', { grantedAt: at(11) })]);
  });

  it("a subscriber in another process hears the other's puts, revokes and clear, not its own", async () => {
    const [writer, listener] = await Promise.all([start(), start()]);
    await listener.result({ op: 'load' });
    await listener.result({ op: 'subscribe' });
    const grants = Array.from({ length: 50 }, (_, n) =>
      makeGrant(`g${n}`, { grantedAt: new Date(Date.UTC(2025, 5, 1, 10, 0, n)).toISOString() }),
    );
    for (const grant of grants) await writer.result({ op: 'put', grant });
    await listener.waitFor(
      (message) =>
        heard(message) && message.heard.type === 'put' && message.heard.grant.key === 'g49',
    );

    const delays: number[] = [];
    for (const [n, grant] of grants.entries()) {
      const revokedAt = new Date(Date.UTC(2025, 5, 2, 10, 0, n)).toISOString();
      const reply = await writer.call({ op: 'delete', key: grant.key, grant, revokedAt });
      expect(reply.ok).toBe(true);
      // A generous ceiling: the poll (every second) hears it even if no watch event came.
      const message = await listener.waitFor(
        (m): m is Heard => heard(m) && m.heard.type === 'delete' && m.heard.key === grant.key,
        10_000,
      );
      expect(message.heard).toEqual({ type: 'delete', key: grant.key, grant, revokedAt });
      delays.push(message.at - reply.at);
    }
    delays.sort((x, y) => x - y);
    console.log(
      `[file-store] cross-process revoke heard: median ${delays[25]!.toFixed(1)} ms, ` +
        `max ${delays.at(-1)!.toFixed(1)} ms (${delays.length} revokes)`,
    );

    // Its own write is not announced back; the next write of the other process is.
    const before = listener.messages.filter(heard).length;
    await listener.result({ op: 'put', grant: makeGrant('mine') });
    await writer.result({ op: 'put', grant: makeGrant('theirs') });
    await listener.waitFor(
      (m) => heard(m) && m.heard.type === 'put' && m.heard.grant.key === 'theirs',
    );
    await writer.result({ op: 'clear', clearedAt: '2025-06-03T00:00:00.000Z' });
    await listener.waitFor((m) => heard(m) && m.heard.type === 'clear');
    const after = listener.messages.filter(heard).slice(before);
    expect(after.map((m) => m.heard)).toEqual([
      { type: 'put', grant: makeGrant('theirs') },
      { type: 'clear', clearedAt: '2025-06-03T00:00:00.000Z' },
    ]);
  }, 60_000);

  it('a process killed with SIGKILL while holding the lock does not block the next writer', async () => {
    const holder = await start();
    await holder.result({ op: 'hold-lock' });
    const error = await fileStore(path, { lockTimeoutMs: 300 })
      .put(makeGrant('a'))
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toMatch(/another process holds the lock/i);

    expect(await holder.kill('SIGKILL')).toBe('SIGKILL');
    const store = fileStore(path, { lockTimeoutMs: 5_000 });
    await store.put(makeGrant('a'));
    expect(await store.load()).toEqual([makeGrant('a')]);
  });
});
