/**
 * Imported first by the command, before anything loads Ink.
 *
 * Ink reads `CI` once, at import (is-in-ci), and then draws only its last frame on exit: a
 * prompt nobody can see, waiting for an answer. A terminal to draw on and read keys from
 * means a person is there to answer, so the command clears the flag for its own process;
 * the servers it starts get the environment it was started with (`launchEnv`).
 *
 * That terminal is stdin and stdout, or, when either is redirected (`result=$(…)`,
 * `> out.json`), the controlling terminal `/dev/tty`, as fzf, gh and sudo do.
 */
import { openSync } from 'node:fs';
import process from 'node:process';

/** The environment as the command received it. */
export const launchEnv: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
);

/** `/dev/tty` opened for reading and for writing; undefined with no controlling terminal. */
export const controllingTerminal: { read: number; write: number } | undefined =
  process.stdin.isTTY && process.stdout.isTTY ? undefined : openTty();

function openTty(): { read: number; write: number } | undefined {
  // No controlling terminal (setsid, CI, a service) or not a POSIX system: ENXIO, ENOENT…
  try {
    return { read: openSync('/dev/tty', 'r'), write: openSync('/dev/tty', 'w') };
  } catch {
    return undefined;
  }
}

if ((process.stdin.isTTY && process.stdout.isTTY) || controllingTerminal) {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
}

/**
 * Ink's cursor helper (restore-cursor) shows the cursor at exit by writing to stderr, whatever
 * stderr is. Redirected, that is an escape code in a log file, and the terminal had its cursor
 * shown already, by Ink when the prompt closed.
 */
if (!process.stderr.isTTY) {
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) =>
    chunk === '\u001B[?25h' ? true : write(chunk, ...rest)) as typeof process.stderr.write;
}
