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
}

export interface SanitizedText {
  text: string;
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
 */
export function sanitizeText(input: unknown, options: SanitizeOptions = {}): SanitizedText {
  const text = toText(input);
  const maxLength = Math.max(1, options.maxLength ?? DEFAULT_MAX_LENGTH);
  const multiline = options.multiline ?? false;
  const remove = options.mode === 'remove';
  const maxMarks = options.maxCombiningMarks ?? 8;
  // Input read at most: enough for the output even when most characters are dropped.
  const budget = maxLength * 8 + 1024;

  const out = new Output();
  let changed = 0;
  let newlines = 0;
  let marks = 0;
  const found = new Set<HiddenKind>();
  const keep = (piece: string) => {
    out.push(piece, false);
    newlines = 0;
  };
  const hide = (cp: number, kind: HiddenKind) => {
    found.add(kind);
    changed += 1;
    if (!remove) out.push(visibleCode(cp), true);
  };

  const scanner = new RegExp(SUSPICIOUS.source, 'gu');
  let i = 0;
  while (i < text.length && out.length <= maxLength && i < budget) {
    scanner.lastIndex = i;
    const match = scanner.exec(text);
    const end = match ? match.index : text.length;
    if (end > i) {
      const take = Math.min(end - i, maxLength + 1 - out.length);
      keep(text.slice(i, i + take));
      marks = 0;
      i += take;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;

    const sequence = cp === 0x1b || (cp >= 0x90 && cp <= 0x9f) ? sequenceLength(text, i) : 0;
    if (sequence > 1 || (sequence === 1 && cp !== 0x1b)) {
      found.add('escape_sequence');
      if (remove) {
        changed += sequence;
        i += sequence;
        continue;
      }
    }
    if (multiline && (cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029)) {
      if (newlines < 2) out.push('\n', false);
      newlines += 1;
      i += cp === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      continue;
    }
    if (multiline && cp === 0x09) {
      keep('\t');
      i += 1;
      continue;
    }
    if (cp === BLACK_FLAG) {
      const tags = flagTagLength(text, i + 2);
      keep(text.slice(i, i + 2 + tags));
      i += 2 + tags;
      continue;
    }
    const kind = kindOf(cp);
    if (kind === 'combining') {
      marks += 1;
      if (marks <= maxMarks) keep(String.fromCodePoint(cp));
      else {
        found.add('combining');
        changed += 1;
      }
    } else if (kind === 'variation_selector') {
      const before = codePointBefore(text, i);
      if (before !== undefined && !cannotCarrySelector(before)) keep(String.fromCodePoint(cp));
      else hide(cp, kind);
    } else if ((cp === 0x200c || cp === 0x200d) && isJoinerAllowed(text, i, cp)) {
      keep(String.fromCodePoint(cp));
    } else hide(cp, kind);
    i += width;
  }

  const result = { changed, found: [...found] };
  if (out.length <= maxLength && i >= text.length) {
    return { text: out.join(maxLength), truncated: false, ...result };
  }
  return { text: out.join(maxLength - ELLIPSIS.length) + ELLIPSIS, truncated: true, ...result };
}

/** A code point that cannot carry a variation selector: controls, spaces, other selectors. */
function cannotCarrySelector(cp: number): boolean {
  const char = String.fromCodePoint(cp);
  return /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]/u.test(char) || isVariationSelector(cp);
}

/** Output pieces; visible codes are atomic, so a cut never leaves half of `\u{202E}`. */
class Output {
  private readonly pieces: string[] = [];
  private readonly atomic = new Set<number>();
  length = 0;

  push(piece: string, atomic: boolean) {
    if (atomic) this.atomic.add(this.pieces.length);
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** The text up to `limit` code units, without splitting a code or a surrogate pair. */
  join(limit: number): string {
    let out = '';
    for (const [index, piece] of this.pieces.entries()) {
      if (out.length + piece.length <= limit) {
        out += piece;
        continue;
      }
      if (!this.atomic.has(index)) {
        let part = piece.slice(0, limit - out.length);
        const last = part.charCodeAt(part.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) part = part.slice(0, -1);
        out += part;
      }
      break;
    }
    return out;
  }
}
