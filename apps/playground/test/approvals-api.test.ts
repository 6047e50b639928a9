/**
 * The playground server's sign-in and approval queue API on PGlite, over real HTTP: who may
 * sign in, what a forged cookie or a request from another origin gets, and the queue's answers
 * (exactly once, per user, only the answers offered). Bad input is refused and stores nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaygroundServer, type PlaygroundServer } from '../src/server/playground-server.js';

let webRoot: string;
let db: PGlite;
let server: PlaygroundServer;
let origin: string;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'mcp-consent-playground-api-'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>page</title>');
  await writeFile(join(webRoot, 'approvals.html'), '<!doctype html><title>approvals</title>');
  db = await PGlite.create();
  server = await startPlaygroundServer({ webRoot, port: 0, database: db });
  origin = server.url.origin;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await rm(webRoot, { recursive: true, force: true });
});

interface Call {
  method?: string;
  body?: unknown;
  cookie?: string;
  /** The Origin header; the page's own unless given (null: none). */
  from?: string | null;
  raw?: string;
}

async function api(path: string, call: Call = {}) {
  const method = call.method ?? (call.body === undefined && !call.raw ? 'GET' : 'POST');
  const headers: Record<string, string> = {};
  if (call.body !== undefined || call.raw !== undefined)
    headers['content-type'] = 'application/json';
  if (call.cookie) headers.cookie = call.cookie;
  const from = call.from === undefined ? origin : call.from;
  if (from !== null && method !== 'GET') headers.origin = from;
  const response = await fetch(new URL(path, server.url), {
    method,
    headers,
    ...(call.raw !== undefined
      ? { body: call.raw }
      : call.body !== undefined && { body: JSON.stringify(call.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
  };
}

async function signIn(user: string): Promise<string> {
  const response = await api('/api/session', { body: { user } });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** A prompt as the page queues it: notes_delete, destructive, so no Allow always. */
const prompt = (args: Record<string, unknown> = { id: 'groceries' }) => ({
  kind: 'permission',
  id: 'prompt-1',
  workspaceId: 'acme',
  server: { id: 'demo-server', name: 'demo-server' },
  tool: { name: 'notes_delete' },
  args,
  riskTier: 'high',
  requestedBy: { kind: 'model' },
  defaultChoice: 'deny_once',
  allowAlwaysEnabled: false,
  grains: { allow: ['once'], deny: ['once', 'always'] },
});

const pendingOf = async (cookie: string) =>
  (await api('/api/approvals', { cookie })).body.pending as {
    id: string;
    summary: Record<string, unknown>;
  }[];

describe('sign-in', () => {
  it('signs in as a demo user with an HttpOnly, SameSite=Strict cookie, and out again', async () => {
    expect((await api('/api/session')).status).toBe(401);
    const response = await api('/api/session', { body: { user: 'ana' } });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    expect((await api('/api/session', { cookie })).body.user).toEqual({ id: 'ana', name: 'Ana' });
    const out = await api('/api/session', { method: 'DELETE', cookie });
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('refuses an unknown user, and a sign-in from another origin or with no origin', async () => {
    const unknown = await api('/api/session', { body: { user: 'mallory' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/ana, bruno, chen/);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    for (const from of ['http://evil.example', null]) {
      const refused = await api('/api/session', { body: { user: 'ana' }, from });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
  });

  it('a forged cookie is nobody: 401', async () => {
    const ana = await signIn('ana');
    const signature = ana.split('.').at(-1)!;
    for (const cookie of [
      `mcp_playground_session=bruno.${signature}`,
      'mcp_playground_session=ana',
      'mcp_playground_session=ana.AAAA',
    ]) {
      expect((await api('/api/session', { cookie })).status).toBe(401);
      expect((await api('/api/approvals', { cookie })).status).toBe(401);
    }
  });
});

describe('the approval queue API', () => {
  it("queues a prompt, lists it to its user only, and settles it once: the holder's long poll gets the answer", async () => {
    const ana = await signIn('ana');
    const bruno = await signIn('bruno');
    const queued = await api('/api/approvals', { cookie: ana, body: prompt() });
    expect(queued.status).toBe(201);
    const id = queued.body.id as string;

    const [pending] = await pendingOf(ana);
    expect(pending).toMatchObject({
      id,
      summary: {
        serverId: 'demo-server',
        toolName: 'notes_delete',
        riskTier: 'high',
        argsPreview: '{"id":"groceries"}',
        answers: ['allow_once', 'deny_once', 'deny_always'],
      },
    });
    expect(await pendingOf(bruno)).toEqual([]);
    expect(
      (await api(`/api/approvals/${id}`, { cookie: bruno, body: { answer: 'allow_once' } })).status,
    ).toBe(404);
    expect((await api(`/api/approvals/${id}/answer`, { cookie: bruno })).status).toBe(404);

    const held = api(`/api/approvals/${id}/answer`, { cookie: ana });
    // Without the page's Origin the answer is refused, and the row stays pending.
    const forged = await api(`/api/approvals/${id}`, {
      cookie: ana,
      body: { answer: 'allow_once' },
      from: 'http://evil.example',
    });
    expect(forged.status).toBe(403);
    expect(await pendingOf(ana)).toHaveLength(1);
    // Allow always is not offered for a destructive tool.
    const notOffered = await api(`/api/approvals/${id}`, {
      cookie: ana,
      body: { answer: 'allow_always' },
    });
    expect(notOffered).toMatchObject({ status: 409, body: { reason: 'not_offered' } });

    const first = await api(`/api/approvals/${id}`, {
      cookie: ana,
      body: { answer: 'allow_once' },
    });
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    expect(await held).toMatchObject({ status: 200, body: { answer: 'allow_once' } });
    const second = await api(`/api/approvals/${id}`, {
      cookie: ana,
      body: { answer: 'deny_once' },
    });
    expect(second).toMatchObject({ status: 409, body: { reason: 'not_pending' } });
    expect(await pendingOf(ana)).toEqual([]);
    // The settled answer can still be read by the holder.
    expect(await api(`/api/approvals/${id}/answer`, { cookie: ana })).toMatchObject({
      body: { answer: 'allow_once' },
    });
  });

  it('refuses bad input with a clear 400 and stores nothing; a signed-out call is 401', async () => {
    const chen = await signIn('chen');
    const cases: [Call, RegExp][] = [
      [{ raw: '{not json' }, /not JSON/],
      [{ body: [] }, /JSON object/],
      [{ body: { ...prompt(), tool: undefined } }, /"tool"/],
      [{ body: { ...prompt(), tool: { name: '' } } }, /"tool.name"/],
      [
        { body: { ...prompt(), riskTier: 'extreme' } },
        /"riskTier" must be one of low, medium, high/,
      ],
      [{ body: { ...prompt(), args: 'rm -rf /' } }, /"args"/],
      [{ body: { ...prompt(), grains: { allow: ['forever'], deny: [] } } }, /"grains.allow"/],
    ];
    for (const [call, message] of cases) {
      const refused = await api('/api/approvals', { ...call, cookie: chen });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(message);
    }
    const huge = await api('/api/approvals', {
      cookie: chen,
      body: prompt({ text: 'x'.repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await pendingOf(chen)).toEqual([]);

    const queued = await api('/api/approvals', { cookie: chen, body: prompt() });
    const id = queued.body.id as string;
    const badAnswer = await api(`/api/approvals/${id}`, { cookie: chen, body: { answer: 'yes' } });
    expect(badAnswer.status).toBe(400);
    expect(badAnswer.body.error).toMatch(/"answer" must be one of/);
    expect(await pendingOf(chen)).toHaveLength(1);
    expect(
      (await api(`/api/approvals/${id}`, { cookie: chen, body: { answer: 'deny_once' } })).status,
    ).toBe(200);

    expect((await api('/api/approvals', { body: prompt() })).status).toBe(401);
    expect((await api('/api/approvals')).status).toBe(401);
  });

  it('DELETE gives a queued prompt up: the row is aborted, its holder denied, and nobody can answer it', async () => {
    const ana = await signIn('ana');
    const bruno = await signIn('bruno');
    const id = (await api('/api/approvals', { cookie: ana, body: prompt() })).body.id as string;
    expect((await api(`/api/approvals/${id}`, { method: 'DELETE', cookie: bruno })).status).toBe(
      404,
    );
    expect(
      (await api(`/api/approvals/${id}`, { method: 'DELETE', cookie: ana, from: null })).status,
    ).toBe(403);
    const gone = await api(`/api/approvals/${id}`, { method: 'DELETE', cookie: ana });
    expect(gone).toMatchObject({ status: 200, body: { answer: 'deny_once' } });
    const row = await db.query('SELECT state FROM mcp_consent_approvals WHERE id = $1', [id]);
    expect(row.rows).toEqual([{ state: 'aborted' }]);
    expect((await pendingOf(ana)).map((item) => item.id)).not.toContain(id);
    const late = await api(`/api/approvals/${id}`, { cookie: ana, body: { answer: 'allow_once' } });
    expect(late).toMatchObject({ status: 409, body: { reason: 'not_pending' } });
  });

  it('keeps server text as data: markup in a tool name comes back as the same string', async () => {
    const ana = await signIn('ana');
    const name = '<img src=x onerror=alert(1)>\u202Eevil';
    const queued = await api('/api/approvals', {
      cookie: ana,
      body: { ...prompt(), tool: { name } },
    });
    const id = queued.body.id as string;
    const pending = (await pendingOf(ana)).find((item) => item.id === id);
    expect(pending?.summary.toolName).toBe(name);
    await api(`/api/approvals/${id}`, { cookie: ana, body: { answer: 'deny_once' } });
  });

  it('serves the approvals page at /approvals', async () => {
    const response = await fetch(new URL('/approvals', server.url));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>approvals</title>');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
