import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Static, Text } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { connectChecking, type ConsentPresenter, type SettledItem } from '@mcp-consent/prompt';
import { DryRunPrompt } from './DryRunPrompt.js';
import { ElicitationPrompt } from './ElicitationPrompt.js';
import { Lines, type Line } from './lines.js';
import { PermissionPrompt } from './PermissionPrompt.js';
import { ResultReviewPrompt } from './ResultReviewPrompt.js';
import { RootsPrompt } from './RootsPrompt.js';
import { SamplingPrompt } from './SamplingPrompt.js';
import { useTranslator, type TerminalPromptOptions } from './shared.js';
import { settledSummary } from './summary.js';

export interface PromptHostProps extends TerminalPromptOptions {
  /** The queue to show: `createConsentPresenter` of `@mcp-consent/prompt`. */
  presenter: Pick<ConsentPresenter, 'getSnapshot' | 'subscribe'>;
  /** The clock the presenter was given (the input guard's time). */
  clock: Clock;
}

/**
 * Shows the head of the presenter's queue (a permission prompt, a dry-run preview the
 * mcp package asks about, or an elicitation) with the model the presenter built for it,
 * "Checking permissions…" while the engine is slow to decide, and leaves one line per
 * settled request in the scrollback, so the terminal keeps a record of what was allowed.
 */
export function PromptHost({ presenter, clock, ...options }: PromptHostProps) {
  const { current, checking, settled } = useSyncExternalStore(
    presenter.subscribe,
    presenter.getSnapshot,
    presenter.getSnapshot,
  );
  const t = useTranslator(options.translator, options.locale);
  const status = useMemo(() => connectChecking({ translator: t }), [t]);
  const lines = useScrollback(settled, t);
  const color = options.color ?? true;
  const shared = {
    clock,
    color,
    ...(options.onInterrupt ? { onInterrupt: options.onInterrupt } : {}),
  };
  return (
    <>
      <Static items={lines}>
        {(line) => (
          <Box key={line.key}>
            <Lines lines={[line]} color={color} />
          </Box>
        )}
      </Static>
      {current === null && checking && <Text dimColor>{status.text}</Text>}
      {current?.kind === 'permission' && (
        <PermissionPrompt key={current.id} {...shared} translator={t} model={current.model} />
      )}
      {current?.kind === 'dry_run' && (
        <DryRunPrompt key={current.id} {...shared} translator={t} model={current.model} />
      )}
      {current?.kind === 'elicitation' && (
        <ElicitationPrompt key={current.id} {...shared} translator={t} model={current.model} />
      )}
      {current?.kind === 'roots' && (
        <RootsPrompt key={current.id} {...shared} model={current.model} />
      )}
      {current?.kind === 'result_review' && (
        <ResultReviewPrompt key={current.id} {...shared} model={current.model} />
      )}
      {current?.kind === 'sampling' && (
        <SamplingPrompt key={current.id} {...shared} model={current.model} />
      )}
    </>
  );
}

/**
 * The scrollback lines of this mount, append-only as Ink's `<Static>` wants them: one per
 * request settled while it is mounted. Requests settled before it mounted were printed
 * by an earlier mount, or had nothing to print (they never reached the screen).
 */
function useScrollback(settled: readonly SettledItem[], t: Translator): Line[] {
  // Records, not positions: the presenter keeps only the last 100.
  const [seen] = useState(() => new WeakSet<SettledItem>(settled));
  const lines = useRef<Line[]>([]);
  const fresh = settled.filter((item) => !seen.has(item));
  if (fresh.length === 0) return lines.current;
  const added: Line[] = [];
  for (const item of fresh) {
    seen.add(item);
    const spans = settledSummary(item, t);
    if (spans) added.push({ key: `settled-${lines.current.length + added.length}`, spans });
  }
  // A new array only when something was added, so <Static> sees what is new.
  if (added.length > 0) lines.current = [...lines.current, ...added];
  return lines.current;
}
