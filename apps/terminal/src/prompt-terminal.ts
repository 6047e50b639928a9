/**
 * Where the host draws its prompts and reads the answering keys. stdout belongs to the
 * result when it is redirected, so prompts then go to the controlling terminal.
 */
import process from 'node:process';
import { ReadStream, WriteStream } from 'node:tty';
import { controllingTerminal } from './person-at-terminal.js';

export interface PromptTerminal {
  /** Keys come from here; not a TTY means nobody can answer (prompts fail closed). */
  input: NodeJS.ReadStream;
  /** Prompts are drawn here. */
  output: NodeJS.WriteStream;
  /** True when `input` and `output` are the opened `/dev/tty`, not the process's own streams. */
  opened: boolean;
  /** Hands the opened terminal back (cooked mode, cursor shown) and closes it; idempotent. */
  close(): void;
}

/**
 * stdin and stdout when both are terminals (in `call` mode prompts go to stderr, when it
 * is one, so stdout holds only the result); else `/dev/tty` when it can be opened; else
 * the process's own streams, where a prompt fails closed because stdin is not a terminal.
 */
export function promptTerminal(call: boolean): PromptTerminal {
  const { stdin, stdout, stderr } = process;
  const own = (): PromptTerminal => ({
    input: stdin,
    output: call && stderr.isTTY ? stderr : stdout,
    opened: false,
    close: () => undefined,
  });
  if ((stdin.isTTY && stdout.isTTY) || !controllingTerminal) return own();
  const fds = controllingTerminal;
  let input: ReadStream;
  let output: WriteStream;
  try {
    input = new ReadStream(fds.read);
    output = new WriteStream(fds.write);
  } catch {
    return own();
  }
  let closed = false;
  return {
    input: input as NodeJS.ReadStream,
    output: output as NodeJS.WriteStream,
    opened: true,
    close() {
      if (closed) return;
      closed = true;
      // Ink gives these back on unmount; an interrupted run may not have unmounted.
      try {
        if (input.isRaw) input.setRawMode(false);
      } catch {
        // A terminal that went away has no mode left to restore.
      }
      // The stream owns its fd: destroying it closes it, and nothing keeps the process alive.
      input.destroy();
      output.destroy();
    },
  };
}
