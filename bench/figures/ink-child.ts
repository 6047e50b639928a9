/**
 * Child process of the Ink time-to-prompt row: `inkPrompter` drawing into a
 * fake terminal (a Writable with `isTTY`, `columns` and `rows`; a TTY-like
 * stdin), timed from `engine.request` to the first write that carries the
 * prompt's frame. Each prompt is answered with `1` (Allow once) typed a turn
 * after the frame, and the next request starts once Ink has unmounted.
 *
 * Usage: ink-child.ts <prompts> <warm-up prompts>; prints `{ first, samples, cpuSamples }`
 * in ms: wall time, and the on-CPU time of this process (every thread) over the same span,
 * which a busy machine does not inflate.
 * Runs in its own process so React's build (NODE_ENV) and the heap are its own.
 */
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import {
  createPermissionEngine,
  memoryAuditSink,
  memoryStore,
  type ToolCall,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { inkPrompter } from '@mcp-consent/ink';

const [promptsText = '50', warmupText = '5'] = process.argv.slice(2);
const prompts = Number(promptsText);
const warmup = Number(warmupText);

/** The tool the browser pages ask about: read-only, closed-world, medium risk. */
const tool: ToolDefinition = {
  name: 'notes_search',
  title: 'Search notes',
  description: 'Finds notes whose text contains the query.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer' } },
    required: ['query'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

const stdin = new Readable({ read() {} }) as Readable & Record<string, unknown>;
Object.assign(stdin, {
  isTTY: true,
  isRaw: false,
  setRawMode(mode: boolean) {
    stdin.isRaw = mode;
    return stdin;
  },
  ref: () => stdin,
  unref: () => stdin,
});

let onWrite: ((text: string, at: number) => void) | undefined;
function terminalOutput(): NodeJS.WriteStream {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      onWrite?.(String(chunk), performance.now());
      callback();
    },
  }) as Writable & Record<string, unknown>;
  Object.assign(stream, { isTTY: true, columns: 100, rows: 40 });
  return stream as unknown as NodeJS.WriteStream;
}

const engine = createPermissionEngine({ store: memoryStore(), audit: memoryAuditSink() });
await engine.ready;
const prompter = inkPrompter({
  engine,
  stdin: stdin as unknown as NodeJS.ReadStream,
  stdout: terminalOutput(),
  stderr: terminalOutput(),
  locale: 'en-US',
  color: true,
  plain: false,
  guardMs: 0, // answered at once by the bench
  onInterrupt: () => {},
});

const samples: number[] = [];
const cpuSamples: number[] = [];
let first = 0;
for (let i = 0; i < warmup + prompts; i += 1) {
  const call: ToolCall = {
    userId: 'bench-user',
    workspaceId: 'bench',
    server: { id: 'notes', name: 'Notes', trusted: true },
    tool,
    args: { query: `budget ${i}`, limit: 5 },
  };
  const frame = new Promise<number>((resolve) => {
    onWrite = (text, at) => {
      if (!text.includes('notes_search')) return;
      onWrite = undefined;
      resolve(at);
    };
  });
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const result = engine.request(call, { prompt: prompter.prompt });
  const framedAt = await frame;
  const cpu = process.cpuUsage(cpuStart);
  if (i === 0) first = framedAt - start;
  if (i >= warmup) {
    samples.push(framedAt - start);
    cpuSamples.push((cpu.user + cpu.system) / 1000);
  }
  // Input that arrives in the mount's own turn is ignored (the guard): answer a turn later.
  await turn();
  await turn();
  stdin.push('1');
  const settled = await result;
  if (!settled.allowed || settled.choice !== 'allow_once') {
    throw new Error(`prompt ${i} was answered ${settled.choice}`);
  }
  while (prompter.getSnapshot().current) await turn();
  await turn(); // Ink unmounts a turn after the last question closes
  await new Promise((resolve) => setTimeout(resolve, 5));
}
prompter.unmount();
engine.dispose();
process.stdout.write(
  `${JSON.stringify({ first, samples, cpuSamples, nodeEnv: process.env.NODE_ENV ?? null })}\n`,
);
process.exit(0);
