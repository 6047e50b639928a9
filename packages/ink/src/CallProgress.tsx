import { useMemo } from 'react';
import { Box, Text, useStdout } from 'ink';
import { connectCallProgress, type CallProgress as CallProgressReport } from '@mcp-consent/prompt';
import { useTranslator, type TerminalPromptOptions } from './shared.js';

export interface CallProgressProps extends Pick<
  TerminalPromptOptions,
  'translator' | 'locale' | 'color'
> {
  /** The latest report of the running call (`guardClient`'s `onProgress`); null shows nothing. */
  progress: CallProgressReport | null | undefined;
}

/** Cells of the bar: at most 30, and never wider than the terminal allows beside the count. */
const barCells = (columns: number) => Math.max(10, Math.min(30, columns - 20));

/**
 * The status of an allowed call while it runs, in the terminal: "Running <tool>… 3 of 10",
 * a bar of block characters when the server gives a total, and the server's latest note under
 * the kit's label. The same model as the Lit and React status; plain text, no raw writes.
 */
export function CallProgress({ progress, translator, locale, color = true }: CallProgressProps) {
  const t = useTranslator(translator, locale);
  const { stdout } = useStdout();
  const api = useMemo(
    () => (progress ? connectCallProgress({ progress, translator: t }) : null),
    [progress, t],
  );
  if (!api) return null;
  const cells = barCells(stdout.columns || 80);
  const filled = api.percent === null ? 0 : Math.round((api.percent / 100) * cells);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold={color}>{api.label}</Text> <Text dimColor={color}>{api.count}</Text>
      </Text>
      {api.percent !== null && (
        <Text>
          {'█'.repeat(filled)}
          <Text dimColor={color}>{'░'.repeat(cells - filled)}</Text> {api.percent}%
        </Text>
      )}
      {api.message && (
        <Text wrap="wrap">
          <Text dimColor={color}>{api.message.label}</Text> {api.message.text}
        </Text>
      )}
    </Box>
  );
}
