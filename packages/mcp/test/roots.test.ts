import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createManualClock, createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import { createConsentPresenter } from '@mcp-consent/prompt';
import {
  guardClient,
  memoryRootsMemory,
  type GuardedClient,
  type GuardEvent,
  type Root,
  type RootsOptions,
  type RootsPickRequest,
} from '../src/index.js';
import { createRootsServer, rootsServerCommand } from './fixtures/roots-server.js';
import { SERVER, textOf } from './harness.js';

/**
 * Roots (issue 18), over the real SDK client and server, in memory and over stdio: the server's
 * `roots/list` gets only the roots the user picked; the choice is remembered per server; changes
 * are announced with `notifications/roots/list_changed`.
 */
const KINDS = ['memory', 'stdio'] as const;
type Kind = (typeof KINDS)[number];

const PROJECT = { uri: 'file:///home/ana/project', name: 'Project' };
const NOTES = { uri: 'file:///home/ana/notes', name: 'Notes' };
const SECRET = { uri: 'file:///home/ana/secret', name: 'Secret' };

interface Connection {
  guarded: GuardedClient;
  raw: Client;
  events: GuardEvent[];
  close(): Promise<void>;
}
let open: Connection | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function connect(kind: Kind, roots?: RootsOptions): Promise<Connection> {
  const events: GuardEvent[] = [];
  const engine = createPermissionEngine({ store: memoryStore() });
  await engine.ready;
  const raw = new Client({ name: 'roots-test-host', version: '0' });
  const guarded = guardClient(raw, {
    engine,
    server: SERVER,
    userId: 'u',
    workspaceId: 'w',
    // The tool calls are not what these tests are about: the user allows each one.
    prompt: async () => 'allow_once' as const,
    onWarning: () => {},
    onEvent: (event) => void events.push(event),
    ...(roots ? { roots } : {}),
  });
  let transport: Transport;
  let stop = async () => {};
  if (kind === 'memory') {
    const server = createRootsServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    transport = clientSide;
    stop = () => server.close();
  } else {
    transport = new StdioClientTransport({ ...rootsServerCommand(), stderr: 'pipe' });
  }
  await guarded.connect(transport);
  open = {
    guarded,
    raw,
    events,
    async close() {
      await guarded.close();
      await stop();
    },
  };
  return open;
}

/** What the server saw when it asked for the roots (through the gated tool call). */
async function serverSees(connection: Connection): Promise<Root[]> {
  const result = await connection.guarded.callTool({ name: 'list_roots', arguments: {} });
  expect(result.isError, textOf(result)).toBeFalsy();
  return JSON.parse(textOf(result)) as Root[];
}

async function changesSeen(connection: Connection): Promise<number> {
  const result = await connection.raw.callTool({ name: 'roots_changes', arguments: {} });
  return Number(textOf(result));
}

/** A user who picks from a script and records what they were shown. */
function user(...picks: Array<{ uris: string[]; grain?: 'server' | 'once' }>) {
  const shown: RootsPickRequest[] = [];
  return {
    shown,
    pickRoots: (request: RootsPickRequest) => {
      shown.push(request);
      const next = picks.shift();
      if (!next) throw new Error('unexpected roots prompt');
      return next;
    },
  };
}

