import { open, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { errorCode } from './file-io.js';

/** A rotated audit file: `<name>.<UTC time of the rotation>[-n].jsonl`, next to the live one. */
export interface RotatedFile {
  path: string;
  /** When it was rotated: no entry in it is newer. */
  rotatedAt: number;
  /** Tells apart files rotated in the same millisecond. */
  serial: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/** `2026-01-01T00:00:00.000Z` → `2026-01-01T00-00-00.000Z`: no colons, which Windows refuses. */
const stamp = (ms: number): string => new Date(ms).toISOString().replaceAll(':', '-');

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names and finds the rotated siblings of one live audit file. */
export function rotationOf(file: string) {
  const dir = dirname(file);
  const name = basename(file, extname(file));
  // Only names this sink makes match: a foreign or hand-made file is never listed, so never deleted.
  const pattern = new RegExp(
    `^${escape(name)}\\.(\\d{4}-\\d{2}-\\d{2}T\\d{2})-(\\d{2})-(\\d{2}\\.\\d{3}Z)(?:-(\\d+))?\\.jsonl$`,
  );

  /** The rotated files, oldest first; none when the folder does not exist. */
  async function list(): Promise<RotatedFile[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return [];
      throw error;
    }
    const found: RotatedFile[] = [];
    for (const entry of names) {
      const match = pattern.exec(entry);
      if (!match) continue;
      const rotatedAt = Date.parse(`${match[1]}:${match[2]}:${match[3]}`);
      if (Number.isNaN(rotatedAt)) continue;
      found.push({ path: join(dir, entry), rotatedAt, serial: Number(match[4] ?? 0) });
    }
    return found.sort((a, b) => a.rotatedAt - b.rotatedAt || a.serial - b.serial);
  }

  /**
   * Renames the live file to a rotated name (atomic; an existing rotated file is never
   * overwritten). With `durable`, the folder is flushed too, so the rename survives a power loss.
   */
  async function rotate(now: number, durable: boolean): Promise<void> {
    const taken = new Set((await list()).map((rotated) => basename(rotated.path)));
    let target = `${name}.${stamp(now)}.jsonl`;
    for (let serial = 1; taken.has(target); serial += 1) {
      target = `${name}.${stamp(now)}-${serial}.jsonl`;
    }
    await rename(file, join(dir, target));
    if (durable) {
      const handle = await open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }

  /** Deletes the rotated files rotated before `cutoff` (so every entry in them is older). */
  async function prune(cutoff: number): Promise<number> {
    let deleted = 0;
    for (const rotated of await list()) {
      if (rotated.rotatedAt >= cutoff) continue;
      try {
        await unlink(rotated.path);
        deleted += 1;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
    return deleted;
  }

  return { list, rotate, prune };
}
