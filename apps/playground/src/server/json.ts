import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request the API answers with `status` and `message`, a client error that is never logged: a
 * body too large (413), not JSON or not sent as JSON (400/415), an unknown route, no sign-in.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  override toString(): string {
    return this.message;
  }
}

/** Reads a JSON body of at most `maxBytes`; stops reading (and rejects) as soon as it is over. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    req.resume();
    throw new HttpError(415, 'Send the body as application/json.');
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    req.resume();
    throw new HttpError(413, `The body is over ${maxBytes} bytes.`);
  }
  // Events rather than `for await`: leaving that loop early destroys the socket, and the 413
  // would never reach the client. Past the limit the rest is drained and dropped.
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () =>
      size > maxBytes
        ? reject(new HttpError(413, `The body is over ${maxBytes} bytes.`))
        : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The body is not JSON.');
  }
}

/** `readJson` of a body that must be one JSON object (not an array, a string or null). */
export async function readJsonObject(
  req: IncomingMessage,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  const value = await readJson(req, maxBytes);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'The body must be a JSON object.');
  return value as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
