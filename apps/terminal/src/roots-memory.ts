/**
 * `--root DIR`: the host's roots (folders as `file://` URIs named by their basename) and a
 * `RootsMemory` in `roots.json` of the store, so the folders a user let a server see are
 * remembered across restarts, per user, workspace and server (like grants).
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root, RootsMemory } from '@mcp-consent/mcp';
import { writeJsonFile } from './json-file.js';

/** The roots offered to servers, in the order given on the command line. */
export function hostRoots(dirs: readonly string[]): Root[] {
  return dirs.map((dir) => ({ uri: pathToFileURL(dir).href, name: basename(dir) || dir }));
}

interface RootsFile {
  version: 1;
  /** Key: `[userId, workspaceId, serverId]` as JSON; value: the root URIs the user allowed. */
  choices: Record<string, string[]>;
}

/** `roots.json` next to the grant file. */
export function rootsFilePath(storeDir: string): string {
  return join(storeDir, 'roots.json');
}

/**
 * A file-backed `RootsMemory` for one user and workspace. A file that cannot be read or
 * parsed makes `get` throw, so the guard asks the user again (it never guesses a choice).
 */
export function fileRootsMemory(
  file: string,
  scope: { userId: string; workspaceId: string },
): RootsMemory {
  const key = (serverId: string) => JSON.stringify([scope.userId, scope.workspaceId, serverId]);
  let writing: Promise<unknown> = Promise.resolve();

  async function load(): Promise<RootsFile> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return { version: 1, choices: {} };
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<RootsFile>;
    if (parsed?.version !== 1 || typeof parsed.choices !== 'object' || parsed.choices === null)
      throw new Error(`${file} is not a roots file of version 1`);
    return { version: 1, choices: parsed.choices };
  }

  /** Read, change and write back, one change at a time (temp file + rename: never half a file). */
  function update(change: (choices: RootsFile['choices']) => void): Promise<void> {
    const next = writing.then(async () => {
      const data = await load();
      change(data.choices);
      await writeJsonFile(file, data);
    });
    writing = next.catch(() => undefined);
    return next;
  }

  return {
    async get(serverId) {
      await writing;
      const uris = (await load()).choices[key(serverId)];
      return Array.isArray(uris) ? uris.filter((uri) => typeof uri === 'string') : undefined;
    },
    set: (serverId, uris) =>
      update((choices) => {
        choices[key(serverId)] = [...uris];
      }),
    delete: (serverId) =>
      update((choices) => {
        delete choices[key(serverId)];
      }),
  };
}