describe.each(KINDS)('roots over %s', (kind) => {
  it('the server gets only the roots the user picked, and the second ask is answered from memory', async () => {
    const human = user({ uris: [NOTES.uri, 'file:///etc'] });
    const connection = await connect(kind, {
      list: () => [PROJECT, NOTES, SECRET],
      pickRoots: human.pickRoots,
    });
    expect(await serverSees(connection)).toEqual([NOTES]);
    // Who asks is the server as the host configured it, and the choice is among the host's roots.
    expect(human.shown).toHaveLength(1);
    expect(human.shown[0]).toMatchObject({ server: SERVER, roots: [PROJECT, NOTES, SECRET] });

    expect(await serverSees(connection)).toEqual([NOTES]);
    expect(human.shown).toHaveLength(1);
    expect(connection.events.filter((event) => event.type === 'roots')).toEqual([
      { type: 'roots', serverId: SERVER.id, shared: 1, via: 'renderer' },
      { type: 'roots', serverId: SERVER.id, shared: 1, via: 'remembered' },
    ]);
  });

  it('two roots/list at once: the user is asked once, the second gets the remembered choice', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const shown: RootsPickRequest[] = [];
    const connection = await connect(kind, {
      list: () => [PROJECT, NOTES],
      pickRoots: async (request) => {
        shown.push(request);
        await answered;
        return { uris: [NOTES.uri] };
      },
    });
    const both = Promise.all([serverSees(connection), serverSees(connection)]);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    answer();
    expect(await both).toEqual([[NOTES], [NOTES]]);
    expect(shown).toHaveLength(1);
  });

  it('Share none sends an empty list; "only this time" asks again next time', async () => {
    const human = user({ uris: [], grain: 'once' }, { uris: [PROJECT.uri], grain: 'once' });
    const connection = await connect(kind, { list: () => [PROJECT, NOTES], ...human });
    expect(await serverSees(connection)).toEqual([]);
    expect(await serverSees(connection)).toEqual([PROJECT]);
    expect(human.shown).toHaveLength(2);
  });

  it('a root the host adds is announced but not shared until the user picks it', async () => {
    const host: Root[] = [PROJECT, NOTES];
    let announce = () => {};
    const memory = memoryRootsMemory();
    const human = user({ uris: [PROJECT.uri] }, { uris: [PROJECT.uri, SECRET.uri] });
    const connection = await connect(kind, {
      list: () => host,
      memory,
      onChange: (callback) => (announce = callback),
      ...human,
    });
    expect(await serverSees(connection)).toEqual([PROJECT]);
    // Remembering the user's own answer is not announced: the server has just been told.
    expect(await changesSeen(connection)).toBe(0);

    host.push(SECRET);
    announce();
    await vi.waitFor(async () => expect(await changesSeen(connection)).toBe(1));
    expect(await serverSees(connection)).toEqual([PROJECT]);
    expect(human.shown).toHaveLength(1);

    // The host forgets the choice (a settings page): announced, and the next ask asks again.
    await memory.delete(SERVER.id);
    await vi.waitFor(async () => expect(await changesSeen(connection)).toBe(2));
    expect(await serverSees(connection)).toEqual([PROJECT, SECRET]);
    expect(human.shown[1]!.roots).toEqual([PROJECT, NOTES, SECRET]);
  });

  it('a remembered root the host no longer has is not sent', async () => {
    const host: Root[] = [PROJECT, NOTES];
    const connection = await connect(kind, {
      list: () => host,
      ...user({ uris: [PROJECT.uri, NOTES.uri] }),
    });
    expect(await serverSees(connection)).toEqual([PROJECT, NOTES]);
    host.splice(0, 1);
    expect(await serverSees(connection)).toEqual([NOTES]);
  });

  it('without the roots option the client declares no roots capability', async () => {
    const declared = async (connection: Connection) =>
      JSON.parse(
        textOf(await connection.raw.callTool({ name: 'client_capabilities', arguments: {} })),
      ) as Record<string, unknown>;
    let connection = await connect(kind);
    expect((await declared(connection)).roots).toBeUndefined();
    await connection.close();
    connection = open = await connect(kind, { list: () => [PROJECT] });
    expect((await declared(connection)).roots).toEqual({ listChanged: true });
  });
});

describe('roots, failing closed (in memory)', () => {
  it('no renderer, a renderer that throws, or a host list that fails: the server gets nothing', async () => {
    let failList = false;
    let connection = await connect('memory', {
      list: () => {
        if (failList) throw new Error('disk gone');
        return [PROJECT];
      },
    });
    expect(await serverSees(connection)).toEqual([]);
    failList = true;
    expect(await serverSees(connection)).toEqual([]);
    expect(connection.events.filter((event) => event.type === 'roots')).toEqual([
      { type: 'roots', serverId: SERVER.id, shared: 0, via: 'policy' },
      { type: 'roots', serverId: SERVER.id, shared: 0, via: 'error' },
    ]);
    await connection.close();

    connection = open = await connect('memory', {
      list: () => [PROJECT],
      pickRoots: () => {
        throw new Error('renderer crashed');
      },
    });
    expect(await serverSees(connection)).toEqual([]);
  });

  it('plugs into the consent presenter: the user ticks a root in the model', async () => {
    const clock = createManualClock();
    const presenter = createConsentPresenter({ clock, guardMs: 0 });
    const connection = await connect('memory', {
      list: () => [PROJECT, NOTES],
      pickRoots: presenter.roots,
    });
    const seen = serverSees(connection);
    await vi.waitFor(() => expect(presenter.getSnapshot().current?.kind).toBe('roots'));
    const item = presenter.getSnapshot().current!;
    if (item.kind !== 'roots') throw new Error('not a roots request');
    expect(item.model.connect().server.name).toBe(SERVER.name);
    item.model.connect().toggle(1);
    item.model.connect().choose('share');
    expect(await seen).toEqual([NOTES]);
    // Remembered for this server (the default grain): no second prompt.
    expect(await serverSees(connection)).toEqual([NOTES]);
    expect(presenter.getSnapshot().settled).toHaveLength(1);
  });
});
