/**
 * Line input for the host's own questions (which tool, which arguments, "clear them?").
 * On a terminal a fresh `readline` interface is opened per question and closed right
 * after, so nothing of ours listens to stdin while an Ink prompt owns it (a key meant
 * for the prompt must never also land in our line). Without a terminal (piped input)
 * one interface reads the whole stream, so buffered lines are not lost between questions.
 */
import {
  clearScreenDown,
  createInterface,
  cursorTo,
  moveCursor,
  type Interface,
} from 'node:readline';
import { clean } from './text.js';

/** A line, the end of input (Ctrl+D or EOF), or Ctrl+C. */
export type Answer = { kind: 'line'; text: string } | { kind: 'eof' } | { kind: 'interrupt' };

export interface LineInput {
  /**
   * Asks for one line. On a terminal, `prefill` is typed onto the line after the question,
   * for the user to edit (Enter sends the line as it then reads); piped input ignores it.
   */
  ask(question: string, prefill?: string): Promise<Answer>;
  /** A person edits the line on a terminal: a `prefill` is shown and editable. */
  readonly editable: boolean;
  close(): void;
}

export function lineInput(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout,
): LineInput {
  return input.isTTY ? terminalInput(input, output) : streamInput(input, output);
}

/** The question being typed on the terminal, if any (a process has one terminal). */
let asking: { rl: Interface; output: NodeJS.WriteStream } | undefined;

/**
 * The question being typed on the terminal, for output that must not run into it (a server's
 * log line arriving meanwhile).
 */
export const openQuestion = {
  /** A question is being typed on the terminal. */
  open: (): boolean => asking !== undefined,
  /**
   * Writes above the question: the question and what was typed so far are wiped, `write` runs,
   * then both are drawn again below it with the cursor where it was. False, and `write` not
   * called, when no question is open.
   */
  above(write: () => void): boolean {
    if (!asking) return false;
    const { rl, output } = asking;
    // The rows between the question's first row and the cursor (the question may have a
    // line of its own above the input, and a long input wraps).
    const rows = rl.getCursorPos().rows;
    moveCursor(output, 0, -rows);
    cursorTo(output, 0);
    clearScreenDown(output);
    write();
    // Readline redraws from `rows` above the cursor: leave that many empty rows to go back up.
    output.write('\n'.repeat(rows));
    rl.prompt(true);
    return true;
  },
};

function terminalInput(input: NodeJS.ReadStream, output: NodeJS.WriteStream): LineInput {
  let open: Interface | undefined;
  return {
    editable: true,
    ask(question, prefill) {
      // Ink unrefs stdin when it lets go of it; a question must keep the process alive.
      input.ref();
      return new Promise((resolve) => {
        const rl = createInterface({ input, output, terminal: true });
        open = rl;
        const typing = { rl, output };
        asking = typing;
        let done = false;
        const finish = (answer: Answer) => {
          if (done) return;
          done = true;
          open = undefined;
          if (asking === typing) asking = undefined;
          rl.close();
          resolve(answer);
        };
        rl.on('SIGINT', () => {
          output.write('\n');
          finish({ kind: 'interrupt' });
        });
        rl.on('close', () => {
          // Ctrl+D: the line the question was on ends, so what comes next starts on its own.
          if (!done) output.write('\n');
          finish({ kind: 'eof' });
        });
        rl.question(question, (text) => finish({ kind: 'line', text }));
        // Typed as if by the user, so every editing key works on it. Callers pass clean text.
        if (prefill) rl.write(prefill);
      });
    },
    close() {
      open?.close();
    },
  };
}

function streamInput(input: NodeJS.ReadStream, output: NodeJS.WriteStream): LineInput {
  const rl = createInterface({ input, terminal: false });
  const lines: string[] = [];
  let ended = false;
  let waiting: ((answer: Answer) => void) | undefined;
  rl.on('line', (line) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve({ kind: 'line', text: line });
    } else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    waiting?.({ kind: 'eof' });
    waiting = undefined;
  });
  return {
    editable: false,
    ask(question) {
      output.write(question);
      const next = lines.shift();
      if (next !== undefined) {
        output.write(`${clean(next, 2000)}\n`);
        return Promise.resolve({ kind: 'line', text: next });
      }
      if (ended) return Promise.resolve({ kind: 'eof' });
      return new Promise((resolve) => {
        waiting = (answer) => {
          if (answer.kind === 'line') output.write(`${clean(answer.text, 2000)}\n`);
          resolve(answer);
        };
      });
    },
    close() {
      rl.close();
    },
  };
}
