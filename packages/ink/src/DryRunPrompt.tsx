import { useEffect, useRef, useState } from 'react';
import { Box, useInput, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { DryRunAnswer, DryRunApi, DryRunRequest } from '@mcp-consent/prompt';
import { useDryRunModel } from '@mcp-consent/react/hooks';
import { dryRunSummary, layoutDryRun } from './dry-run-layout.js';
import { terminalKey } from './keys.js';
import { Lines, type Span } from './lines.js';
import { terminalColors } from './palette.js';
import { previewKey } from './scroll.js';
import { frameOf, useTranslator, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';

export interface DryRunPromptProps extends TerminalPromptOptions {
  request: DryRunRequest;
  clock: Clock;
  /** Aborted when the request is settled elsewhere. */
  signal?: AbortSignal;
  /** Called once: `approve` re-issues the call with `__confirm: true`. */
  onAnswer: (answer: DryRunAnswer, summary: Span[]) => void;
  onClose?: (summary: Span[]) => void;
}

/**
 * A two-key dry run (seed 001) in the terminal: what the tool would have done (redacted,
 * sanitized), the server's hint, the operator notice, and Don't run (focused, Esc) or
 * Run it for real. `+`/`-` and PageUp/PageDown work on the preview as on arguments.
 */
export function DryRunPrompt(props: DryRunPromptProps) {
  const { request, clock, signal, guardMs } = props;
  const plain = useIsScreenReaderEnabled();
  const t = useTranslator(props.translator, props.locale);
  const handlers = useRef(props);
  handlers.current = props;
  const latest = useRef<DryRunApi | null>(null);
  // One model per request (id and locale), destroyed on unmount: its copy and guard do
  // not change under the user. With a request the hook always has a view.
  const api = useDryRunModel(request, {
    clock,
    translator: t,
    ...(signal ? { signal } : {}),
    ...(guardMs === undefined ? {} : { guardMs }),
    onAnswer: (answer) =>
      handlers.current.onAnswer(
        answer,
        latest.current ? dryRunSummary(latest.current, t, answer) : [],
      ),
  }).api!;
  latest.current = api;
  const { columns, rows } = useTerminalSize();
  const [offset, setOffset] = useState(0);
  const gate = useInputGate();

  useEffect(() => {
    if (api.status === 'closed') handlers.current.onClose?.(dryRunSummary(api, t, null));
  }, [api, t]);

  const frame = frameOf(plain, columns, rows);
  const layout = layoutDryRun(api, {
    t,
    width: frame.width,
    rows: rows === undefined ? undefined : rows - 1 - frame.rows,
    plain,
    previewOffset: offset,
  });

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!pressed) return;
    if (pressed.kind === 'interrupt') return handlers.current.onInterrupt?.();
    if (!gate.current || clock.now() < api.guard.endsAt || pressed.kind !== 'key') return;
    if (!previewKey(pressed.input.key, layout.previewShown - 1, api.togglePreview, setOffset)) {
      api.handleKey(pressed.input);
    }
  };
  useInput(onKey, { isActive: api.status === 'open' });

  if (api.status !== 'open') return null;
  const color = props.color ?? true;
  const role = api.risk?.colorRole;
  return (
    <Box
      flexDirection="column"
      width={columns}
      {...(frame.boxed
        ? {
            borderStyle: 'round' as const,
            paddingX: 1,
            ...(color && role ? { borderColor: terminalColors[role] } : {}),
          }
        : {})}
    >
      <Lines lines={layout.lines} color={color} {...(role ? { role } : {})} />
    </Box>
  );
}
