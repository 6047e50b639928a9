/**
 * Test programs (the terminal host, the demo server, fixture servers) run as
 * child processes from their TypeScript sources. Through `--import tsx` every
 * spawn compiles and loads a few hundred modules (3–4 s on two loaded cores);
 * one bundle of the same sources and their dependencies starts in ~0.3 s.
 * Workspace packages are bundled from source (`mcp-consent-source` condition),
 * so no prior build is needed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Inside the repository, next to the node_modules the bundle came from. */
const outDir = join(root, 'node_modules', '.cache', 'mcp-consent-test-bundles');

/**
 * Ink loads React DevTools only when `DEV=true`, through a module that imports the
 * optional `react-devtools-core`; one bundle has no lazy chunks, so it gets an empty stand-in.
 */
const noDevtools: Plugin = {
  name: 'no-react-devtools',
  setup(context) {
    context.onResolve({ filter: /^react-devtools-core$/ }, (args) => ({
      path: args.path,
      namespace: 'stub',
    }));
    context.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {};' }));
  },
};

/** CommonJS dependencies call `require` for Node built-ins; an ES module has none of its own. */
const requireShim =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

const bundles = new Map<string, Promise<string>>();

/**
 * Bundles `entry` (an absolute path to a `.ts` file) into one ES module and
 * returns its path. The file name is the content's hash, written atomically,
 * so test files in parallel processes share bundles without clobbering them.
 */
export function bundleEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleOnce(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

async function bundleOnce(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['mcp-consent-source'],
    plugins: [noDevtools],
    banner: { js: requireShim },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const name = `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = join(outDir, name);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return file;
}

/** `[node, bundle]`: the command line that runs `entry`'s bundle with the current Node. */
export async function bundledCommand(entry: string): Promise<string[]> {
  return [process.execPath, await bundleEntry(entry)];
}
