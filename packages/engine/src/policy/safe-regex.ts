/**
 * The regular expressions a policy may use: a subset whose worst case stays near linear on an
 * argument of {@link MAX_ARG_TEXT} characters. JavaScript's engine backtracks, so a pattern such
 * as `(a+)+$` or `.*.*x` can take seconds or years; a policy file must not be able to hang the
 * decide path. A regex is refused when it:
 *
 * - is longer than {@link MAX_REGEX_LENGTH} characters;
 * - does not compile with the `u` flag (the flag the engine uses);
 * - has a backreference (`\1`, `\k<name>`) or a lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`);
 * - repeats a group without bound (`*`, `+`, `{n,}`, `{n,m}` with m > 16) that itself has a
 *   quantifier or an alternation (`(a+)+`, `(a|aa)*`): nested quantifiers;
 * - costs too much in the worst case: the product of every repeat's maximum (`*`, `+` and
 *   `{n,}` count as {@link MAX_ARG_TEXT}, `{n,m}` as m), times {@link MAX_ARG_TEXT} again unless
 *   the regex starts with `^` (an unanchored search tries every start), may not exceed
 *   {@link MAX_ARG_TEXT}². So `.*x`, `^[a-z]+@[a-z]+$` and `\d{1,3}(\.\d{1,3}){3}` pass; `.*.*x`
 *   (cubic: seconds on 4 096 characters) and `^a*b*c*` do not.
 *
 * @module
 */
import { MAX_ARG_TEXT } from './types.js';

/** The longest regex source a rule may hold. */
export const MAX_REGEX_LENGTH = 200;

/** A group with a quantifier or `|` inside may be repeated at most this many times (`(\.\d+){3}`). */
const MAX_NESTED_REPEAT = 16;

/** The worst-case cost estimate a regex may reach (see the module comment). */
const MAX_COST = MAX_ARG_TEXT * MAX_ARG_TEXT;

interface Group {
  repeats: boolean;
}

/** Why the regex is refused, or undefined when it is in the safe subset and compiles. */
export function regexProblem(source: string): string | undefined {
  if (source.length > MAX_REGEX_LENGTH) {
    return `the regex is longer than ${MAX_REGEX_LENGTH} characters`;
  }
  try {
    new RegExp(source, 'u');
  } catch (error) {
    return `the regex does not compile: ${(error as Error).message}`;
  }
  const stack: Group[] = [{ repeats: false }];
  let cost = source.startsWith('^') ? 1 : MAX_ARG_TEXT;
  let lastGroup: Group | undefined;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    const closed = lastGroup;
    lastGroup = undefined;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'the regex has a backreference';
      i += next === 'u' && source[i + 2] === '{' ? source.indexOf('}', i) - i : 1;
      continue;
    }
    if (c === '[') {
      // Skip the class: `]` right after `[` or `[^` is literal only without the `u` flag,
      // which compiled above, so the first unescaped `]` closes it.
      for (i += 1; i < source.length && source[i] !== ']'; i += 1) {
        if (source[i] === '\\') i += 1;
      }
      continue;
    }
    if (c === '(') {
      if (/^\(\?<?[=!]/.test(source.slice(i, i + 4))) return 'the regex has a lookaround';
      stack.push({ repeats: false });
      continue;
    }
    if (c === ')') {
      const group = stack.pop()!;
      lastGroup = group;
      if (group.repeats) stack.at(-1)!.repeats = true;
      continue;
    }
    if (c === '|') {
      stack.at(-1)!.repeats = true;
      continue;
    }
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(source.slice(i));
    if (!quantifier) continue;
    i += quantifier[0].length - 1;
    if (source[i + 1] === '?') i += 1; // lazy: same cost
    const max =
      quantifier[0] === '?'
        ? 1
        : quantifier[0].startsWith('{')
          ? quantifierMax(quantifier)
          : Infinity;
    if (max <= 1) continue;
    if (closed?.repeats && max > MAX_NESTED_REPEAT)
      return 'the regex repeats a group that has a quantifier or "|" (nested quantifiers)';
    stack.at(-1)!.repeats = true;
    cost *= Math.min(max, MAX_ARG_TEXT);
  }
  if (cost > MAX_COST) {
    return 'the regex could be too slow: too many repeats (*, +, {n,m}) for an argument of 4096 characters; use fewer, or start it with ^';
  }
  return undefined;
}

function quantifierMax(match: RegExpExecArray): number {
  if (match[2] === undefined) return Number(match[1]);
  return match[3] === '' ? Infinity : Number(match[3]);
}

/** Compiles a regex already checked by {@link regexProblem}; tests the first {@link MAX_ARG_TEXT} characters. */
export function compileSafeRegex(source: string): (text: string) => boolean {
  const regex = new RegExp(source, 'u');
  return (text) => regex.test(text.length > MAX_ARG_TEXT ? text.slice(0, MAX_ARG_TEXT) : text);
}
