/**
 * Imported first by the command, before anything loads Ink.
 *
 * Ink reads `CI` once, at import (is-in-ci), and then draws only its last frame on exit: a
 * prompt nobody can see, waiting for an answer. A terminal on both ends means a person is
 * there to answer, so the command clears the flag for its own process; the servers it starts
 * get the environment it was started with (`launchEnv`).
 */
import process from 'node:process';

/** The environment as the command received it. */
export const launchEnv: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
);

if (process.stdin.isTTY && process.stdout.isTTY) {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
}
