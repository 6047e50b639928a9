import type { EventSourceLike } from '../src/web/remote-store.js';

/**
 * An `EventSource` for Node (20 has none), read over `fetch` streaming, with the browser's
 * behaviour where the store depends on it: an answer that is not a 200 event stream fails the
 * connection for good (`readyState` 2, then `error`); a stream that ends or breaks is opened
 * again after the delay (`readyState` 0, then `error`). `retryMs` replaces the server's
 * `retry:` so tests do not wait a second per reconnection.
 */
export function fetchEventSource(
  fetchFn: typeof fetch,
  { retryMs }: { retryMs?: number } = {},
): (url: string) => EventSourceLike {
  return (url) => new FetchEventSource(url, fetchFn, retryMs);
}

type Listener = (event: { data?: unknown }) => void;

class FetchEventSource implements EventSourceLike {
  readyState = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly abort = new AbortController();
  private serverRetryMs = 1000;

  constructor(
    private readonly url: string,
    private readonly fetchFn: typeof fetch,
    private readonly retryMs: number | undefined,
  ) {
    void this.run();
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  close(): void {
    this.readyState = 2;
    this.abort.abort();
  }

  private dispatch(type: string, data?: string): void {
    if (this.readyState === 2 && type !== 'error') return;
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ data });
  }

  private async run(): Promise<void> {
    while (this.readyState !== 2) {
      try {
        const response = await this.fetchFn(this.url, {
          headers: { accept: 'text/event-stream' },
          signal: this.abort.signal,
        });
        const type = response.headers.get('content-type') ?? '';
        if (response.status !== 200 || !type.startsWith('text/event-stream') || !response.body) {
          await response.body?.cancel();
          if (this.readyState === 2) return;
          this.readyState = 2;
          return this.dispatch('error');
        }
        this.readyState = 1;
        this.dispatch('open');
        await this.read(response.body);
      } catch {
        // A refused connection or a broken stream: opened again below, like the browser's.
      }
      if (this.readyState === 2) return;
      this.readyState = 0;
      this.dispatch('error');
      await new Promise((done) => setTimeout(done, this.retryMs ?? this.serverRetryMs));
    }
  }

  /** The event stream format of the HTML standard (no `id`: the store does not resume). */
  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let event = '';
    let data: string[] = [];
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) this.dispatch(event || 'message', data.join('\n'));
          [event, data] = ['', []];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) this.serverRetryMs = Number(value);
      }
    }
  }
}
