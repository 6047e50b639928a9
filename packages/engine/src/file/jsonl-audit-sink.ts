import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { AuditSink } from '../audit.js';
import { DEFAULT_AUDIT_MAX_AGE_MS } from '../audit-retention.js';
import type { Clock } from '../clock.js';
import { StoreUnavailableError } from '../errors.js';
import { systemClock } from '../system-clock.js';
import type { AuditEvent } from '../types.js';
import { describe, errorCode } from './file-io.js';
import { rotationOf, utcDay } from './jsonl-rotation.js';

export interface JsonlAuditSinkOptions {
  /**
   * Flush each appended line to the disk before `write` resolves. Slower;
   * without it a crash of the process still keeps every line already written,
   * only a power loss can drop the last few.
   * @default false
   */
  durable?: boolean;
  /**
   * Rotated files whose entries are all older than this are deleted, when the sink opens and
   * after each rotation. Same name and default as PostgreSQL's `pruneAudit`.
   * @default DEFAULT_AUDIT_MAX_AGE_MS (400 days)
   */
  maxAgeMs?: number;
  /**
   * The live file is rotated before an append would take it past this size (a single burst
   * larger than it still goes whole into a fresh file). It is also rotated at each new UTC day.
   * @default 10 MiB (10 * 1024 * 1024)
   */
  maxFileBytes?: number;
  /**
   * Time for rotation names, the day boundary and the retention window.
   * @default systemClock
   */
  clock?: Clock;
}

/** An audit sink that appends to a JSON Lines file, with where it lives. */
export interface JsonlAuditSink extends AuditSink {
  readonly path: string;
  write(event: AuditEvent): Promise<void>;
  /** Every event, oldest first: the rotated files, then the live one. */
  read(): Promise<AuditEvent[]>;
  /** Deletes the rotated files past `maxAgeMs` now; resolves with how many. */
  prune(): Promise<number>;
}

/** What the sink knows of the live file, learned from the disk at its first append. */
interface LiveFile {
  size: number;
  /** UTC day of its first entry: a later day rotates it. */
  day: number;
  /** It ends mid-line (a writer died): the next append starts on a fresh line. */
  torn: boolean;
}

/**
 * Appends one JSON line per audit event to `path` (directories are created).
 * Appends are serialized, so lines never interleave within one process; events written
 * while an append is under way share the next one, and each `write` settles with it (an event
 * JSON cannot hold is left out, and its batch's writes reject saying how many; the rest is
 * appended). Events are serialized when their append starts, not when written. `read()`
 * returns every event in file order; a torn last line (the writer died mid-line)
 * is skipped, and the next append starts on a fresh line so it is not glued to it.
 *
 * Rotation: before an append would take the file past `maxFileBytes`, or at a new UTC day, the
 * file is renamed (atomically) to `<name>.<UTC time>.jsonl` and a fresh one started. Rotation
 * runs inside the serialized append, between whole lines, so a line is never split or lost.
 * Rotated files older than `maxAgeMs` are deleted on open and after each rotation; files whose
 * name the sink did not make are never touched. One process writes a given file.
 */
