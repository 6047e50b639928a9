import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPermissionEngine,
  memoryAuditSink,
  memoryStore,
  systemClock,
  type Grant,
  type GrantStore,
  type PermissionEngine,
  type PromptAnswer,
  type PromptRequest,
  type RequestResult,
  type ToolCall,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { fileStore } from '@mcp-consent/engine/file';
import { guardClient } from '@mcp-consent/mcp';
import { createDemoServer } from '@mcp-consent/demo-server';
import { report } from './support.js';

/**
 * Faults (issue 10): every one ends in a prompt or a denial — never an allow the user did not
 * give — and the request settles exactly once (one promise settlement, one audit decision).
 * Where a grant would allow the call, one is stored before the fault, so "asked again" is
 * observable: a failing store must not let a stale cache decide.
 */

const tool: ToolDefinition = {
  name: 'notes_put',
  description: 'Create or replace a note',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};
const call: ToolCall = {
  userId: 'alice',
  workspaceId: 'ws',
  server: { id: 'notes', name: 'Notes' },
  tool,
  args: { id: 'a' },
};
const never = <T>() => new Promise<T>(() => {});

interface Outcome {
  name: string;
  prompted: boolean;
  allowed: boolean;
  silentAllow: boolean;
  settled: number;
  audited: number;
}
const outcomes: Outcome[] = [];

/** An allow-always grant for `call`, made by a real engine. */
async function realGrant(): Promise<Grant> {
  const store = memoryStore();
  const engine = createPermissionEngine({ store });
  await engine.ready;
  await engine.request(call, { prompt: () => 'allow_always' });
  await new Promise((resolve) => setImmediate(resolve));
  const [grant] = await store.load();
  expect(grant?.decision).toBe('allow');
  return grant!;
}

/** A store whose methods misbehave as told; the rest delegates to a memory store. */
function faultyStore(
  initial: Grant[],
  faults: {
    load?: () => Promise<Grant[]>;
    put?: () => Promise<void>;
    delete?: () => Promise<void>;
  },
): GrantStore {
  const inner = memoryStore(initial);
  return {
    load: faults.load ?? (() => inner.load()),
    put: faults.put ?? ((grant) => inner.put(grant)),
    delete: faults.delete ?? ((key) => inner.delete(key)),
    clear: () => inner.clear(),
  };
}

/**
 * Runs one request through a fresh engine and records what the user would notice: asked or not,
 * allowed or not, how often the promise settled, how many decisions were audited.
 */
