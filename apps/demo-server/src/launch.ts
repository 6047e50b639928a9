import { fileURLToPath } from 'node:url';

/** How to start the stdio entry point as a child process (the shape `StdioClientTransport` takes). */
export interface DemoServerCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The command that runs this package's stdio server with the current Node:
 * from `dist/stdio.js` when built, or through tsx from `src/stdio.ts` when this
 * module itself runs from source (tests, `--conditions=mcp-consent-source`).
 */
export function demoServerCommand(
  options: { args?: string[]; env?: Record<string, string | undefined> } = {},
): DemoServerCommand {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSource ? './stdio.ts' : './stdio.js', import.meta.url));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...options.env })) {
    if (value !== undefined) env[key] = value;
  }
  return {
    command: process.execPath,
    args: [...(fromSource ? ['--import', 'tsx'] : []), entry, ...(options.args ?? [])],
    env,
  };
}
