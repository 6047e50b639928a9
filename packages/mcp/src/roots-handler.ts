import type { GuardContext } from './guard-types.js';
import { answerRoots, memoryRootsMemory } from './roots.js';

/**
 * Answers the server's `roots/list` (pushed, or embedded in an `input_required` answer) with
 * the roots the user allowed (asked once per server, then remembered) and sends
 * `notifications/roots/list_changed` when the host's roots or a remembered choice change.
 * Declares `roots: { listChanged: true }` only when the host passes `roots`.
 */
export function registerRoots(context: GuardContext): void {
  const { binding, options, gate, warn, report } = context;
  const { roots, server } = options;
  if (!roots) return;
  const memory = roots.memory ?? memoryRootsMemory();
  // The handler's own write of a fresh answer is no change to announce: the server just got it.
  let writing = false;

  // One roots/list at a time: a second one that arrives while the user is still picking (a
  // server that asks at startup and again from a tool) waits for that answer and then reads
  // the remembered choice, instead of asking the same question twice.
  let previous: Promise<unknown> = Promise.resolve();

  binding.declareCapabilities({ roots: { listChanged: true } });
  context.serve('roots/list', (_params, extra) => {
    const answer = previous.then(() =>
      answerRoots(server, extra.signal, {
        roots: roots.list,
        pickRoots: roots.pickRoots,
        memory,
        gate,
        warn,
        report,
        onRemember: (on) => (writing = on),
      }),
    );
    previous = answer.catch(() => undefined);
    return answer;
  });
  const announce = () => {
    // Before connect and after close there is nobody to tell; the next roots/list reads anew.
    if (!binding.connected) return;
    binding.sendRootsListChanged().catch((error: unknown) => {
      warn(`Sending roots/list_changed failed: ${String(error)}`);
    });
  };
  memory.subscribe?.((serverId) => {
    if (serverId === server.id && !writing) announce();
  });
  roots.onChange?.(announce);
}