export function jsonlAuditSink(path: string, options: JsonlAuditSinkOptions = {}): JsonlAuditSink {
  const file = resolve(path);
  const durable = options.durable ?? false;
  const clock = options.clock ?? systemClock;
  const maxAgeMs = Math.max(0, options.maxAgeMs ?? DEFAULT_AUDIT_MAX_AGE_MS);
  const maxFileBytes = Math.max(1, options.maxFileBytes ?? 10 * 1024 * 1024);
  const rotation = rotationOf(file);
  let tail: Promise<unknown> = Promise.resolve();
  let live: LiveFile | null = null;
  /** Events waiting for the next append; it closes when that append starts. */
  let batch: { events: AuditEvent[]; done: Promise<void> } | null = null;

  /** Runs `work` after every queued append, rotation and read. */
  function queue<T>(work: () => Promise<T>): Promise<T> {
    const done = tail.then(work);
    tail = done.catch(() => undefined);
    return done;
  }

  const prune = () => rotation.prune(clock.now() - maxAgeMs);

  /** Retention never fails an append: a folder it cannot clean is reported, not fatal. */
  async function pruneQuietly(): Promise<void> {
    try {
      await prune();
    } catch (error) {
      console.warn(
        `[mcp-consent] could not delete old audit files of "${file}": ${describe(error)}`,
      );
    }
  }

  /** Starts a fresh live file; false when the rename failed (the append goes on in the old one). */
  async function rotate(now: number): Promise<boolean> {
    try {
      await rotation.rotate(now, durable);
    } catch (error) {
      console.warn(`[mcp-consent] could not rotate the audit log "${file}": ${describe(error)}`);
      return false;
    }
    live = { size: 0, day: utcDay(now), torn: false };
    await pruneQuietly();
    return true;
  }

  async function writeText(text: string): Promise<void> {
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
  }

  async function append(lines: string[]): Promise<void> {
    try {
      live ??= await inspect(file, clock.now());
      let next = 0;
      // Once a rename failed, this append goes on in the old file rather than lose lines.
      let canRotate = true;
      while (next < lines.length) {
        const now = clock.now();
        if (canRotate && live.size > 0 && utcDay(now) !== live.day) canRotate = await rotate(now);
        const mayRotate = canRotate && live.size > 0;
        // Whole lines up to the size limit; at least one into a file that is empty or could not rotate.
        let text = live.torn ? '\n' : '';
        // Counted line by line: measuring the text so far at each line made a burst quadratic.
        let bytes = text.length;
        let end = next;
        while (end < lines.length) {
          const line = lines[end]!;
          const lineBytes = Buffer.byteLength(line);
          if (live.size + bytes + lineBytes > maxFileBytes && (end > next || mayRotate)) break;
          text += line;
          bytes += lineBytes;
          end += 1;
        }
        if (end === next) {
          canRotate = await rotate(now);
          continue;
        }
        await writeText(text);
        if (live.size === 0) live.day = utcDay(now);
        live.size += bytes;
        live.torn = false;
        next = end;
      }
    } catch (error) {
      // The disk state is unknown now: learn it again at the next append.
      live = null;
      throw new StoreUnavailableError(
        `Cannot append to the audit log "${file}": ${describe(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  /**
   * Appends a batch's events, one line each. An event JSON cannot hold is left out and the
   * batch's writes reject saying so; the others are appended all the same.
   */
  async function appendEvents(events: AuditEvent[]): Promise<void> {
    const lines: string[] = [];
    for (const event of events) {
      try {
        lines.push(`${JSON.stringify(event)}\n`);
      } catch {
        // counted below
      }
    }
    if (lines.length > 0) await append(lines);
    if (lines.length < events.length) {
      throw new StoreUnavailableError(
        `${events.length - lines.length} audit event(s) of a batch of ${events.length} have no ` +
          `JSON form and were not appended to "${file}"; the others were.`,
      );
    }
  }

  void queue(pruneQuietly);

  return {
    path: file,
    write(event) {
      // Events that arrive while an append is under way go out together in the next one:
      // one file write (and one fsync when durable) per burst instead of one per event. They
      // are serialized then, not on the turn of the decision that wrote them.
      if (batch === null) {
        const next: { events: AuditEvent[]; done: Promise<void> } = {
          events: [],
          done: Promise.resolve(),
        };
        next.done = queue(() => {
          if (batch === next) batch = null;
          return appendEvents(next.events);
        });
        batch = next;
      }
      batch.events.push(event);
      return batch.done;
    },
    // Queued, so a read right after a write sees it and no rotation moves a file mid-read.
    read: () => queue(readAll),
    prune: () => queue(prune),
  };

  async function readAll(): Promise<AuditEvent[]> {
    const events: AuditEvent[] = [];
    const files = [...(await rotation.list()).map((rotated) => rotated.path), file];
    for (const path of files) {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue;
        throw new StoreUnavailableError(`Cannot read the audit log "${path}": ${describe(error)}`, {
          cause: error,
        });
      }
      events.push(...parseJsonl(text, path));
    }
    return events;
  }
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

/** Creates the folder and reads what the next append needs to know about the live file. */
async function inspect(file: string, now: number): Promise<LiveFile> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size === 0) return { size, day: utcDay(now), torn: false };
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    return { size, day: utcDay(firstTime(head.toString('utf8')) ?? now), torn: last[0] !== 0x0a };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { size: 0, day: utcDay(now), torn: false };
    throw error;
  } finally {
    await handle?.close();
  }
}

/** The time of the file's first entry, if it reads as one. */
function firstTime(head: string): number | undefined {
  try {
    const first = JSON.parse(head.slice(0, head.indexOf('\n'))) as { timestamp?: unknown };
    const time = typeof first.timestamp === 'string' ? Date.parse(first.timestamp) : NaN;
    return Number.isNaN(time) ? undefined : time;
  } catch (_error) {
    return undefined;
  }
}
