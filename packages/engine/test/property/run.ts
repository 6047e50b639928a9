import fc from 'fast-check';
import { grantKey, pinTool, type PromptRequest, type RequestResult } from '@mcp-consent/engine';
import { argsId, fingerprint, identity, tierOf, type CallFacts, type Seen } from './model.js';
import { ANSWERS, ARGS, stepArb, TOOLS, USERS, type Inner, type Step } from './steps.js';
import { World, type Proc } from './world.js';

/**
 * The "never fail open" property (issue 14): over random sequences of calls, answers, store
 * delays and failures, definition and trust changes, clock moves and two processes sharing a
 * store, no call is allowed unless an allow answer for exactly that call and definition, or a
 * grant the process saw and that is still valid, covers it; no cache ever holds a grant that a
 * revoke, clear or newer answer its process saw voids (an acknowledged deny or revoke is never
 * undone); and every grant written is exactly what the user answered.
 */

export interface Counts {
  runs: number;
  steps: number;
  requests: number;
  prompts: number;
  answeredAllows: number;
  grantAllows: number;
  grantDenies: number;
  revokes: number;
  delivered: number;
  restarts: number;
}

const ALLOW = new Set(['allow_once', 'allow_always']);
const choiceOf = (answer: unknown) =>
  typeof answer === 'object' && answer !== null ? (answer as { choice?: unknown }).choice : answer;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

class Driver {
  readonly world = new World();
  readonly variant = TOOLS.map(() => 0);
  trusted = true;
  /** Revokes waiting for a held load; awaited at the end. */
  readonly later: Promise<unknown>[] = [];

  constructor(readonly counts: Counts) {}

  private proc(index: number): Proc {
    return this.world.procs[index]!;
  }

  private facts(user: number, tool: number, args: number): CallFacts {
    return {
      userId: USERS[user]!,
      workspaceId: 'ws',
      server: { id: 'srv', trusted: this.trusted },
      tool: TOOLS[tool]![this.variant[tool]!]!,
      args: ARGS[args],
    };
  }

  async step(step: Step): Promise<void> {
    const { world } = this;
    this.counts.steps += 1;
    switch (step.kind) {
      case 'ask':
      case 'request':
        await this.request(step, step.kind === 'ask' ? step.during : []);
        break;
      case 'deliver':
        this.counts.delivered += Math.min(step.count, this.proc(step.proc).inbox.length);
        world.deliver(this.proc(step.proc), step.count);
        break;
      case 'release':
        this.proc(step.proc).releaseLoad?.();
        await flush();
        break;
      case 'clock':
        world.clock.advance(step.move);
        break;
      case 'redefine':
        this.variant[step.tool] = step.variant;
        break;
      case 'trust':
        this.trusted = step.trusted;
        break;
      case 'revoke': {
        const { engine } = this.proc(step.proc);
        const toolName = TOOLS[step.tool]![0]!.name;
        for (const grant of engine.grants({ userId: USERS[step.user]!, toolName })) {
          this.counts.revokes += 1;
          this.later.push(engine.revoke(grant).catch(() => undefined));
        }
        await flush();
        break;
      }
      case 'revokeUser':
        this.revokeAll(this.proc(step.proc), USERS[step.user]!);
        await flush();
        break;
      case 'clear':
        this.revokeAll(this.proc(step.proc), undefined);
        await flush();
        break;
      case 'restart':
        this.counts.restarts += 1;
        world.start(this.proc(step.proc), step.load);
        await flush();
        break;
      case 'fault':
        this.proc(step.proc).failNext[step.op] = true;
        break;
      case 'plant': {
        const tool = TOOLS[step.tool]![step.variant < 0 ? this.variant[step.tool]! : step.variant]!;
        const scope = {
          userId: USERS[step.user]!,
          workspaceId: 'ws',
          serverId: 'srv',
          toolName: tool.name,
        };
        const grantedAt = world.clock.now() - step.ageMs;
        world.plant(
          {
            ...scope,
            key: grantKey(scope),
            decision: step.decision,
            grantedAt: new Date(grantedAt).toISOString(),
            expiresAt:
              step.lifeMs === null ? null : new Date(grantedAt + step.lifeMs).toISOString(),
            grantedBy: scope.userId,
            riskTier:
              step.tier === 'current'
                ? tierOf(tool, { id: 'srv', trusted: this.trusted })
                : step.tier,
            ...(step.decision === 'allow' ? { pin: pinTool(tool)! } : {}),
          },
          tool,
          step.heardAtOnce,
        );
        break;
      }
    }
    world.checkCaches();
    if (world.violations.length > 0) throw new Error(world.violations.join('\n'));
  }

  /**
   * "Revoke all" (of a user, or everything), as the manager's button: once it says it is done,
   * the process holds none of the grants that were saved when it was clicked.
   */
  private revokeAll(proc: Proc, userId: string | undefined): void {
    this.counts.revokes += 1;
    const { engine } = proc;
    const saved = new Set(
      [...this.world.disk.grants.values()]
        .filter((grant) => userId === undefined || grant.userId === userId)
        .map(identity),
    );
    const done = userId === undefined ? engine.revokeAll() : engine.revokeAll({ userId });
    this.later.push(
      done.then(
        () => {
          for (const held of engine.grants(userId === undefined ? {} : { userId })) {
            if (saved.has(identity(held)))
              this.world.violations.push(
                `process ${proc.index}: revokeAll(${userId ?? ''}) said done, and ${held.key} saved before it is still held`,
              );
          }
        },
        () => undefined, // a refusal is an answer the user sees, not a silent keep
      ),
    );
  }

