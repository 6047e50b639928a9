/** `--sampling-command`'s generator (issue 18): JSON in on stdin, the reply out on stdout. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SamplingParams } from '@mcp-consent/prompt';
import { until } from '../../../test/scenarios/poll.js';
import { commandGenerator } from '../src/sampling-command.js';

/** Whether a process with this id still runs (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const node = JSON.stringify(process.execPath);
const params: SamplingParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  maxTokens: 5,
};
const context = () => ({ server: { id: 's' }, signal: new AbortController().signal });
/** A command that echoes the last message's text back as the reply. */
const ECHO = `${node} -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);process.stdout.write(JSON.stringify({role:'assistant',content:{type:'text',text:'echo: '+p.messages.at(-1).content.text},model:'cmd'}))})"`;

describe('commandGenerator', () => {
  it('writes the approved request to stdin and reads the reply from stdout', async () => {
    await expect(commandGenerator(ECHO)(params, context())).resolves.toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'echo: hello' },
      model: 'cmd',
    });
  });

  it('a command that fails or prints no JSON throws: nothing is invented', async () => {
    await expect(
      commandGenerator(`${node} -e "process.exit(3)"`)(params, context()),
    ).rejects.toThrow(/code 3/);
    await expect(
      commandGenerator(`${node} -e "process.stdout.write('not json')"`)(params, context()),
    ).rejects.toThrow(/no JSON/);
  });

  it('the server giving up kills the command, also a process its shell forked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sampling-command-'));
    const pidFile = join(dir, 'pid');
    const controller = new AbortController();
    // `& wait`: the shell forks the command instead of replacing itself with it.
    const sleeper = `${node} -e "require('fs').writeFileSync(${JSON.stringify(JSON.stringify(pidFile)).slice(1, -1)}, String(process.pid)); setTimeout(()=>{},60000)"`;
    const running = commandGenerator(`${sleeper} & wait`)(params, {
      server: { id: 's' },
      signal: controller.signal,
    });
    // Its rejection is checked below, after the process check: held here so it is not unhandled.
    const settled = Promise.resolve(running).then(
      () => null,
      (error: unknown) => error,
    );
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the command');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    controller.abort();
    await until(() => !alive(pid), 'the forked command to end');
    expect(String(await settled)).toMatch(/cancelled/);
    rmSync(dir, { recursive: true, force: true });
  });
});
