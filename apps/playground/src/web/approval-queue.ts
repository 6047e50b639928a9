/**
 * The page's prompt when signed in: the prompt goes into the user's approval queue on the
 * playground server and on screen at once, and the first answer wins, from this sheet or from
 * another device (`/approvals`). The queue's row settles exactly once, so both sides agree on
 * which answer that was. Any failure of the queue leaves the local sheet alone: a call is never
 * allowed without an answer.
 */
import type { Choice, PromptAnswer, PromptCallback, PromptRequest } from '@mcp-consent/engine';

const CHOICES: readonly string[] = ['allow_once', 'allow_always', 'deny_once', 'deny_always'];
const isChoice = (value: unknown): value is Choice => CHOICES.includes(value as string);
const choiceOf = (answer: PromptAnswer): Choice =>
  typeof answer === 'string' ? answer : answer.choice;

/** What the server needs of a request to queue it (see `server/approvals-api.ts`). */
export function wireOf(request: PromptRequest): unknown {
  const { call } = request;
  return {
    kind: request.kind,
    id: request.id,
    workspaceId: call.workspaceId,
    server: { id: call.server.id, name: call.server.name },
    tool: { name: call.tool.name, title: call.tool.title },
    args: call.args ?? {},
    riskTier: request.risk.tier,
    requestedBy: request.requestedBy,
    defaultChoice: request.defaultChoice,
    allowAlwaysEnabled: request.allowAlwaysEnabled,
    grains: request.grains && { allow: request.grains.allow, deny: request.grains.deny },
  };
}

const post = (path: string, body: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function enqueue(request: PromptRequest): Promise<string> {
  const response = await post('/api/approvals', wireOf(request));
  const { id } = (await response.json()) as { id?: unknown };
  if (response.status !== 201 || typeof id !== 'string') throw new Error(`HTTP ${response.status}`);
  return id;
}

/**
 * The answer the row settled with, by long polls; undefined when the queue cannot say (the
 * server is gone, the row unknown) or `signal` stopped the wait.
 */
async function settledAnswer(id: string, signal: AbortSignal): Promise<Choice | undefined> {
  try {
    while (!signal.aborted) {
      const response = await fetch(`/api/approvals/${encodeURIComponent(id)}/answer`, { signal });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { answer?: unknown; pending?: unknown };
      if (isChoice(body.answer)) return body.answer;
      if (body.pending !== true) return undefined;
    }
  } catch {
    // Offline, or aborted: the local sheet decides.
  }
  return undefined;
}

/** Settles the row with this page's answer: true if it won, false if the row was already settled. */
async function resolveRow(id: string, answer: Choice): Promise<boolean | undefined> {
  try {
    const response = await post(`/api/approvals/${encodeURIComponent(id)}`, { answer });
    if (response.ok) return true;
    if (response.status === 409) return false;
  } catch {
    // The server is gone: the answer given here stands.
  }
  return undefined;
}

/** `local` (the renderer's sheet) raced against the signed-in user's approval queue. */
export function promptThroughQueue(local: PromptCallback): PromptCallback {
  return async (request) => {
    let id: string;
    try {
      id = await enqueue(request);
    } catch {
      return local(request);
    }
    // Closes the sheet when another device answers, and stops the long poll when this one does.
    const done = new AbortController();
    const stop = () => done.abort();
    request.signal.addEventListener('abort', stop, { once: true });
    if (request.signal.aborted) stop();
    const remote = settledAnswer(id, done.signal);
    const here = Promise.resolve(local({ ...request, signal: done.signal }));
    try {
      const first = await Promise.race([
        here.then((answer) => ({ answer, remote: false })),
        // The queue cannot say: only this sheet decides.
        remote.then(async (choice) =>
          choice === undefined
            ? { answer: await here, remote: false }
            : { answer: choice, remote: true },
        ),
      ]);
      if (first.remote) return first.answer;
      if (request.signal.aborted) {
        // Settled otherwise (a timeout, a cancel): no device should answer a call nobody waits for.
        void fetch(`/api/approvals/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(
          () => undefined,
        );
        return first.answer;
      }
      const won = await resolveRow(id, choiceOf(first.answer));
      if (won !== false) return first.answer;
      // Another device got there first: its answer stands, or Deny once if it cannot be read.
      return (await remote) ?? 'deny_once';
    } finally {
      stop();
      request.signal.removeEventListener('abort', stop);
    }
  };
}
