/** The pure parts of issue 18 in the terminal: the new flags, the host roots and their memory. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { parseCli, UsageError } from '../src/args.js';
import { fileRootsMemory, hostRoots } from '../src/roots-memory.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const dir = mkdtempSync(join(tmpdir(), 'mcp-consent-issue18-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseCli (issue 18 flags)', () => {
  it('defaults: no sampling command, no roots, SDK 1.x (2025-11-25)', () => {
    const options = parseCli(['--', 'srv'], en);
    expect(options.samplingCommand).toBeUndefined();
    expect(options.roots).toEqual([]);
    expect(options.protocol).toBe('2025-11-25');
  });

  it('reads --sampling-command, repeated --root (made absolute) and --protocol auto', () => {
    const options = parseCli(
      ['--sampling-command', 'llm --json', '--root', 'a', '--root', '/b', '--protocol', 'auto'],
      en,
    );
    expect(options.samplingCommand).toBe('llm --json');
    expect(options.roots).toEqual([resolve('a'), '/b']);
    expect(options.protocol).toBe('auto');
  });

  it('an unknown --protocol is a usage error that says what is allowed', () => {
    expect(() => parseCli(['--protocol', '2026-07-28', '--', 'srv'], en)).toThrow(UsageError);
    expect(() => parseCli(['--protocol', 'x', '--', 'srv'], en)).toThrow(
      en.t('mcp.cli.error.bad_protocol', { value: 'x' }),
    );
  });
});

describe('host roots and their file memory', () => {
  it('offers each folder as a file:// URI named by its basename', () => {
    expect(hostRoots(['/home/ana/my project'])).toEqual([
      { uri: pathToFileURL('/home/ana/my project').href, name: 'my project' },
    ]);
  });

  it('remembers per user, workspace and server, across instances (a restart)', async () => {
    const file = join(dir, 'roots.json');
    const ana = fileRootsMemory(file, { userId: 'ana', workspaceId: '/w' });
    await ana.set('s1', ['file:///a']);
    const again = fileRootsMemory(file, { userId: 'ana', workspaceId: '/w' });
    expect(await again.get('s1')).toEqual(['file:///a']);
    expect(await again.get('s2')).toBeUndefined();
    expect(
      await fileRootsMemory(file, { userId: 'bo', workspaceId: '/w' }).get('s1'),
    ).toBeUndefined();
    await again.delete('s1');
    expect(await ana.get('s1')).toBeUndefined();
  });

  it('a broken file is no choice: get throws (the guard then asks) and set does not overwrite it', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{not json');
    const memory = fileRootsMemory(file, { userId: 'ana', workspaceId: '/w' });
    await expect(memory.get('s1')).rejects.toThrow();
    await expect(memory.set('s1', ['file:///a'])).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{not json');
  });
});
