import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { AuditSink } from '../audit.js';
import { StoreUnavailableError } from '../errors.js';
import type { AuditEvent } from '../types.js';
import { describe, errorCode } from './file-io.js';

export interface JsonlAuditSinkOptions {
  /**
   * Flush each appended line to the disk before `write` resolves. Slower;
   * without it a crash of the process still keeps every line already written,
   * only a power loss can drop the last few.
   * @default false
   */
  durable?: boolean;
}

/** An audit sink that appends to a JSON Lines file, with where it lives. */
export interface JsonlAuditSink extends AuditSink {
  readonly path: string;
  read(): Promise<AuditEvent[]>;
}

/**
 * Appends one JSON line per audit event to `path` (directories are created).
 * Appends are serialized, so lines never interleave within one process; events written
 * while an append is under way share the next one, and each `write` settles with it. `read()`
 * returns every event in file order; a torn last line (the writer died mid-line)
 * is skipped, and the next append starts on a fresh line so it is not glued to it.
 */
export function jsonlAuditSink(path: string, options: JsonlAuditSinkOptions = {}): JsonlAuditSink {
  const file = resolve(path);
  const durable = options.durable ?? false;
  let tail: Promise<unknown> = Promise.resolve();
  let checkedEnding = false;
  /** Lines waiting for the next append; it closes when that append starts. */
  let batch: { text: string; done: Promise<void> } | null = null;

  async function append(text: string): Promise<void> {
    try {
      if (!checkedEnding) {
        await mkdir(dirname(file), { recursive: true, mode: 0o700 });
        if (await endsMidLine(file)) text = `\n${text}`;
        checkedEnding = true;
      }
      if (durable) {
        const handle = await open(file, 'a', 0o600);
        try {
          await handle.appendFile(text, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
      } else {
        await appendFile(file, text, { encoding: 'utf8', mode: 0o600 });
      }
    } catch (error) {
      throw new StoreUnavailableError(
        `Cannot append to the audit log "${file}": ${describe(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  return {
    path: file,
    write(event) {
      let line: string;
      try {
        line = `${JSON.stringify(event)}\n`;
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      // Events that arrive while an append is under way go out together in the next one:
      // one file write (and one fsync when durable) per burst instead of one per event.
      if (batch === null) {
        const next = { text: '', done: Promise.resolve() };
        next.done = tail.then(() => {
          if (batch === next) batch = null;
          return append(next.text);
        });
        tail = next.done.catch(() => undefined);
        batch = next;
      }
      batch.text += line;
      return batch.done;
    },
    async read() {
      // Wait for queued appends, so a read right after a write sees it.
      await tail;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return [];
        throw new StoreUnavailableError(`Cannot read the audit log "${file}": ${describe(error)}`, {
          cause: error,
        });
      }
      return parseJsonl(text, file);
    },
  };
}

function parseJsonl(text: string, file: string): AuditEvent[] {
  const lines = text.split('\n');
  const events: AuditEvent[] = [];
  let skipped = 0;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      events.push(JSON.parse(line) as AuditEvent);
    } catch (_error) {
      // The last piece has no newline after it: a writer died mid-line. Expected, not worth a warning.
      if (index !== lines.length - 1) skipped += 1;
    }
  }
  if (skipped > 0) {
    console.warn(`[mcp-consent] skipped ${skipped} unreadable line(s) in the audit log "${file}"`);
  }
  return events;
}

async function endsMidLine(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  } finally {
    await handle?.close();
  }
}
