/**
 * Untrusted text: tool names, titles, descriptions, argument values, server names and
 * elicitation messages come from servers the user has not vetted. `sanitizeText` makes
 * everything that could hide, reorder or restyle text visible (or removes it), and caps
 * the length. Renderers still render the result as text, never as markup.
 */

/** What kind of hidden content was found. */
export type HiddenKind =
  /** C0/C1 control characters, DEL, line and paragraph separators. */
  | 'control'
  /** ESC- or C1-introduced terminal sequences: ANSI colours, CSI, OSC 8 links, OSC 52 clipboard. */
  | 'escape_sequence'
  /** Bidi embeddings, overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/F, U+061C). */
  | 'bidi'
  /** Zero-width and other invisible format characters (U+200B–200D, U+2060–2064, U+FEFF, soft hyphen, fillers). */
  | 'invisible'
  /** Unicode tag characters (U+E0000–E007F), used to smuggle hidden ASCII. */
  | 'tag'
  /** Variation selectors that do not follow a base character (stacked or leading). */
  | 'variation_selector'
  /** Runs of combining marks longer than the cap ("Zalgo" text). */
  | 'combining'
  /** Lone surrogates and noncharacters. */
  | 'invalid';

export interface SanitizeOptions {
  /** Longest result in UTF-16 code units, counting the closing ellipsis. @default 1000 */
  maxLength?: number;
  /** Keep line breaks (CR LF, CR, U+2028/9 become LF; at most two in a row) and tabs. @default false */
  multiline?: boolean;
  /**
   * `'escape'`: hidden characters become visible codes such as `\u{202E}`.
   * `'remove'`: they are dropped, terminal sequences as a whole.
   * @default 'escape'
   */
  mode?: 'escape' | 'remove';
  /** Most combining marks kept on one base character; the rest are dropped. @default 8 */
  maxCombiningMarks?: number;
  /**
   * Collapse each run of consecutive hidden characters into one `hidden` part (escape mode
   * only): `text` shows the run as `inline`, and the run costs that much of `maxLength`.
   * A terminal escape sequence joins a run whole. Without it, every code is spelled out.
   */
  hiddenRun?: (count: number) => HiddenRunText;
}

/** How a run of hidden characters reads once collapsed. */
export interface HiddenRunText {
  /** The chip's label: "200 hidden characters". */
  label: string;
  /** The run inside plain text (announcements, terminals): "[200 hidden characters]". */
  inline: string;
}

/** A run of hidden characters shown as one chip. */
export interface HiddenPart {
  type: 'hidden';
  /** How many hidden or control characters the run had. */
  count: number;
  /** The run as visible codes (`\u{200B}\u{200B}…`), for an expanded chip; bounded, cut with "…". */
  codes: string;
  /** "200 hidden characters", localized. */
  label: string;
  /** The run as plain text reads it: "[200 hidden characters]" (terminals, announcements). */
  inline: string;
}

/** One piece of cleaned text: plain text, or a run of hidden characters shown as one chip. */
export type SanitizedPart = { type: 'text'; text: string } | HiddenPart;

export interface SanitizedText {
  /** The cleaned text; with `hiddenRun`, each run reads as its `inline` form. */
  text: string;
  /** `text` in pieces: text, and (with `hiddenRun`) one `hidden` part per run. Empty for ''. */
  parts: SanitizedPart[];
  /** The input was longer than `maxLength` and was cut (the text ends with "…"). */
  truncated: boolean;
  /** How many hidden characters were escaped or removed. */
  changed: number;
  /** The kinds of hidden content found, in order of first appearance. */
  found: HiddenKind[];
}

/** @default maxLength of {@link sanitizeText}. */
export const DEFAULT_MAX_LENGTH = 1000;
const ELLIPSIS = '…';
/** The least room for an expanded chip's codes, whatever `maxLength` is. */
const MIN_CODES_BUDGET = 2048;

const BIDI = /^[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]$/u;
const JOINER_SCRIPTS =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Skin tones, VS16 and the keycap mark may sit between a pictograph and a ZWJ. */
const isEmojiTrailer = (cp: number) =>
  (cp >= 0x1f3fb && cp <= 0x1f3ff) || cp === 0xfe0f || cp === 0x20e3;
