import { useState } from 'react';
import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { DryRunModel } from '@mcp-consent/prompt';
import { layoutDryRun } from './dry-run-layout.js';
import { terminalKey, useTerminalInput } from './keys.js';
import { Lines } from './lines.js';
import { terminalColors } from './palette.js';
import { previewKey } from './scroll.js';
import { frameOf, useTranslator, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel } from './use-model.js';

export interface DryRunPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createDryRunPrompt(dryRunRequestOf(request), …)`.
   * Its `onAnswer` receives the answer (`approve` re-issues the call with `__confirm: true`).
   */
  model: DryRunModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/**
 * A two-key dry run (seed 001) in the terminal, step 2 of 2 of one flow: the step and title,
 * what the server says it would run the tool with (redacted, sanitized), the server's own note
 * quoted in a "From the server" block, the operator notice, and Don't send (focused, Esc) or
 * Send for real. `+`/`-` and PageUp/PageDown work on the preview as on arguments.
 */
export function DryRunPrompt(props: DryRunPromptProps) {
  const { model, clock } = props;
  const plain = useIsScreenReaderEnabled();
  const t = useTranslator(props.translator, props.locale);
  const api = useModel(model);
  const { columns, rows } = useTerminalSize();
  const [offset, setOffset] = useState(0);
  const gate = useInputGate();

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
    if (pressed.kind === 'interrupt') return props.onInterrupt?.();
    if (!gate.current || clock.now() < api.guard.endsAt || pressed.kind !== 'key') return;
    if (!previewKey(pressed.input.key, layout.previewShown - 1, api.togglePreview, setOffset)) {
      api.handleKey(pressed.input);
    }
  };
  useTerminalInput(onKey, { isActive: api.status === 'open' });

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
