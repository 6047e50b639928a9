import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request body the API refuses: too large (413), not JSON or not sent as JSON (400/415). */
export class JsonBodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonBodyError';
  }

  override toString(): string {
    return this.message;
  }
}

/** Reads a JSON body of at most `maxBytes`; stops reading (and rejects) as soon as it is over. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    req.resume();
    throw new JsonBodyError(415, 'Send the body as application/json.');
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    req.resume();
    throw new JsonBodyError(413, `The body is over ${maxBytes} bytes.`);
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
        ? reject(new JsonBodyError(413, `The body is over ${maxBytes} bytes.`))
        : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new JsonBodyError(400, 'The body is not JSON.');
  }
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