const isVariationSelector = (cp: number) =>
  (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const MARK = /^\p{M}$/u;
/** Subdivision flags (England, Scotland, Wales): the only tag sequences kept. */
const FLAG_TAGS = new Set(['gbeng', 'gbsct', 'gbwls']);
const BLACK_FLAG = 0x1f3f4;
/** An unterminated OSC/DCS string ends here, as far as we are concerned. */
const MAX_SEQUENCE = 4096;

/** Everything that needs a closer look (variation selectors are marks); the rest is copied in bulk. */
const SUSPICIOUS =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{M}\u115F\u1160\u3164\uFFA0\u2800\u{1F3F4}\u{E0000}-\u{E007F}\uFDD0-\uFDEF\uD800-\uDFFF]|[\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{10FFFE}\u{10FFFF}]/gu;

/** The visible code for a hidden character, e.g. `\u{202E}`. */
export function visibleCode(codePoint: number): string {
  return `\\u{${codePoint.toString(16).toUpperCase()}}`;
}

function toText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'number' || typeof input === 'boolean' || typeof input === 'bigint') {
    return String(input);
  }
  return '';
}

function kindOf(cp: number): HiddenKind {
  const char = String.fromCodePoint(cp);
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029) return 'control';
  if (BIDI.test(char)) return 'bidi';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (isVariationSelector(cp)) return 'variation_selector';
  if (MARK.test(char)) return 'combining';
  if (
    (cp >= 0xd800 && cp <= 0xdfff) ||
    (cp & 0xfffe) === 0xfffe ||
    (cp >= 0xfdd0 && cp <= 0xfdef)
  ) {
    return 'invalid';
  }
  return 'invisible';
}

/** Length of the terminal sequence starting at `i` (an ESC or a C1 introducer), or 0. */
function sequenceLength(text: string, i: number): number {
  const first = text.charCodeAt(i);
  let j = i + 1;
  let kind: 'csi' | 'string' | 'nf' | 'short';
  if (first === 0x1b) {
    const next = text.charCodeAt(j);
    if (Number.isNaN(next)) return 0;
    if (next === 0x5b) kind = 'csi';
    else if ([0x5d, 0x50, 0x58, 0x5e, 0x5f].includes(next)) kind = 'string';
    else if (next >= 0x20 && next <= 0x2f) kind = 'nf';
    else if (next >= 0x30 && next <= 0x7e) kind = 'short';
    else return 0;
    j += 1;
    if (kind === 'short') return 2;
  } else if (first === 0x9b) kind = 'csi';
  else if ([0x9d, 0x90, 0x98, 0x9e, 0x9f].includes(first)) kind = 'string';
  else return 0;
  const stop = Math.min(text.length, i + MAX_SEQUENCE);
  for (; j < stop; j += 1) {
    const c = text.charCodeAt(j);
    if (kind === 'csi' && c >= 0x40 && c <= 0x7e) return j + 1 - i;
    if (kind === 'csi' && (c < 0x20 || c > 0x3f)) return j - i;
    if (kind === 'nf' && c >= 0x30 && c <= 0x7e) return j + 1 - i;
    if (kind === 'nf' && (c < 0x20 || c > 0x2f)) return j - i;
    if (kind === 'string') {
      if (c === 0x07 || c === 0x9c) return j + 1 - i;
      if (c === 0x1b && text.charCodeAt(j + 1) === 0x5c) return j + 2 - i;
    }
  }
  return j - i;
}

function codePointBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2);
  }
  return low;
}

function isJoinerAllowed(text: string, i: number, cp: number): boolean {
  const before = codePointBefore(text, i);
  const after = text.codePointAt(i + 1);
  if (before === undefined || after === undefined) return false;
  const prev = String.fromCodePoint(before);
  const next = String.fromCodePoint(after);
  if (JOINER_SCRIPTS.test(prev) && JOINER_SCRIPTS.test(next)) return true;
  // Emoji ZWJ sequences (👩‍💻): the joiner sits between pictographs, possibly after a skin tone or VS16.
  return (
    cp === 0x200d && (PICTOGRAPH.test(prev) || isEmojiTrailer(before)) && PICTOGRAPH.test(next)
  );
}

/** A whitelisted subdivision-flag tag sequence right after U+1F3F4, as its length, or 0. */
function flagTagLength(text: string, i: number): number {
  let letters = '';
  let j = i;
  while (j < text.length) {
    const cp = text.codePointAt(j)!;
    if (cp === 0xe007f) return FLAG_TAGS.has(letters) ? j + 2 - i : 0;
    if (cp < 0xe0030 || cp > 0xe007a || letters.length >= 5) return 0;
    letters += String.fromCharCode(cp - 0xe0000);
    j += 2;
  }
  return 0;
}

