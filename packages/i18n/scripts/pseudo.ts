import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'ÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'],
    ['abcdefghijklmnopqrstuvwxyz', 'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž'],
  ].flatMap(([plain, accented]) =>
    [...plain!].map((char, index): [string, string] => [char, [...accented!][index]!]),
  ),
);

/** Word-like filler so that padded text still wraps like real text. */
const FILLER = 'ļöŕéɱ îþšûɱ đöļöŕ šîţ åɱéţ çöñšéçţéţûŕ åđîþîšçîñĝ éļîţ šéđ đö éîûšɱöđ ţéɱþöŕ';

/** How much longer pseudo-localized text is than en-US (translations often run 30–50% longer). */
export const PSEUDO_EXPANSION = 0.4;

function accent(text: string): string {
  let out = '';
  for (const char of text) out += ACCENTED[char] ?? char;
  return out;
}

/** Rough visible length: literals count, a placeholder counts as a short value. */
function visibleLength(ast: readonly MessageFormatElement[]): number {
  let length = 0;
  for (const element of ast) {
    if (element.type === TYPE.literal) length += [...element.value].length;
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      length += Math.max(...Object.values(element.options).map((o) => visibleLength(o.value)));
    } else length += 4;
  }
  return length;
}

function accentAst(ast: readonly MessageFormatElement[]): MessageFormatElement[] {
  return ast.map((element): MessageFormatElement => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: accentAst(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag) return { ...element, children: accentAst(element.children) };
    return element;
  });
}

/**
 * Pseudo-localizes one parsed message: letters accented, wrapped in ⟦ ⟧ so clipped text
 * shows, and padded by {@link PSEUDO_EXPANSION} with word-like filler. Placeholders,
 * plural and select arms stay intact.
 */
export function pseudoLocalize(ast: readonly MessageFormatElement[]): MessageFormatElement[] {
  const padding = Math.max(1, Math.round(visibleLength(ast) * PSEUDO_EXPANSION));
  const filler = [...FILLER.repeat(Math.ceil(padding / FILLER.length) + 1)]
    .slice(0, padding)
    .join('')
    .trimEnd();
  return [
    { type: TYPE.literal, value: '⟦' },
    ...accentAst(ast),
    { type: TYPE.literal, value: ` ${filler}⟧` },
  ];
}
