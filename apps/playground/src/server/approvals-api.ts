/**
 * `/api/approvals`: the approval queue of `@mcp-consent/postgres` over HTTP, one queue per
 * signed-in user. The page that holds a call puts its prompt in the queue and waits for the
 * row's answer; any other page signed in as the same user (`/approvals`) lists it and answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Choice, PromptRequest } from '@mcp-consent/engine';
import { postgresApprovals, type PostgresApprovals, type Queryable } from '@mcp-consent/postgres';
import { HttpError, readJson, readJsonObject, sendJson } from './json.js';

export interface ApprovalsApiOptions {
  db: Queryable;
  /** How long a queued prompt waits for an answer. @default 300_000 (5 min) */
  timeoutMs?: number;
  /** How long `GET /api/approvals/:id/answer` holds the request before saying "still pending". @default 25_000 */
  longPollMs?: number;
}

export interface ApprovalsApi {
  /** Serves `/api/approvals…` for a signed-in `user`. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, user: string): Promise<void>;
  /** Denies every prompt still waiting (their rows become `aborted`). */
  close(): Promise<void>;
}

const CHOICES: readonly Choice[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
const TIERS = ['low', 'medium', 'high'] as const;
const GRAINS = ['once', 'session', 'timed', 'always'] as const;
/** A prompt with its arguments: generous for a playground, bounded all the same. */
const MAX_PROMPT_BYTES = 64 * 1024;
const MAX_ANSWER_BYTES = 1024;
/** Settled answers stay readable this long, for a holder whose long poll was between requests. */
const KEEP_SETTLED_MS = 60_000;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

class BadInput extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, name: string, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > 2000)
    throw new BadInput(`"${name}" must be a non-empty string of at most 2000 characters.`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  if (!allowed.includes(value as T))
    throw new BadInput(`"${name}" must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/**
 * The prompt a page queues, as the wire carries it (see `web/approval-queue.ts`), made into the
 * fields of a `PromptRequest` that the queue's summary reads. The user is the signed-in one,
 * whatever the page said.
 */
export function promptFromWire(body: unknown, userId: string): PromptRequest {
  if (!isRecord(body)) throw new BadInput('The body must be a JSON object.');
  const { server, tool, grains } = body;
  if (!isRecord(server)) throw new BadInput('"server" must be an object.');
  if (!isRecord(tool)) throw new BadInput('"tool" must be an object.');
  if (!isRecord(body.args)) throw new BadInput('"args" must be an object.');
  if (typeof body.allowAlwaysEnabled !== 'boolean')
    throw new BadInput('"allowAlwaysEnabled" must be true or false.');
  const requestedBy = body.requestedBy;
  if (requestedBy !== undefined && !isRecord(requestedBy))
    throw new BadInput('"requestedBy" must be an object.');
  const app = requestedBy?.kind === 'app' ? text(requestedBy.app, 'requestedBy.app') : undefined;
  let grainOptions: { allow: string[]; deny: string[] } | undefined;
  if (grains !== undefined) {
    if (!isRecord(grains) || !Array.isArray(grains.allow) || !Array.isArray(grains.deny))
      throw new BadInput('"grains" must be { allow: [...], deny: [...] }.');
    grainOptions = {
      allow: grains.allow.map((grain) => oneOf(grain, GRAINS, 'grains.allow')),
      deny: grains.deny.map((grain) => oneOf(grain, GRAINS, 'grains.deny')),
    };
  }
  const serverName = text(server.name, 'server.name', true);
  const toolTitle = text(tool.title, 'tool.title', true);
  const request = {
    kind: oneOf(body.kind, ['permission', 'dry_run'], 'kind'),
    id: text(body.id, 'id'),
    call: {
      userId,
      workspaceId: text(body.workspaceId, 'workspaceId'),
      server: { id: text(server.id, 'server.id'), ...(serverName && { name: serverName }) },
      tool: { name: text(tool.name, 'tool.name'), ...(toolTitle && { title: toolTitle }) },
      args: body.args,
    },
    risk: { tier: oneOf(body.riskTier, TIERS, 'riskTier') },
    requestedBy: app === undefined ? { kind: 'model' } : { kind: 'app', app },
    defaultChoice: oneOf(body.defaultChoice, ['allow_once', 'deny_once'], 'defaultChoice'),
    allowAlwaysEnabled: body.allowAlwaysEnabled,
    ...(grainOptions && { grains: grainOptions }),
  };
  // The queue reads only these fields of a request (its summary, and the call's tenant).
  return request as unknown as PromptRequest;
}

interface Held {
  user: string;
  answer: Promise<Choice>;
  /** The holder gave up (its engine settled the call otherwise): the row becomes `aborted`. */
  abort: AbortController;
}

export function approvalsApi(options: ApprovalsApiOptions): ApprovalsApi {
  const { db } = options;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const longPollMs = options.longPollMs ?? 25_000;
  const queues = new Map<string, PostgresApprovals>();
  const held = new Map<string, Held>();
  const instanceId = `playground-${process.pid}`;

  const queueOf = (user: string) => {
    let queue = queues.get(user);
    if (!queue) {
      queue = postgresApprovals({ db, scope: { userId: user }, instanceId, timeoutMs });
      queues.set(user, queue);
    }
    return queue;
  };

  async function enqueue(req: IncomingMessage, res: ServerResponse, user: string) {
    const request = promptFromWire(await readJson(req, MAX_PROMPT_BYTES), user);
    let queued!: (id: string) => void;
    const stored = new Promise<string>((resolve) => (queued = resolve));
    const abort = new AbortController();
    const answer = queueOf(user).enqueue(request, { onQueued: queued, signal: abort.signal });
    const id = await Promise.race([
      stored,
      answer.then(() => {
        throw new Error('The prompt was settled before it was stored.');
      }),
    ]);
    held.set(id, { user, answer, abort });
    void answer
      .catch(() => undefined)
      .then(() => setTimeout(() => held.delete(id), KEEP_SETTLED_MS).unref());
    sendJson(res, 201, { id });
  }

  async function awaitAnswer(res: ServerResponse, id: string, user: string) {
    const entry = held.get(id);
    if (!entry || entry.user !== user)
      return sendJson(res, 404, { error: 'No such approval here.' });
    let timer: NodeJS.Timeout | undefined;
    const later = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), longPollMs);
    });
    res.once('close', () => clearTimeout(timer));
    const answer = await Promise.race([entry.answer, later]);
    clearTimeout(timer);
    if (res.destroyed) return;
    sendJson(res, 200, answer === undefined ? { pending: true } : { answer });
  }

  async function giveUp(res: ServerResponse, id: string, user: string) {
    const entry = held.get(id);
    if (!entry || entry.user !== user)
      return sendJson(res, 404, { error: 'No such approval here.' });
    entry.abort.abort();
    sendJson(res, 200, { answer: await entry.answer });
  }

  async function answer(req: IncomingMessage, res: ServerResponse, id: string, user: string) {
    const body = await readJsonObject(req, MAX_ANSWER_BYTES);
    const choice = oneOf(body.answer, CHOICES, 'answer');
    if (!ID.test(id))
      return sendJson(res, 404, { error: 'No such approval.', reason: 'not_found' });
    const outcome = await queueOf(user).resolve(id, choice);
    if (outcome.ok) return sendJson(res, 200, { ok: true });
    const status = outcome.reason === 'not_found' ? 404 : 409;
    return sendJson(res, status, {
      error: `Not answered: ${outcome.reason}.`,
      reason: outcome.reason,
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string, user: string) {
    const parts = path.split('/').slice(3); // '', 'api', 'approvals', …
    if (parts.length === 0) {
      if (req.method === 'GET') {
        const pending = await queueOf(user).listPending();
        return sendJson(res, 200, {
          pending: pending.map(({ id, summary, createdAt, expiresAt }) => ({
            id,
            summary,
            createdAt,
            expiresAt,
          })),
        });
      }
      if (req.method === 'POST') return enqueue(req, res, user);
    } else if (parts.length === 1 && req.method === 'POST') {
      return answer(req, res, parts[0]!, user);
    } else if (parts.length === 1 && req.method === 'DELETE') {
      return giveUp(res, parts[0]!, user);
    } else if (parts.length === 2 && parts[1] === 'answer' && req.method === 'GET') {
      return awaitAnswer(res, parts[0]!, user);
    }
    sendJson(res, 404, { error: 'Not found.' });
  }

  return {
    async handle(req, res, path, user) {
      try {
        await route(req, res, path, user);
      } catch (error) {
        if (res.headersSent) return void res.destroy();
        if (error instanceof BadInput) return sendJson(res, 400, { error: error.message });
        if (error instanceof HttpError)
          return sendJson(res, error.status, { error: error.message });
        sendJson(res, 503, { error: 'The approval queue is not available.' });
      }
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      queues.clear();
    },
  };
}