/**
 * Makes untrusted text safe to show as text. Control characters, terminal escape
 * sequences (ANSI colours, OSC 8 hyperlinks, OSC 52 clipboard writes), bidi controls,
 * zero-width and other invisible characters, tag characters, stray variation selectors
 * and lone surrogates become visible codes (or are removed); runs of combining marks
 * are capped; the result is at most `maxLength` long. Emoji ZWJ sequences, subdivision
 * flags and joiners inside Arabic and Indic words are kept. Work is bounded by
 * `maxLength`, not by the input: a 1 MB string costs no more than a short one.
 *
 * With `hiddenRun`, each run of consecutive hidden characters (a terminal sequence joins a
 * run whole) becomes one `hidden` part instead of a row of codes: 200 zero-width characters
 * cost one short label, not 1,600 characters of `\u{200B}`.
 */
export function sanitizeText(input: unknown, options: SanitizeOptions = {}): SanitizedText {
  const text = toText(input);
  const maxLength = Math.max(1, options.maxLength ?? DEFAULT_MAX_LENGTH);
  const scan = new Scan(text, maxLength, options);
  scan.run();
  const { out, i } = scan;
  const result = { changed: scan.changed, found: [...scan.found] };
  if (out.length <= maxLength && i >= text.length) {
    return { ...out.join(maxLength), truncated: false, ...result };
  }
  const cut = out.join(maxLength - ELLIPSIS.length);
  return {
    text: cut.text + ELLIPSIS,
    parts: appendText(cut.parts, ELLIPSIS),
    truncated: true,
    ...result,
  };
}

/** One pass over the input: what is kept, escaped, collapsed or removed, and where it stopped. */
class Scan {
  readonly out = new Output();
  readonly found = new Set<HiddenKind>();
  changed = 0;
  i = 0;
  private newlines = 0;
  private marks = 0;
  private readonly multiline: boolean;
  private readonly remove: boolean;
  private readonly maxMarks: number;
  /** Input read at most: enough for the output even when most characters are dropped. */
  private readonly budget: number;
  private readonly hiddenRun: ((count: number) => HiddenRunText) | undefined;
  private readonly pending: RunCollector;

  constructor(
    private readonly text: string,
    private readonly maxLength: number,
    options: SanitizeOptions,
  ) {
    this.multiline = options.multiline ?? false;
    this.remove = options.mode === 'remove';
    this.maxMarks = options.maxCombiningMarks ?? 8;
    this.budget = maxLength * 8 + 1024;
    this.hiddenRun = this.remove ? undefined : options.hiddenRun;
    this.pending = new RunCollector(Math.max(maxLength, MIN_CODES_BUDGET));
  }

  run(): void {
    const { text, out } = this;
    const scanner = new RegExp(SUSPICIOUS.source, 'gu');
    while (this.i < text.length && out.length <= this.maxLength && this.i < this.budget) {
      scanner.lastIndex = this.i;
      const match = scanner.exec(text);
      const end = match ? match.index : text.length;
      if (end > this.i) {
        this.flush();
        const take = Math.min(end - this.i, this.maxLength + 1 - out.length);
        if (take <= 0) break;
        this.keep(text.slice(this.i, this.i + take));
        this.marks = 0;
        this.i += take;
      } else this.step(text.codePointAt(this.i)!);
    }
    this.flush();
  }

  /** One suspicious code point (or the terminal sequence or flag it starts) at `i`. */
  private step(cp: number): void {
    const { text, i } = this;
    const sequence = cp === 0x1b || (cp >= 0x90 && cp <= 0x9f) ? sequenceLength(text, i) : 0;
    if (sequence > 1 || (sequence === 1 && cp !== 0x1b)) {
      this.found.add('escape_sequence');
      if (this.remove || this.hiddenRun) {
        this.changed += sequence;
        if (this.hiddenRun) this.pending.addSequence(text.slice(i, i + sequence));
        this.i += sequence;
        return;
      }
    }
    if (this.multiline && (cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029)) {
      this.flush();
      if (this.newlines < 2) this.out.push('\n', false);
      this.newlines += 1;
      this.i += cp === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      return;
    }
    if (this.multiline && cp === 0x09) {
      this.keep('\t');
      this.i += 1;
      return;
    }
    if (cp === BLACK_FLAG) {
      const tags = flagTagLength(text, i + 2);
      this.keep(text.slice(i, i + 2 + tags));
      this.i += 2 + tags;
      return;
    }
    this.character(cp);
    this.i += cp > 0xffff ? 2 : 1;
  }

