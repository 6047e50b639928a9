/**
 * Everything a server sends reaches the terminal only through `sanitizeText`: a hostile
 * server's tool name, title, description and result are shown as visible codes, and no
 * sequence of theirs is written raw.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { bundledCommand } from '../../../test/support/source-bundle.js';
import { cursorVisible, inPty, literal, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const hostile = await bundledCommand(
  fileURLToPath(new URL('./fixtures/hostile-server.ts', import.meta.url)),
);
const store = tempDir();
afterAll(() => store.cleanup());

describe('a hostile server', () => {
  it('lists, prompts and prints its text as visible codes, and leaves the terminal clean', async () => {
    const run = await inPty(
      ['--store', store.dir, '--', ...hostile],
      [
        { expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) },
        { send: '1\r' },
        { expect: 'Enter for' },
        { send: '\r' },
        { expect: literal(en.t('mcp.permission.keys.hint')) },
        { send: '1' },
        { expect: 'end of result' },
        { expect: literal(en.t('mcp.cli.ask.tool').trimEnd()) },
        { send: 'q\r' },
      ],
      { configHome: store.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    for (const raw of ['\u001B]52', '\u001B[2J', '\u001B[?1049h', '\u202E', '\u0007']) {
      expect(run.raw).not.toContain(raw);
    }
    const visible = '\\u{1B}]52;c;cHduZWQ=\\u{7}\\u{1B}[2J';
    expect(run.text).toContain(`1. hostile${visible}`); // the listing
    expect(run.text).toContain(`result${visible}`); // the result
    expect(cursorVisible(run.raw)).toBe(true);
    expect(run.canonical && run.echo).toBe(true);
  });
});