async function run(
  name: string,
  engine: PermissionEngine,
  audit: ReturnType<typeof memoryAuditSink>,
  answer: (request: PromptRequest) => PromptAnswer | Promise<PromptAnswer> = () => 'deny_once',
  options: { signal?: AbortSignal; timeoutMs?: number; during?: () => void } = {},
): Promise<RequestResult> {
  let prompted = false;
  let settled = 0;
  const before = audit.events().length;
  const pending = engine.request(call, {
    prompt: (request) => {
      prompted = true;
      options.during?.();
      return answer(request);
    },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  pending.then(
    () => (settled += 1),
    () => (settled += 1),
  );
  const result = await pending;
  // Give a second settlement (a late answer, a late timer) every chance to show up.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const audited = audit.events().length - before;
  outcomes.push({
    name,
    prompted,
    allowed: result.allowed,
    silentAllow: result.allowed && !prompted,
    settled,
    audited,
  });
  expect(settled).toBe(1);
  expect(audited).toBe(1);
  return result;
}

function engineOn(
  store: GrantStore,
  extra: Parameters<typeof createPermissionEngine>[0] = { store },
) {
  const audit = memoryAuditSink();
  const engine = createPermissionEngine({
    clock: systemClock,
    readyWaitMs: 30,
    ...extra,
    store,
    audit,
  });
  return { engine, audit };
}

const quota = () =>
  Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
const boom = () => Promise.reject(new Error('disk on fire'));

describe('faults end in a prompt or a denial, and settle once', () => {
  afterAll(() => {
    const allows = outcomes.filter((o) => o.silentAllow).length;
    const once = outcomes.filter((o) => o.settled === 1 && o.audited === 1).length;
    const prompted = outcomes.filter((o) => o.prompted).length;
    report(
      `faults: ${outcomes.length} scenarios, ${prompted} asked the user, ${allows} allows without an answer, ` +
        `${outcomes.filter((o) => o.allowed).length} allows in total (each one answered allow), ${once} settled once`,
    );
  });

  for (const [label, load] of [
    ['throws', boom],
    ['hangs', never<Grant[]>],
    ['hits quota', quota],
  ] as const) {
    it(`store load ${label}: a stored allow grant is not trusted; the user is asked`, async () => {
      const { engine, audit } = engineOn(faultyStore([await realGrant()], { load }));
      const result = await run(`load ${label}`, engine, audit);
      expect(result.allowed).toBe(false);
      expect(outcomes.at(-1)!.prompted).toBe(true);
    });
  }

  for (const [label, put] of [
    ['throws', boom],
    ['hits quota', quota],
  ] as const) {
    it(`store write ${label}: the answered call is the user's, the next one asks again`, async () => {
      const { engine, audit } = engineOn(faultyStore([], { put }));
      await engine.ready;
      const first = await run(
        `put ${label} (answered allow always)`,
        engine,
        audit,
        () => 'allow_always',
      );
      expect(first.allowed).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(engine.getSnapshot().status).toBe('failed');
      const second = await run(`after put ${label}`, engine, audit);
      expect(outcomes.at(-1)!.prompted).toBe(true);
      expect(second.allowed).toBe(false);
    });
  }

  it('store write hangs: the answer does not wait for the store', async () => {
    const { engine, audit } = engineOn(faultyStore([], { put: never }));
    await engine.ready;
    const result = await run('put hangs (answered allow once)', engine, audit, () => 'allow_once');
    expect(result.allowed).toBe(true);
  });

  for (const [label, del] of [
    ['throws', boom],
    ['hangs', never<void>],
  ] as const) {
    it(`store delete ${label}: a revoked grant no longer allows`, async () => {
      const { engine, audit } = engineOn(faultyStore([await realGrant()], { delete: del }));
      await engine.ready;
      const revoking = engine.revoke(engine.grants()[0]!);
      revoking.catch(() => {});
      const result = await run(`delete ${label}`, engine, audit);
      expect(outcomes.at(-1)!.prompted).toBe(true);
      expect(result.allowed).toBe(false);
    });
  }

  it('a corrupt entry from the store (malformed expiry, decision and pin) never allows', async () => {
    const grant = await realGrant();
    const corrupt = [
      { ...grant, expiresAt: 'not a date' },
      { ...grant, key: `${grant.key}x`, decision: 'ALLOW' },
      { ...grant, key: `${grant.key}y`, pin: 'garbage' },
      { key: 42 },
      null,
    ] as unknown as Grant[];
    const { engine, audit } = engineOn(faultyStore([], { load: async () => corrupt }));
    await engine.ready.catch(() => {});
    const result = await run('corrupt memory entry', engine, audit);
    expect(result.allowed).toBe(false);
  });

  it('a corrupt grants file is moved aside; the user is asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hardening-corrupt-'));
    try {
      const path = join(dir, 'grants.json');
      await writeFile(path, '{"version":1,"grants":[{"key":"mcp_permission:alice');
      const { engine, audit } = engineOn(fileStore(path));
      await engine.ready.catch(() => {});
      const result = await run('corrupt grants file', engine, audit);
      expect(outcomes.at(-1)!.prompted).toBe(true);
      expect(result.allowed).toBe(false);
      expect((await readdir(dir)).some((name) => name.includes('.corrupt-'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the renderer throws: denied', async () => {
    const { engine, audit } = engineOn(memoryStore());
    await engine.ready;
    const result = await run('renderer throws', engine, audit, () => {
      throw new Error('render failed');
    });
    expect(result.allowed).toBe(false);
    expect(result.error).toBeInstanceOf(Error);
  });

  it('the renderer answers nonsense: denied', async () => {
    const { engine, audit } = engineOn(memoryStore());
    await engine.ready;
    const result = await run(
      'renderer answers nonsense',
      engine,
      audit,
      () => 'yes please' as never,
    );
    expect(result.allowed).toBe(false);
  });

  it('the renderer never answers: the timeout denies, a late answer changes nothing', async () => {
    const { engine, audit } = engineOn(memoryStore());
    await engine.ready;
    let late: (answer: PromptAnswer) => void = () => {};
    const result = await run(
      'renderer never answers (timeout)',
      engine,
      audit,
      () => new Promise<PromptAnswer>((resolve) => (late = resolve)),
      { timeoutMs: 50 },
    );
    late('allow_always');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result).toMatchObject({ allowed: false, settledBy: 'timeout' });
    expect(engine.grants()).toEqual([]);
  });

  it('the tab closes mid-prompt (AbortSignal): denied', async () => {
    const { engine, audit } = engineOn(memoryStore());
    await engine.ready;
    const tab = new AbortController();
    const result = await run('tab closes (abort)', engine, audit, () => never(), {
      signal: tab.signal,
      during: () => queueMicrotask(() => tab.abort()),
    });
    expect(result).toMatchObject({ allowed: false, settledBy: 'abort' });
  });

  it('the engine is disposed mid-prompt (page unload): denied', async () => {
    const { engine, audit } = engineOn(memoryStore());
    await engine.ready;
    const result = await run('engine disposed', engine, audit, () => never(), {
      during: () => queueMicrotask(() => engine.dispose()),
    });
    expect(result.allowed).toBe(false);
  });

  describe('through the MCP binding (real SDK, demo server, in-memory transport)', () => {
    async function connect(options: {
      store?: GrantStore;
      prompt: (request: PromptRequest) => PromptAnswer | Promise<PromptAnswer>;
      elicit?: Parameters<typeof guardClient>[1]['elicit'];
    }) {
      const demo = createDemoServer({ dryRun: true });
      demo.state.notes.set('keep', 'important');
      const audit = memoryAuditSink();
      const engine = createPermissionEngine({
        store: options.store ?? memoryStore(),
        audit,
        readyWaitMs: 30,
      });
      await engine.ready.catch(() => {});
      const client = guardClient(new Client({ name: 'hardening', version: '0' }), {
        engine,
        server: { id: 'demo', name: 'Demo' },
        userId: 'alice',
        workspaceId: 'ws',
        prompt: options.prompt,
        onWarning: () => {},
        ...(options.elicit ? { elicit: options.elicit } : {}),
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await demo.server.connect(serverSide);
      await client.connect(clientSide);
      await client.catalog.refresh();
      return { client, demo, audit, serverSide, clientSide };
    }

    it('the renderer throws: the server is never contacted', async () => {
      const { client, demo, audit } = await connect({
        prompt: () => {
          throw new Error('render failed');
        },
      });
      let settled = 0;
      const result = (await client
        .callTool({ name: 'notes_delete', arguments: { id: 'keep' } })
        .finally(() => (settled += 1))) as CallToolResult;
      await new Promise((resolve) => setTimeout(resolve, 20));
      outcomes.push({
        name: 'mcp renderer throws',
        prompted: true,
        allowed: result.isError !== true,
        silentAllow: false,
        settled,
        audited: audit.events().length,
      });
      expect(result.isError).toBe(true);
      expect(settled).toBe(1);
      expect(audit.events()).toHaveLength(1);
      expect(demo.state.calls.notes_delete ?? 0).toBe(0);
      expect(demo.state.notes.get('keep')).toBe('important');
      await client.close();
    });

    it('the store fails to load: a stored allow-always grant is not used, the user is asked', async () => {
      const grant = await realGrant();
      let prompted = 0;
      const { client, demo, audit } = await connect({
        store: faultyStore([{ ...grant, serverId: 'demo', toolName: 'notes_put' }], { load: boom }),
        prompt: () => (prompted++, 'deny_once'),
      });
      const result = (await client.callTool({
        name: 'notes_put',
        arguments: { id: 'keep', text: 'overwritten' },
      })) as CallToolResult;
      outcomes.push({
        name: 'mcp store load throws',
        prompted: prompted === 1,
        allowed: result.isError !== true,
        silentAllow: result.isError !== true && prompted === 0,
        settled: 1,
        audited: audit.events().length,
      });
      expect(prompted).toBe(1);
      expect(result.isError).toBe(true);
      expect(demo.state.notes.get('keep')).toBe('important');
      await client.close();
    });

    it('the server disconnects mid-elicitation: the form is closed, nothing is deleted', async () => {
      let elicitSignal: AbortSignal | undefined;
      let elicitOpened!: () => void;
      const opened = new Promise<void>((resolve) => (elicitOpened = resolve));
      const { client, demo, audit, serverSide } = await connect({
        prompt: () => 'allow_once',
        elicit: (request) => {
          elicitSignal = request.signal;
          elicitOpened();
          return never();
        },
      });
      let settled = 0;
      const calling = client
        .callTool({ name: 'notes_delete', arguments: { id: 'keep' } })
        .then(
          (result) => ({ ok: true as const, result: result as CallToolResult }),
          (error: unknown) => ({ ok: false as const, error }),
        )
        .finally(() => (settled += 1));
      await opened;
      await serverSide.close(); // the server goes away while the user reads the form
      const outcome = await calling;
      await new Promise((resolve) => setTimeout(resolve, 20));
      outcomes.push({
        name: 'server disconnects mid-elicitation',
        prompted: true,
        allowed: false,
        silentAllow: false,
        settled,
        audited: audit.events().length,
      });
      // The call was allowed once by the user; the deletion itself needed the form, which never came.
      expect(outcome.ok ? outcome.result.isError : true).toBe(true);
      expect(settled).toBe(1);
      expect(elicitSignal?.aborted).toBe(true);
      expect(demo.state.notes.get('keep')).toBe('important');
      expect(demo.state.elicitations.filter((e) => e.action === 'accept')).toEqual([]);
    });
  });
});