  /** A single suspicious character: kept, capped (combining marks) or hidden. */
  private character(cp: number): void {
    const kind = kindOf(cp);
    if (kind === 'combining') {
      this.marks += 1;
      if (this.marks <= this.maxMarks) this.keep(String.fromCodePoint(cp));
      else {
        this.found.add('combining');
        this.changed += 1;
      }
    } else if (kind === 'variation_selector') {
      const before = codePointBefore(this.text, this.i);
      if (before !== undefined && !cannotCarrySelector(before)) {
        this.keep(String.fromCodePoint(cp));
      } else this.hide(cp, kind);
    } else if ((cp === 0x200c || cp === 0x200d) && isJoinerAllowed(this.text, this.i, cp)) {
      this.keep(String.fromCodePoint(cp));
    } else this.hide(cp, kind);
  }

  private keep(piece: string): void {
    this.flush();
    this.out.push(piece, false);
    this.newlines = 0;
  }

  private hide(cp: number, kind: HiddenKind): void {
    this.found.add(kind);
    this.changed += 1;
    if (this.remove) return;
    if (this.hiddenRun) this.pending.add(visibleCode(cp));
    else this.out.push(visibleCode(cp), true);
  }

  /** Ends the current run of hidden characters: one atomic piece, shown as its label. */
  private flush(): void {
    if (!this.hiddenRun || this.pending.count === 0) return;
    const { count, codes } = this.pending.take();
    const { label, inline } = this.hiddenRun(count);
    this.out.push(inline, true, { type: 'hidden', count, codes, label, inline });
  }
}

/**
 * The codes of the current run. All runs of one text share a budget, so an expanded chip
 * stays bounded too: codes past it are cut with "…" (the count stays exact).
 */
class RunCollector {
  count = 0;
  private codes = '';
  private cut = false;

  constructor(private budget: number) {}

  add(code: string): void {
    this.count += 1;
    if (this.cut) return;
    if (code.length > this.budget) {
      this.cut = true;
      return;
    }
    this.codes += code;
    this.budget -= code.length;
  }

  /** A terminal sequence: printable ASCII as is, everything else as codes. */
  addSequence(sequence: string): void {
    for (const char of sequence) {
      const cp = char.codePointAt(0)!;
      this.add(cp >= 0x20 && cp <= 0x7e ? char : visibleCode(cp));
    }
  }

  take(): { count: number; codes: string } {
    const run = { count: this.count, codes: this.cut ? this.codes + ELLIPSIS : this.codes };
    this.count = 0;
    this.codes = '';
    this.cut = false;
    return run;
  }
}

/** Adds text to the parts, joining it to a text part at the end (parts are built fresh here). */
function appendText(parts: SanitizedPart[], text: string): SanitizedPart[] {
  const last = parts.at(-1);
  if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: last.text + text };
  else parts.push({ type: 'text', text });
  return parts;
}

/** A code point that cannot carry a variation selector: controls, spaces, other selectors. */
function cannotCarrySelector(cp: number): boolean {
  const char = String.fromCodePoint(cp);
  return /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]/u.test(char) || isVariationSelector(cp);
}

/** Output pieces; visible codes and hidden runs are atomic, so a cut never leaves half of `\u{202E}`. */
class Output {
  private readonly pieces: { text: string; atomic: boolean; hidden?: HiddenPart }[] = [];
  length = 0;

  push(text: string, atomic: boolean, hidden?: HiddenPart) {
    this.pieces.push(hidden ? { text, atomic, hidden } : { text, atomic });
    this.length += text.length;
  }

  /** The text up to `limit` code units, without splitting a code or a surrogate pair, and its parts. */
  join(limit: number): { text: string; parts: SanitizedPart[] } {
    let out = '';
    const parts: SanitizedPart[] = [];
    for (const piece of this.pieces) {
      if (out.length + piece.text.length <= limit) {
        out += piece.text;
        if (piece.hidden) parts.push(piece.hidden);
        else appendText(parts, piece.text);
        continue;
      }
      if (!piece.atomic) {
        let part = piece.text.slice(0, limit - out.length);
        const last = part.charCodeAt(part.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) part = part.slice(0, -1);
        out += part;
        if (part !== '') appendText(parts, part);
      }
      break;
    }
    return { text: out, parts };
  }
}