  private async request(
    step: { proc: number; user: number; tool: number; args: number; answer: number },
    during: Inner[],
  ): Promise<void> {
    const proc = this.proc(step.proc);
    const call = this.facts(step.user, step.tool, step.args);
    const answer = ANSWERS[step.answer];
    let shown: PromptRequest | undefined;
    this.counts.requests += 1;
    // A prompt can be settled while it is open (a Deny always heard from the other process):
    // that decision is judged by what the process had seen when it was made.
    const decided = new Map<string, { seen: Seen; now: number }>();
    const unsubscribe = proc.engine.subscribe((event) => {
      if (event.type === 'decision' && event.result.promptId !== undefined) {
        decided.set(event.result.promptId, { seen: proc.seen.copy(), now: this.world.clock.now() });
      }
    });
    // The steps "while the user looks" run to their end before the next step, even when the
    // prompt was settled without its answer meanwhile (a Deny always heard from the other process).
    let looking: Promise<unknown> = Promise.resolve();
    const result = await proc.engine.request(call, {
      prompt: (request) => {
        shown = request;
        return (looking = this.look(proc, step, call, answer, during));
      },
    });
    await looking.catch(() => undefined);
    unsubscribe();
    const when = result.promptId !== undefined ? decided.get(result.promptId) : undefined;
    this.check(proc, call, answer, shown, result, when);
    proc.answering = undefined;
  }

  /** The user looking at a prompt while the steps of `during` happen, then answering. */
  private async look(
    proc: Proc,
    step: { proc: number },
    call: CallFacts,
    answer: unknown,
    during: Inner[],
  ): Promise<never> {
    this.counts.prompts += 1;
    // While the user looks at the prompt: changes arrive, the load ends, the clock moves,
    // the server redefines the tool, the other process asks and revokes.
    for (const inner of during) {
      const other = inner.kind === 'request' ? { ...inner, proc: 1 - step.proc } : inner;
      await this.step(other);
    }
    proc.answering = { call, answer, now: this.world.clock.now() };
    if (answer === 'throw') throw new Error('renderer crashed');
    return answer as never;
  }

  private check(
    proc: Proc,
    call: CallFacts,
    answer: unknown,
    shown: PromptRequest | undefined,
    result: RequestResult,
    when?: { seen: Seen; now: number },
  ): void {
    const { model, violations, clock } = this.world;
    const now = clock.now();
    const what = `process ${proc.index}: ${call.userId} ${call.tool.name} ${argsId(call.args)}`;
    if (result.allowed) {
      // What runs is what was asked about: the call's arguments and definition, copied.
      const sent = result.call;
      if (
        !sent ||
        argsId(sent.args) !== argsId(call.args) ||
        fingerprint(sent.tool) !== fingerprint(call.tool)
      ) {
        violations.push(`${what}: allowed, but result.call is not the call made`);
      }
      if (result.origin === 'cache_hit') {
        this.counts.grantAllows += 1;
        if (!model.allowedBy(proc.seen, call, now))
          violations.push(
            `${what}: allowed without asking, and no grant the process saw allows it`,
          );
      } else {
        this.counts.answeredAllows += 1;
        if (!shown || !ALLOW.has(choiceOf(answer) as string))
          violations.push(`${what}: allowed by ${result.origin} without an allow answer`);
        else if (
          argsId(shown.call.args) !== argsId(call.args) ||
          fingerprint(shown.call.tool) !== fingerprint(call.tool)
        )
          violations.push(`${what}: the prompt showed another call than the one allowed`);
      }
    } else if (result.origin === 'cache_hit') {
      this.counts.grantDenies += 1;
      if (!model.deniedBy(when?.seen ?? proc.seen, call, when?.now ?? now))
        violations.push(`${what}: denied without asking, and no deny the process saw covers it`);
    }
  }

  /** Lets every held load finish and every revoke settle, then checks the caches once more. */
  async finish(): Promise<void> {
    for (const proc of this.world.procs) proc.releaseLoad?.();
    await flush();
    await Promise.all(this.later);
    for (const proc of this.world.procs) this.world.deliver(proc, proc.inbox.length);
    this.world.checkCaches();
    for (const proc of this.world.procs) proc.engine.dispose();
    if (this.world.violations.length > 0) throw new Error(this.world.violations.join('\n'));
  }
}

export function emptyCounts(): Counts {
  return {
    runs: 0,
    steps: 0,
    requests: 0,
    prompts: 0,
    answeredAllows: 0,
    grantAllows: 0,
    grantDenies: 0,
    revokes: 0,
    delivered: 0,
    restarts: 0,
  };
}

/** Runs the property `runs` times (fast-check shrinks a failure to its shortest sequence). */
export async function runNeverFailOpen(
  runs: number,
  counts = emptyCounts(),
  seed?: number,
): Promise<Counts> {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 32 }), async (steps) => {
      counts.runs += 1;
      const driver = new Driver(counts);
      for (const step of steps) await driver.step(step);
      await driver.finish();
    }),
    { numRuns: runs, ...(seed !== undefined ? { seed } : {}) },
  );
  return counts;
}

/** Runs one sequence of steps (a counterexample to look at, or a scenario of its own). */
export async function replay(steps: Step[], counts = emptyCounts()): Promise<void> {
  const driver = new Driver(counts);
  for (const step of steps) await driver.step(step);
  await driver.finish();
}
