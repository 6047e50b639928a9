import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Clock, PermissionEngine } from '@mcp-consent/engine';
import { CHECKING_DELAY_MS } from '@mcp-consent/prompt';

/** How often a busy engine's elapsed time is re-read (real time, not the clock). */
const POLL_MS = 20;

export type CheckingSource = Pick<PermissionEngine, 'subscribe' | 'getSnapshot'>;

/**
 * Whether to show "Checking permissions…": the engine has been checking (hashing
 * arguments, waiting for its store) for CHECKING_DELAY_MS by the injected clock
 * (spec R4.1). The clock is read, never given a timer, so a host's manual clock counts
 * only the engine's own timers; a short real-time poll notices the clock moving while
 * the engine stays busy.
 */
export class CheckingController implements ReactiveController {
  /** Show the status now. */
  visible = false;
  private engine: CheckingSource | undefined;
  private unsubscribe: (() => void) | undefined;
  private since: number | undefined;
  private poll: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly clock: () => Clock,
  ) {
    host.addController(this);
  }

  /** Follows `engine` (or nothing). */
  watch(engine: CheckingSource | undefined): void {
    this.unwatch();
    this.engine = engine;
    this.unsubscribe = engine?.subscribe((event) => {
      if (event.type === 'checking') this.sync();
    });
    this.sync();
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.unwatch();
  }

  private unwatch(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.engine = undefined;
    this.reset();
  }

  private reset(): void {
    clearInterval(this.poll);
    this.poll = undefined;
    this.since = undefined;
    this.set(false);
  }

  private sync(): void {
    if ((this.engine?.getSnapshot().checking ?? 0) === 0) return this.reset();
    const now = this.clock().now();
    this.since ??= now;
    this.set(now - this.since >= CHECKING_DELAY_MS);
    if (this.visible) {
      clearInterval(this.poll);
      this.poll = undefined;
    } else {
      this.poll ??= setInterval(() => this.sync(), POLL_MS);
    }
  }

  private set(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.host.requestUpdate();
  }
}
