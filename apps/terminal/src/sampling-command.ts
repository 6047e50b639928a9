import { spawn } from 'node:child_process';
import type { SamplingGenerator } from '@mcp-consent/mcp';
import type { SamplingResult } from '@mcp-consent/prompt';

/** Longest reply read from the command, in bytes: a reply past it is refused, not cut. */
export const MAX_REPLY_BYTES = 1_048_576;

/**
 * The terminal host's sampling generator (`--sampling-command CMD`, issue 18): runs `CMD` in a
 * shell for each request the user approved, writes the approved (edited) `sampling/createMessage`
 * params to its stdin as one JSON document, and reads its stdout as the reply (a
 * `CreateMessageResult`: `{ role: 'assistant', content, model, stopReason? }`). A command that
 * fails, exits non-zero, prints no JSON or too much throws, so the server gets an error and
 * nothing is invented. The server's abort kills it. The user reviews the reply before it is sent.
 */
export function commandGenerator(command: string): SamplingGenerator {
  return (params, { signal }) =>
    new Promise<SamplingResult>((resolve, reject) => {
      if (signal.aborted) return reject(new Error('The sampling request was cancelled.'));
      // Its own process group: the shell may fork the command, and a kill must reach both.
      const child = spawn(command, {
        shell: true,
        detached: true,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const chunks: Buffer[] = [];
      let size = 0;
      const killGroup = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
        } catch {
          child.kill(); // the group is gone already, or never started
        }
      };
      const onAbort = () => {
        killGroup();
        // Do not wait for its pipes: a process that ignores SIGTERM must not hold the call.
        fail(new Error('The sampling request was cancelled.'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const fail = (error: Error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      };
      child.on('error', fail);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) killGroup();
        else chunks.push(chunk);
      });
      child.on('close', (code) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) return reject(new Error('The sampling request was cancelled.'));
        if (size > MAX_REPLY_BYTES)
          return reject(new Error('The sampling command replied too much.'));
        if (code !== 0) return reject(new Error(`The sampling command exited with code ${code}.`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SamplingResult);
        } catch {
          reject(new Error('The sampling command printed no JSON reply.'));
        }
      });
      // A command that does not read its input must not fail the write.
      child.stdin.on('error', () => {});
      child.stdin.end(JSON.stringify(params));
    });
}
