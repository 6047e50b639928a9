/**
 * Chromium on a profile kept on disk, for tests of what survives a browser crash: launched in
 * its own process group (so a SIGKILL takes every process of it, the storage service too) and
 * reached over CDP, with helpers to wait for its IndexedDB writes and to leave its LevelDB log
 * as a crash in the middle of a write does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFile, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll } from 'vitest';
import { chromiumArgs, chromiumPath } from './browser.js';

export interface ProfileBrowser {
  browser: Browser;
  /** Kills the whole browser (SIGKILL, no shutdown) and resolves once it exited. */
  kill(): Promise<void>;
}

/**
 * For a test file: `launch(profile)` starts a Chromium on `profile`, `newProfile()` makes an
 * empty one; every browser is killed and every profile removed after the file.
 */
export function useProfileBrowsers() {
  const started: ChildProcess[] = [];
  const profiles: string[] = [];
  afterAll(async () => {
    await Promise.all(started.map(killGroup));
    await Promise.all(profiles.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function launch(profile: string): Promise<ProfileBrowser> {
    const child = spawn(
      chromiumPath(),
      [...chromiumArgs, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    started.push(child);
    let output = '';
    const endpoint = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (data: Buffer) => {
        output += String(data);
        const found = /DevTools listening on (ws:\S+)/.exec(output);
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
    });
    return { browser: await chromium.connectOverCDP(endpoint), kill: () => killGroup(child) };
  }

  async function newProfile(): Promise<string> {
    profiles.push(await mkdtemp(join(tmpdir(), 'mcp-consent-profile-')));
    return profiles.at(-1)!;
  }

  return { launch, newProfile };
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
}

const indexedDbDir = (profile: string) => join(profile, 'Default', 'IndexedDB');

/**
 * Resolves once the profile's IndexedDB files have kept their sizes for `quiet` ms. Chromium's
 * LevelDB reuses its log after a crash and appends after a record the kill cut short, so the
 * start after next finds a checksum mismatch and deletes the origin's whole IndexedDB (engine
 * README, "IndexedDB and browser crashes"). A test of what a page's transactions keep kills
 * between writes, after this.
 */
export async function settled(profile: string, quiet = 1_000, timeout = 20_000): Promise<void> {
  const root = indexedDbDir(profile);
  const sizes = async () => {
    const files = await readdir(root, { recursive: true }).catch((): string[] => []);
    const stats = await Promise.all(
      files.map((file) => stat(join(root, file)).catch(() => undefined)),
    );
    return stats.map((info) => info?.size ?? -1).join();
  };
  const deadline = Date.now() + timeout;
  let last = await sizes();
  let since = Date.now();
  while (Date.now() - since < quiet && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await sizes();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/**
 * What a kill in the middle of a LevelDB log write leaves at the end of the origin's newest
 * log: a record header (length 342, type full) with none of its data. Written by hand, as no
 * kill can be timed to land there. Call it with the browser stopped.
 */
export async function cutLastWrite(profile: string): Promise<void> {
  const root = indexedDbDir(profile);
  const [origin] = (await readdir(root)).filter((name) => name.endsWith('.indexeddb.leveldb'));
  const logs = (await readdir(join(root, origin!))).filter((name) => name.endsWith('.log'));
  const newest = logs.sort().at(-1)!;
  await appendFile(join(root, origin!, newest), Buffer.from([1, 2, 3, 4, 0x56, 0x01, 1]));
}

/** The profile's IndexedDB folders, their files and LevelDB's own logs, for a failure's message. */
export async function levelDbReport(profile: string): Promise<string> {
  const root = indexedDbDir(profile);
  const lines: string[] = [];
  for (const origin of await readdir(root).catch((): string[] => [])) {
    const files = await readdir(join(root, origin)).catch((): string[] => []);
    lines.push(`${origin}: ${files.join(' ')}`);
    for (const log of ['LOG.old', 'LOG'])
      if (files.includes(log)) lines.push(await readFile(join(root, origin, log), 'utf8'));
  }
  return lines.join('\n');
}
