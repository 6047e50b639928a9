import {
  createManualClock,
  createPermissionEngine,
  memoryAuditSink,
  memoryStore,
  type GrantStore,
  type ToolCall,
} from '@mcp-consent/engine';
import { until } from '../../../test/scenarios/poll.js';
import { inkPrompter, type InkPrompterOptions } from '../src/index.js';
import { settle, unbox } from './ink-driver.js';
import { VirtualTerminal } from './virtual-terminal.js';

export const GUARD_MS = 500;

const normalize = (value: string) => value.replace(/\s+/g, ' ').trim();

export interface HarnessOptions extends Omit<InkPrompterOptions, 'stdin' | 'stdout' | 'stderr'> {
  columns?: number;
  rows?: number;
  /** @default a memory store */
  store?: GrantStore;
}

/**
 * `inkPrompter` on a virtual terminal in Ink's normal (non-debug) mode, the one real
 * terminals get: frames are redrawn with cursor moves and line erases, and `screen()`
 * emulates them.
 */
export function harness(options: HarnessOptions = {}) {
  const { columns = 80, rows = 40, store = memoryStore(), ...prompterOptions } = options;
  const terminal = new VirtualTerminal(columns, rows);
  const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
  const audit = memoryAuditSink();
  const engine = createPermissionEngine({ store, clock, audit });
  const prompter = inkPrompter({
    engine,
    clock,
    guardMs: GUARD_MS,
    color: true,
    plain: false,
    onInterrupt: () => {},
    ...prompterOptions,
    stdin: terminal.stdin,
    stdout: terminal.stdout,
    stderr: terminal.stderr,
  });
  const screen = () => terminal.screen();
  /** The screen as running text: box drawing and line breaks removed (terminals wrap). */
  const text = () => normalize(screen().split('\n').map(unbox).join(' '));
  return {
    terminal,
    clock,
    engine,
    audit,
    prompter,
    screen,
    ask: (call: ToolCall) => engine.request(call, { prompt: prompter.prompt }),
    /** Waits until the screen shows a text (Ink throttles redraws to 30 per second). */
    text,
    sees: (wanted: string) =>
      until(() => text().includes(normalize(wanted)), JSON.stringify(wanted)),
    /** Waits until Ink has drawn the current state and nothing changes for a moment. */
    async quiet() {
      let count = -1;
      while (count !== terminal.writes.length) {
        count = terminal.writes.length;
        await settle();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async press(bytes: string) {
      terminal.type(bytes);
      await settle();
    },
    async passGuard() {
      clock.advance(GUARD_MS);
      await settle();
    },
    dispose() {
      prompter.unmount();
      engine.dispose();
    },
  };
}
