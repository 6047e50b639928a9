/**
 * A `fetch` for the SDKs' Streamable HTTP client transports that gives every request its own
 * abort signal.
 *
 * Both SDK lines' `StreamableHTTPClientTransport` pass one connection-wide `AbortSignal` to
 * every `fetch`. Node's fetch (undici) adds an abort listener to that signal per request and
 * only garbage collection removes it, so a long session piles up listeners and Node prints a
 * `MaxListenersExceededWarning` for each request past 1 500. With this wrapper the
 * connection-wide signal holds one listener per request that is still open: it aborts the
 * request's own signal (with the same reason) and is removed when the request is over: the
 * fetch failed, the response has no body, or the body was read to its end, errored or was
 * cancelled. Closing the transport still aborts every open request and stream.
 */

/** The `fetch` the SDKs' transports take (their `FetchLike`). */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wraps `fetchImpl` (default: the global `fetch` at the time of each request) so that each
 * call with `init.signal` gets its own signal, bridged from the given one until the request
 * is over. Calls without `init.signal` go through unchanged; `input` is passed on as it is,
 * so a `Request` keeps its own signal unless `init.signal` replaces it (as in `fetch`).
 *
 * ```ts
 * new StreamableHTTPClientTransport(url, { fetch: requestSignalFetch() });
 * ```
 */
export function requestSignalFetch(fetchImpl?: typeof fetch): typeof fetch;
export function requestSignalFetch(fetchImpl: FetchLike): FetchLike;
export function requestSignalFetch(fetchImpl?: FetchLike): FetchLike {
  return (input, init) => {
    const call = fetchImpl ?? globalThis.fetch;
    const given = init?.signal;
    if (!given) return call(input, init);
    const own = new AbortController();
    const forward = () => own.abort(given.reason);
    const release = () => given.removeEventListener('abort', forward);
    // Fail closed: a signal that is already aborted aborts the request before it starts.
    if (given.aborted) forward();
    else given.addEventListener('abort', forward, { once: true });
    let pending: Promise<Response>;
    try {
      pending = call(input, { ...init, signal: own.signal });
    } catch (error) {
      release();
      return Promise.reject(error);
    }
    return pending.then(
      (response) => bridgeBody(response, release),
      (error: unknown) => {
        release();
        throw error;
      },
    );
  };
}

/**
 * The response with a body that calls `release` once it ended, errored or was cancelled.
 * Status, headers, `url`, `redirected` and `type` are the original's.
 */
function bridgeBody(response: Response, release: () => void): Response {
  const body = response.body;
  if (!body) {
    release();
    return response;
  }
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const wrapped = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= body.getReader();
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            release();
            controller.close();
          } else controller.enqueue(chunk.value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return (reader ?? body).cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  let bridged: Response;
  try {
    bridged = new Response(wrapped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch {
    // A status `Response` cannot be built with (outside 200-599): the original is returned,
    // still bridged, so aborting the given signal still stops it.
    return response;
  }
  // The SDKs read `url` (to resolve a redirect's target) and `type` from the response.
  Object.defineProperties(bridged, {
    url: { value: response.url },
    redirected: { value: response.redirected },
    type: { value: response.type },
  });
  return bridged;
}
