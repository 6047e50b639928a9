/**
 * Sign-in as one of a few demo users: no passwords, a cookie that says who you are, signed so
 * that nobody can claim to be someone else by editing it. The secret is made per process, so a
 * restart signs everybody out.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, type HttpError } from './json.js';

/** The people of the playground. Ids and names, not copy. */
export const DEMO_USERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
  { id: 'chen', name: 'Chen' },
] as const;

export type DemoUser = (typeof DEMO_USERS)[number];

export const SESSION_COOKIE = 'mcp_playground_session';
const SECRET = randomBytes(32);

function signature(userId: string): Buffer {
  return createHmac('sha256', SECRET).update(userId).digest();
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The signed-in demo user of a request, or undefined (no cookie, a forged one, an unknown user). */
export function userOf(req: IncomingMessage): string | undefined {
  const value = cookieOf(req, SESSION_COOKIE);
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const userId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = signature(userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return DEMO_USERS.some((user) => user.id === userId) ? userId : undefined;
}

/**
 * Whether a state-changing request comes from the page itself: its `Origin` is the origin of the
 * `Host` it was sent to (already one of the server's own). A form or script on another site
 * sends its own origin, so it cannot act with the user's cookie (CSRF).
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origin === `http://${req.headers.host ?? ''}`;
}

const cookie = (value: string, maxAge?: number) =>
  [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(maxAge === undefined ? [] : [`Max-Age=${maxAge}`]),
  ].join('; ');

/** `/api/session`: GET who is signed in (401 if nobody), POST `{ user }` signs in, DELETE signs out. */
export async function handleSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') {
    const user = DEMO_USERS.find((candidate) => candidate.id === userOf(req));
    if (!user) return sendJson(res, 401, { error: 'Not signed in.', users: DEMO_USERS });
    return sendJson(res, 200, { user, users: DEMO_USERS });
  }
  if (req.method === 'DELETE') {
    res.setHeader('set-cookie', cookie('', 0));
    return sendJson(res, 200, { user: null, users: DEMO_USERS });
  }
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use GET, POST or DELETE.' });
  let body: unknown;
  try {
    body = await readJson(req, 1024);
  } catch (error) {
    return sendJson(res, (error as HttpError).status ?? 400, { error: String(error) });
  }
  const id = (body as { user?: unknown } | null)?.user;
  const user = DEMO_USERS.find((candidate) => candidate.id === id);
  if (!user) {
    return sendJson(res, 400, {
      error: `"user" must be one of ${DEMO_USERS.map((u) => u.id).join(', ')}.`,
    });
  }
  res.setHeader('set-cookie', cookie(`${user.id}.${signature(user.id).toString('base64url')}`));
  return sendJson(res, 200, { user, users: DEMO_USERS });
}
