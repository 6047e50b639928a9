import {
  createManualClock,
  createPermissionEngine,
  memoryAuditSink,
  memoryStore,
  type Clock,
  type GrantStore,
  type PermissionEngine,
  type PromptCallback,
  type RequestResult,
  type ToolCall,
} from '@mcp-consent/engine';
import type {
  ElicitationCall,
  ElicitRequest,
  ElicitResult,
  HostRoot,
  ResultReviewCall,
  ResultReviewResult,
  RootsCall,
  RootsResult,
  SamplingAnswer,
  SamplingCall,
} from '@mcp-consent/prompt';
import { reviewResult, type ResultReviewEvent } from '../../packages/mcp/src/result-review.js';
import type { HostOptions, RequestExtras, ResultReviewAsk } from './driver.js';
import { server } from './fixtures.js';

/** What a renderer gives the host: its prompt and elicit callbacks and how to take it down. */
export interface MountedRenderer {
  prompt: PromptCallback;
  /** The renderer's `elicit` callback, as `@mcp-consent/mcp` calls it. */
  elicit(call: ElicitationCall): Promise<ElicitResult>;
  /** The renderer's `pickRoots` callback (a server's `roots/list`), when it shows roots. */
  roots?(call: RootsCall): Promise<RootsResult>;
  /** The renderer's `reviewResult` callback (issue 18), when it shows result reviews. */
  result?(call: ResultReviewCall): Promise<ResultReviewResult>;
  /** The renderer's `sample` callback (issue 18), when it shows sampling. */
  sample?(call: SamplingCall): Promise<SamplingAnswer>;
  unmount(): void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A sampling step as a scenario sends it: the requesting server is the fixtures' `server`. */
export type SamplingStep = DistributiveOmit<SamplingCall, 'server'>;

/** What the host gives a renderer when it mounts one. */
export interface RendererContext {
  engine: PermissionEngine;
  clock: Clock;
  locale: string;
  guardMs: number;
}

/** The guard window the scenarios use; they advance the clock past it. */
export const GUARD_MS = 500;

/**
 * The host side of every scenario, framework-free so it runs in a browser page
 * (Lit, React drivers) and in Node (Ink driver): a real engine on a manual
 * clock, a memory store that outlives restarts, an audit ring, and requests
 * addressed by number so a test can await them across `page.evaluate`.
 */
export function createHostRuntime(
  mount: (context: RendererContext) => MountedRenderer,
  options: HostOptions = {},
) {
  const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
  const persistent = memoryStore();
  const store: GrantStore =
    options.store === 'hang' ? { ...persistent, load: () => new Promise(() => {}) } : persistent;
  const audit = memoryAuditSink();
  const locale = options.locale ?? 'en-US';
  const guardMs = options.guardMs ?? GUARD_MS;
  const results = new Map<number, RequestResult | undefined>();
  const waiting = new Map<number, Promise<RequestResult>>();
  const elicitations = new Map<number, Promise<ElicitResult>>();
  const rootsAsked = new Map<number, Promise<RootsResult>>();
  const samplings = new Map<number, Promise<SamplingAnswer>>();
  const reviews = new Map<number, Promise<Reviewed>>();
  let nextHandle = 0;
  // The engine's own timers (ready wait, prompt timeouts), told apart from the renderer's
  // (input guard, "checking" delay) on the shared clock, so `idle` knows the engine waits.
  let engineTimers = 0;
  const engineClock: Clock = {
    now: () => clock.now(),
    setTimer(callback, ms) {
      let live = true;
      const done = () => {
        if (!live) return;
        live = false;
        engineTimers -= 1;
      };
      engineTimers += 1;
      const cancel = clock.setTimer(() => {
        done();
        callback();
      }, ms);
      return () => {
        done();
        cancel();
      };
    },
  };

  const boot = () => {
    const engine = createPermissionEngine({
      store,
      clock: engineClock,
      audit,
      ...(options.policy ? { policy: options.policy } : {}),
    });
    const renderer = mount({ engine, clock, locale, guardMs });
    return { engine, renderer };
  };
  let current = boot();

  return {
    clock,
    get engine() {
      return current.engine;
    },
    request(call: ToolCall, extras: RequestExtras = {}): number {
      const handle = ++nextHandle;
      results.set(handle, undefined);
      const done = current.engine
        .request(call, { ...withPrevious(extras), prompt: current.renderer.prompt })
        .then((result) => {
          results.set(handle, result);
          return result;
        });
      waiting.set(handle, done);
      return handle;
    },
    /** A server's question through the renderer's elicit callback; answered by `elicitation`. */
    elicit(params: ElicitRequest): number {
      const handle = ++nextHandle;
      elicitations.set(handle, current.renderer.elicit({ params, server }));
      return handle;
    },
    elicitation(handle: number): Promise<ElicitResult> {
      const done = elicitations.get(handle);
      if (!done) throw new Error(`No elicitation with handle ${handle}.`);
      return done;
    },
    /** A server's `roots/list` through the renderer's roots callback; answered by `rootsResult`. */
    askRoots(roots: HostRoot[]): number {
      const handle = ++nextHandle;
      const { renderer } = current;
      if (!renderer.roots) throw new Error('This renderer shows no roots requests.');
      rootsAsked.set(handle, renderer.roots({ server, roots }));
      return handle;
    },
    rootsResult(handle: number): Promise<RootsResult> {
      const done = rootsAsked.get(handle);
      if (!done) throw new Error(`No roots request with handle ${handle}.`);
      return done;
    },
    /**
     * An allowed call's result through `@mcp-consent/mcp`'s review (the renderer's result
     * callback, or none with `noRenderer`); `reviewed` gives what the model gets and the event.
     */
    reviewResult(ask: ResultReviewAsk): number {
      const handle = ++nextHandle;
      const events: ResultReviewEvent[] = [];
      const { renderer } = current;
      const review = ask.noRenderer ? undefined : renderer.result;
      const done = reviewResult(
        {
          server,
          review,
          timeoutMs: undefined,
          warn: () => {},
          report: (event) => void events.push(event),
        },
        ask.tool,
        ask.tier,
        ask.result,
        undefined,
      ).then((model) => ({ model, events }));
      reviews.set(handle, done);
      return handle;
    },
    reviewed(handle: number): Promise<Reviewed> {
      const done = reviews.get(handle);
      if (!done) throw new Error(`No result review with handle ${handle}.`);
      return done;
    },
    /** A sampling step through the renderer's sample callback; answered by `sampled`. */
    sample(call: SamplingStep): number {
      const handle = ++nextHandle;
      const sample = current.renderer.sample;
      if (!sample) throw new Error('This renderer shows no sampling requests.');
      samplings.set(handle, sample({ ...call, server } as SamplingCall));
      return handle;
    },
    sampled(handle: number): Promise<SamplingAnswer> {
      const done = samplings.get(handle);
      if (!done) throw new Error(`No sampling step with handle ${handle}.`);
      return done;
    },
    result(handle: number): Promise<RequestResult> {
      const done = waiting.get(handle);
      if (!done) throw new Error(`No request with handle ${handle}.`);
      return done;
    },
    isSettled(handle: number): boolean {
      return results.get(handle) !== undefined;
    },
    advance(ms: number): void {
      clock.advance(ms);
    },
    /**
     * Resolves once the engine has finished its asynchronous checks (argument
     * hashing) or is waiting on a timer of its own, so a following `advance` is not lost.
     */
    async idle(): Promise<void> {
      for (let i = 0; i < 1000; i++) {
        if (current.engine.getSnapshot().checking === 0 || engineTimers > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      throw new Error('The engine stayed busy checking permissions.');
    },
    audit: () => audit.events(),
    grants: () => current.engine.grants(),
    restart(): void {
      current.engine.dispose();
      current.renderer.unmount();
      current = boot();
    },
    dispose(): void {
      current.engine.dispose();
      current.renderer.unmount();
    },
  };
}

export type HostRuntime = ReturnType<typeof createHostRuntime>;

/** What a reviewed result became: what the model gets, and what was reported for the audit. */
export interface Reviewed {
  model: Record<string, unknown>;
  events: ResultReviewEvent[];
}

/** The engine asks for the earlier definition by pin hash; a scenario gives it as data. */
function withPrevious({ previous, ...extras }: RequestExtras) {
  return previous ? { ...extras, previousDefinition: () => previous } : extras;
}
