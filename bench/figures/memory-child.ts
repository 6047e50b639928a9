/**
 * Child process of the memory figure (started with --expose-gc): loads the
 * grant file at argv[2] into an engine and prints the heap it holds, as JSON.
 */
import { createPermissionEngine } from '@mcp-consent/engine';
import { fileStore } from '@mcp-consent/engine/file';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const [path, countText] = process.argv.slice(2);
const expected = Number(countText);

const settle = () => {
  for (let i = 0; i < 4; i += 1) gc();
};
settle();
const before = process.memoryUsage().heapUsed;
const engine = createPermissionEngine({ store: fileStore(path!) });
await engine.ready;
settle();
const after = process.memoryUsage().heapUsed;
const grants = engine.grants().length;
if (grants !== expected) throw new Error(`loaded ${grants} grants, expected ${expected}`);
process.stdout.write(`${JSON.stringify({ bytes: after - before, grants })}\n`);
engine.dispose();
