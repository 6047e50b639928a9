import { Box, Text } from 'ink';
import wrapAnsi from 'wrap-ansi';
import type { ColorRole } from '@mcp-consent/prompt';
import { toneStyle, type Tone } from './palette.js';

/** A run of text with one style. Text always comes from a prompt model or the i18n catalog. */
export interface Span {
  text: string;
  tone?: Tone;
}

/** One block of a prompt: spans that wrap together, indented. */
export interface Line {
  key: string;
  spans: Span[];
  /** Columns of indentation. @default 0 */
  indent?: number;
  /** A blank row above, to group parts. @default false */
  gap?: boolean;
}

/** Rows a text takes at a width, wrapped exactly as Ink wraps `<Text>`. */
export function wrappedRows(text: string, width: number): string[] {
  if (text === '') return [''];
  return wrapAnsi(text, Math.max(1, width), { trim: false, hard: true }).split('\n');
}

/** The first `maxRows` wrapped rows of a text, the last one ending in "…" when cut. */
export function clipRows(text: string, width: number, maxRows: number): string {
  const rows = wrappedRows(text, width);
  if (rows.length <= maxRows) return text;
  const kept = rows.slice(0, Math.max(1, maxRows));
  const last = kept.length - 1;
  kept[last] = `${[...kept[last]!].slice(0, Math.max(0, width - 1)).join('')}…`;
  return kept.join('\n');
}

export function lineHeight(line: Line, width: number): number {
  const text = line.spans.map((span) => span.text).join('');
  return wrappedRows(text, width - (line.indent ?? 0)).length + (line.gap ? 1 : 0);
}

export function linesHeight(lines: readonly Line[], width: number): number {
  return lines.reduce((sum, line) => sum + lineHeight(line, width), 0);
}

export interface LinesProps {
  lines: readonly Line[];
  color: boolean;
  role?: ColorRole;
}

/** Renders lines as Ink text: one box per line, so each reads as its own line in plain mode. */
export function Lines({ lines, color, role }: LinesProps) {
  return (
    <>
      {lines.map((line) => (
        <Box
          key={line.key}
          paddingLeft={line.indent ?? 0}
          marginTop={line.gap ? 1 : 0}
          flexShrink={0}
        >
          <Text>
            {line.spans.map((span, index) => (
              <Text key={index} {...toneStyle(span.tone ?? 'plain', color, role)}>
                {span.text}
              </Text>
            ))}
          </Text>
        </Box>
      ))}
    </>
  );
}
