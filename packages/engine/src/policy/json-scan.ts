/**
 * A tiny JSON parser that remembers where each value starts, so a policy error can name its
 * line and column. Strict JSON (RFC 8259): no comments, no trailing commas. Paths are written
 * the way messages show them: `rules[3].args[0].regex`.
 *
 * @module
 */

/** Where something starts in the text; both count from 1, columns in UTF-16 units. */
export interface TextPosition {
  line: number;
  column: number;
}

/** The parsed value and where each path's value (and, for an object member, its key) starts. */
export interface ScannedJson {
  value: unknown;
  /** Path → position of the member's key when it has one, else of the value. */
  positions: ReadonlyMap<string, TextPosition>;
}

/** A syntax error at a position. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: TextPosition,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** Joins a path and a key the way messages show it. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const plain = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return path === '' ? plain : plain.startsWith('"') ? `${path}[${plain}]` : `${path}.${plain}`;
}

/** Parses JSON text, or throws {@link JsonSyntaxError}. Duplicate keys are an error. */
export function scanJson(text: string): ScannedJson {
  const positions = new Map<string, TextPosition>();
  let i = 0;

  const lineStarts = [0];
  for (let k = 0; k < text.length; k += 1) if (text.charCodeAt(k) === 10) lineStarts.push(k + 1);
  const positionAt = (offset: number): TextPosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
  const fail = (message: string, offset = i): never => {
    throw new JsonSyntaxError(message, positionAt(offset));
  };
  const describe = (): string =>
    i >= text.length ? 'the end of the text' : JSON.stringify(text[i]);
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1;
  };
  const expect = (char: string): void => {
    if (text[i] !== char) fail(`expected ${JSON.stringify(char)} but found ${describe()}`);
    i += 1;
  };

  const parseString = (): string => {
    const start = i;
    expect('"');
    let out = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string', start);
      const c = text[i]!;
      if (c === '"') {
        i += 1;
        return out;
      }
      if (c.charCodeAt(0) < 0x20) fail('control character in a string (escape it)');
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && Object.hasOwn(simple, e)) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail('bad escape in a string');
      } else {
        out += c;
        i += 1;
      }
    }
  };

  const parseValue = (path: string, keyed: boolean): unknown => {
    skipSpace();
    if (!keyed) positions.set(path, positionAt(i));
    const c = text[i];
    if (c === '{') {
      i += 1;
      const object: Record<string, unknown> = {};
      skipSpace();
      if (text[i] === '}') {
        i += 1;
        return object;
      }
      for (;;) {
        skipSpace();
        const keyStart = i;
        if (text[i] !== '"') fail(`expected a key in quotes but found ${describe()}`);
        const key = parseString();
        if (Object.hasOwn(object, key)) fail(`duplicate key ${JSON.stringify(key)}`, keyStart);
        const memberPath = childPath(path, key);
        positions.set(memberPath, positionAt(keyStart));
        skipSpace();
        expect(':');
        Object.defineProperty(object, key, {
          value: parseValue(memberPath, true),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipSpace();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        expect('}');
        return object;
      }
    }
    if (c === '[') {
      i += 1;
      const array: unknown[] = [];
      skipSpace();
      if (text[i] === ']') {
        i += 1;
        return array;
      }
      for (;;) {
        array.push(parseValue(childPath(path, array.length), false));
        skipSpace();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        expect(']');
        return array;
      }
    }
    if (c === '"') return parseString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (!literal) {
      return fail(i >= text.length ? 'the text ends before the value' : `unexpected ${describe()}`);
    }
    i += literal[0].length;
    const word = literal[0];
    return word === 'true'
      ? true
      : word === 'false'
        ? false
        : word === 'null'
          ? null
          : Number(word);
  };

  skipSpace();
  const value = parseValue('', false);
  skipSpace();
  if (i < text.length) fail(`unexpected ${describe()} after the JSON value`);
  return { value, positions };
}
