/** `--sampling-command`'s generator (issue 18): JSON in on stdin, the reply out on stdout. */
import { describe, expect, it } from 'vitest';
import type { SamplingParams } from '@mcp-consent/prompt';
import { commandGenerator } from '../src/sampling-command.js';

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

  it('the server giving up kills the command', async () => {
    const controller = new AbortController();
    const running = commandGenerator(`${node} -e "setTimeout(()=>{},60000)"`)(params, {
      server: { id: 's' },
      signal: controller.signal,
    });
    controller.abort();
    await expect(running).rejects.toThrow(/cancelled/);
  });
});
