/**
 * The pseudo-locale en-XA, derived from the en-US catalog when it is first asked for instead
 * of shipped as a catalog of its own (it was ~11.7 KB of every bundle's gzip). The build's
 * codegen runs the same function to write `/locales/en-XA.json` for review.
 */

/** One element of a precompiled ICU message (the parser's AST, `TYPE` numbers). */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

// The ICU parser's TYPE enum (checked against it by the i18n tests); the parser itself is
// a build-time dependency only.
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

const PLAIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ACCENTED = [...'ÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž'];

/** Word-like filler so that padded text still wraps like real text. */
const FILLER = 'ļöŕéɱ îþšûɱ đöļöŕ šîţ åɱéţ çöñšéçţéţûŕ åđîþîšçîñĝ éļîţ šéđ đö éîûšɱöđ ţéɱþöŕ';

/** How much longer pseudo-localized text is than en-US (translations often run 30–50% longer). */
export const PSEUDO_EXPANSION = 0.4;

function accent(text: string): string {
  let out = '';
  for (const char of text) out += ACCENTED[PLAIN.indexOf(char)] ?? char;
  return out;
}

const hasOptions = (element: Element) => element.type === PLURAL || element.type === SELECT;

/** Rough visible length: literals count, a placeholder counts as a short value. */
function visibleLength(ast: readonly Element[]): number {
  let length = 0;
  for (const element of ast) {
    if (element.type === LITERAL) length += [...(element.value as string)].length;
    else if (hasOptions(element)) {
      length += Math.max(...Object.values(element.options!).map((o) => visibleLength(o.value)));
    } else length += 4;
  }
  return length;
}

function accentAst(ast: readonly Element[]): Element[] {
  return ast.map((element): Element => {
    if (element.type === LITERAL) return { ...element, value: accent(element.value as string) };
    if (hasOptions(element)) {
      const options: Record<string, { value: Element[] }> = {};
      for (const key in element.options) {
        const option = element.options[key]!;
        options[key] = { ...option, value: accentAst(option.value) };
      }
      return { ...element, options };
    }
    if (element.type === TAG) return { ...element, children: accentAst(element.children!) };
    return element;
  });
}

/**
 * Pseudo-localizes one parsed message: letters accented, wrapped in ⟦ ⟧ so clipped text
 * shows, and padded by {@link PSEUDO_EXPANSION} with word-like filler. Placeholders,
 * plural and select arms stay intact. Adjacent literals are joined, as the parser joins
 * them, so the result equals the parse of its printed text.
 */
export function pseudoLocalize<T>(message: readonly T[]): T[] {
  const ast = message as readonly Element[];
  const padding = Math.max(1, Math.round(visibleLength(ast) * PSEUDO_EXPANSION));
  const filler = [...FILLER.repeat(Math.ceil(padding / FILLER.length) + 1)]
    .slice(0, padding)
    .join('')
    .trimEnd();
  const out: Element[] = [];
  for (const element of [
    { type: LITERAL, value: '⟦' },
    ...accentAst(ast),
    { type: LITERAL, value: ` ${filler}⟧` },
  ]) {
    const last = out[out.length - 1];
    if (last?.type === LITERAL && element.type === LITERAL) {
      out[out.length - 1] = { ...last, value: (last.value as string) + (element.value as string) };
    } else out.push(element);
  }
  return out as T[];
}

/** A whole catalog pseudo-localized, message by message, in the same key order. */
export function pseudoCatalog<K extends string, M extends readonly unknown[]>(
  source: Readonly<Record<K, M>>,
): Record<K, M> {
  const out = {} as Record<K, M>;
  for (const id in source) out[id] = pseudoLocalize(source[id]) as unknown as M;
  return out;
}
