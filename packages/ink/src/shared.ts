import { useMemo } from 'react';
import { createTranslator, type Translator } from '@mcp-consent/i18n';

/** Options every terminal prompt component takes (the input guard belongs to the model). */
export interface TerminalPromptOptions {
  /** A translator; wins over `locale`. */
  translator?: Translator;
  /** Locale or preferred locales, negotiated. @default 'en-US' */
  locale?: string | readonly string[];
  /** Colours on or off (the text says everything either way). @default true */
  color?: boolean;
  /** Ctrl+C. Without a handler it does nothing: the prompt keeps the terminal. */
  onInterrupt?: () => void;
}

/**
 * The translator for terminal prompts. Unicode isolates around values are off by
 * default: most terminals do not implement the bidi algorithm and would show them as
 * blanks or boxes.
 */
export function useTranslator(
  translator: Translator | undefined,
  locale: string | readonly string[] | undefined,
): Translator {
  const key = Array.isArray(locale) ? locale.join(',') : locale;
  return useMemo(
    () => translator ?? createTranslator(locale ?? 'en-US', { isolateValues: false }),
    // `key` stands for `locale`, whose array identity may change on every render.
    [translator, key],
  );
}

/** Border and padding of the box around a prompt; none in plain mode and small terminals. */
export function frameOf(plain: boolean, columns: number, rows: number | undefined) {
  const boxed = !plain && columns >= 50 && (rows === undefined || rows >= 20);
  return {
    boxed,
    /** Columns left for text. */
    width: Math.max(10, columns - (boxed ? 4 : 0)),
    /** Rows the frame itself takes. */
    rows: boxed ? 2 : 0,
  };
}
