import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-consent-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run demo:engine`'s script with answers typed on stdin. */
async function runDemo(input: string): Promise<string> {
  const child = promisify(execFile)(
    process.execPath,
    ['--conditions=mcp-consent-source', '--import', 'tsx', 'scripts/engine-demo.ts'],
    { cwd: root, env: { ...process.env, MCP_CONSENT_DEMO_DIR: dir }, timeout: 60_000 },
  );
  child.child.stdin!.end(input);
  return (await child).stdout;
}

it('npm run demo:engine: answers are remembered in a real file across runs', async () => {
  // Allow once, Allow always, (2 refused for the destructive tool) Deny once, Deny always.
  const first = await runDemo('1\n2\n2\n3\n4\n');
  expect(first).toContain('→ notes_list: ALLOWED (allow_once, user_prompt)');
  expect(first).toContain('→ notes_put: ALLOWED (allow_always, user_prompt)');
  expect(first).toContain('Allow always is not available for this tool');
  expect(first).toContain('→ notes_delete: DENIED (deny_once, user_prompt)');
  expect(first).toContain('→ web_fetch: DENIED (deny_always, user_prompt)');

  // Second run: only the tools without grants ask; the others are cache hits.
  const second = await runDemo('3\n3\n');
  expect(second).toContain('→ notes_put: ALLOWED (allow_always, cache_hit)');
  expect(second).toContain('→ web_fetch: DENIED (deny_always, cache_hit)');
  expect(second).toContain('→ notes_list: DENIED (deny_once, user_prompt)');
  expect(second).toMatch(/allow notes_put +expires 20\d\d-/);
});
