/* eslint-disable no-control-regex -- a terminal emulator matches control characters on purpose */
import { Readable, Writable } from 'node:stream';

const ESC = '\u001B';

/** Sequences Ink writes itself: colours and styles, line erasing, cursor moves within its frame, cursor visibility, synchronized output. */
const INK_SEQUENCES = [
  /^\u001B\[[\d;]*m$/, // SGR
  /^\u001B\[2?K$/, // erase line
  /^\u001B\[\d*[ABEG]$/, // cursor up/down/next line/column
  /^\u001B\[\?25[hl]$/, // cursor visibility
  /^\u001B\[\?2026[hl]$/, // synchronized output
];

/** Characters that must never reach a terminal from server text. */
const HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001A\u001C-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;

/** One escape sequence or control string at `i` (ESC-introduced): its length. */
function sequenceAt(text: string, i: number): number {
  const next = text[i + 1];
  if (next === '[') {
    let j = i + 2;
    while (j < text.length && /[0-?]/.test(text[j]!)) j++;
    while (j < text.length && /[ -/]/.test(text[j]!)) j++;
    return j < text.length ? j - i + 1 : text.length - i;
  }
  if (next === ']' || next === 'P' || next === '_' || next === '^' || next === 'X') {
    for (let j = i + 2; j < text.length; j++) {
      if (text[j] === '\u0007') return j - i + 1;
      if (text[j] === ESC && text[j + 1] === '\\') return j - i + 2;
    }
    return text.length - i;
  }
  return next === undefined ? 1 : 2;
}

/** Every escape sequence in a text, in order. */
export function escapeSequences(text: string): string[] {
  const found: string[] = [];
  for (let i = text.indexOf(ESC); i >= 0; i = text.indexOf(ESC, i + 1)) {
    const length = sequenceAt(text, i);
    found.push(text.slice(i, i + length));
    i += length - 1;
  }
  return found;
}

/** Removes SGR colour and style sequences. */
export const stripStyles = (text: string) => text.replace(/\u001B\[[\d;]*m/g, '');

/** What in raw terminal output did not come from Ink: escape sequences and hidden characters. */
export function foreignOutput(raw: string): string[] {
  const problems = new Set<string>();
  for (const sequence of escapeSequences(raw)) {
    if (!INK_SEQUENCES.some((pattern) => pattern.test(sequence))) {
      problems.add(`escape sequence ${JSON.stringify(sequence)}`);
    }
  }
  const withoutSequences = raw.replace(/\u001B\[[0-?]*[ -/]*[@-~]/g, '');
  for (const char of withoutSequences) {
    if (char !== ESC && HIDDEN.test(char)) {
      problems.add(`hidden character U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
    }
  }
  if (withoutSequences.includes(ESC)) problems.add('raw ESC');
  return [...problems];
}

/** SGR attributes still switched on at the end of some output (empty: the terminal is back to normal). */
export function sgrLeftOn(raw: string): string[] {
  const on = new Map<string, string>();
  for (const sequence of escapeSequences(raw)) {
    const match = /^\u001B\[([\d;]*)m$/.exec(sequence);
    if (!match) continue;
    const codes = (match[1] || '0').split(';').map(Number);
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      if (code === 0) on.clear();
      else if (code === 22) {
        on.delete('bold');
        on.delete('dim');
      } else if (code === 39) on.delete('fg');
      else if (code === 49) on.delete('bg');
      else if (code >= 23 && code <= 29) on.delete(String(code - 20));
      else if (code === 38 || code === 48) {
        on.set(code === 38 ? 'fg' : 'bg', String(code));
        i += codes[i + 1] === 5 ? 2 : 4; // 256-colour or true-colour parameters
      } else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97))
        on.set('fg', String(code));
      else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107))
        on.set('bg', String(code));
      else if (code === 1) on.set('bold', '1');
      else if (code === 2) on.set('dim', '2');
      else on.set(String(code), String(code));
    }
  }
  return [...on.keys()];
}

/**
 * A headless terminal for Ink: a TTY-like stdin that buffers what is typed before
 * anyone reads (like a real terminal), a stdout of a given size that records every
 * write, and a small emulator of the sequences Ink and Node's readline use (erase line,
 * erase below, cursor up/down/left/right, column), so `screen()` is what a person would see.
 */
export class VirtualTerminal {
  readonly writes: string[] = [];
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly modes = new Map<string, boolean>();
  private lines: string[] = [''];
  private row = 0;
  private col = 0;
  private wrapPending = false;

  constructor(
    readonly columns = 80,
    readonly rows = 24,
  ) {
    const stdin = new Readable({ read() {} }) as Readable & Record<string, unknown>;
    Object.assign(stdin, {
      isTTY: true,
      isRaw: false,
      setRawMode(mode: boolean) {
        stdin.isRaw = mode;
        return stdin;
      },
      ref: () => stdin,
      unref: () => stdin,
    });
    this.stdin = stdin as unknown as NodeJS.ReadStream;
    this.stdout = this.output(true);
    this.stderr = this.output(false);
  }

  private output(isStdout: boolean): NodeJS.WriteStream {
    const stream = new Writable({
      write: (chunk: Buffer | string, _encoding, callback) => {
        const text = String(chunk);
        if (isStdout) {
          this.writes.push(text);
          this.feed(text);
        }
        callback();
      },
    }) as Writable & Record<string, unknown>;
    Object.assign(stream, { isTTY: true, columns: this.columns, rows: this.rows });
    return stream as unknown as NodeJS.WriteStream;
  }

  /** Feeds output that was recorded elsewhere (a pseudo-terminal transcript). */
  replay(raw: string): void {
    this.writes.push(raw);
    this.feed(raw);
  }

  /** Types text as if on the keyboard; it waits in the buffer until something reads it. */
  type(text: string): void {
    this.stdin.push(text);
  }

  /** All raw output so far. */
  get raw(): string {
    return this.writes.join('');
  }

  /** The last write, without styles (Ink's debug mode writes whole frames). */
  lastFrame(): string {
    return stripStyles(this.writes.at(-1) ?? '');
  }

  /** The screen as a person sees it, scrollback included, trailing blanks trimmed. */
  screen(): string {
    return this.lines
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n+$/, '');
  }

  private put(char: string) {
    if (this.wrapPending) {
      this.wrapPending = false;
      this.newline();
    }
    const line = [...(this.lines[this.row] ?? '')];
    while (line.length < this.col) line.push(' ');
    line[this.col] = char;
    this.lines[this.row] = line.join('');
    this.col += 1;
    if (this.col >= this.columns) {
      this.col = this.columns - 1;
      this.wrapPending = true;
    }
  }

  private newline() {
    this.row += 1;
    this.col = 0;
    while (this.lines.length <= this.row) this.lines.push('');
  }

  private feed(text: string) {
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (char === ESC) {
        const length = sequenceAt(text, i);
        this.apply(text.slice(i, i + length));
        i += length - 1;
      } else if (char === '\n') {
        this.wrapPending = false;
        this.newline();
      } else if (char === '\r') {
        this.wrapPending = false;
        this.col = 0;
      } else {
        const code = text.codePointAt(i)!;
        const full = String.fromCodePoint(code);
        this.put(full);
        i += full.length - 1;
      }
    }
  }

  private apply(sequence: string) {
    const csi = /^\u001B\[(\??)([\d;]*)([A-Za-z])$/.exec(sequence);
    if (!csi) {
      // Anything else is shown as it is, so a leak is visible on the screen too.
      for (const char of sequence) this.put(char);
      return;
    }
    const [, privateMode, params, final] = csi;
    const n = Number(params || '1');
    this.wrapPending = false;
    if (privateMode) {
      for (const mode of params!.split(';')) this.modes.set(mode, final === 'h');
      return;
    }
    switch (final) {
      case 'm':
        return;
      case 'A':
        this.row = Math.max(0, this.row - n);
        return;
      case 'B':
        this.row += n;
        while (this.lines.length <= this.row) this.lines.push('');
        return;
      case 'E':
        for (let k = 0; k < n; k++) this.newline();
        return;
      case 'C':
        this.col = Math.min(this.columns - 1, this.col + n);
        return;
      case 'D':
        this.col = Math.max(0, this.col - n);
        return;
      case 'G':
        this.col = Math.max(0, n - 1);
        return;
      case 'J':
        // Readline's clearScreenDown (0J): the rest of this row and every row below.
        if (params === '' || params === '0') {
          this.lines[this.row] = [...(this.lines[this.row] ?? '')].slice(0, this.col).join('');
          this.lines.length = this.row + 1;
          return;
        }
        for (const char of sequence) this.put(char);
        return;
      case 'K':
        this.lines[this.row] =
          params === '2' ? '' : [...(this.lines[this.row] ?? '')].slice(0, this.col).join('');
        return;
      default:
        for (const char of sequence) this.put(char);
    }
  }
}
