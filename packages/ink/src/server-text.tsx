import { Text } from 'ink';
import type { ServerText } from '@mcp-consent/prompt';
import type { Span } from './lines.js';
import { toneStyle, type Tone } from './palette.js';

/**
 * Server text in the terminal: `ServerText` (from the prompt model's `TextCleaner.serverText`)
 * as spans for a prompt's lines, each run of hidden characters as its bracketed label
 * ("[200 hidden characters]") in its own tone, so it never reads as the server's words.
 * The terminal cannot expand a chip; the label is what it shows. Every piece is text.
 *
 * ```ts
 * import { serverTextSpans } from './server-text.js';
 * line('title', serverTextSpans(api.fromServer.title, 'strong'));
 * ```
 */
export function serverTextSpans(
  value: ServerText | null | undefined,
  tone: Tone = 'plain',
  hiddenTone: Tone = 'dim',
): Span[] {
  if (!value) return [];
  return value.parts.map((part) =>
    part.type === 'text' ? { text: part.text, tone } : { text: part.inline, tone: hiddenTone },
  );
}

export interface ServerTextViewProps {
  value: ServerText | null | undefined;
  /** The text's tone. @default 'plain' */
  tone?: Tone;
  /** A hidden run's tone. @default 'dim' */
  hiddenTone?: Tone;
  /** Colours on (off under `NO_COLOR`). @default true */
  color?: boolean;
}

/** `serverTextSpans` as one Ink `<Text>`, for a place outside the line layout. */
export function ServerTextView({ value, tone, hiddenTone, color = true }: ServerTextViewProps) {
  const spans = serverTextSpans(value, tone, hiddenTone);
  if (spans.length === 0) return null;
  return (
    <Text>
      {spans.map((span, index) => (
        <Text key={index} {...toneStyle(span.tone ?? 'plain', color)}>
          {span.text}
        </Text>
      ))}
    </Text>
  );
}
