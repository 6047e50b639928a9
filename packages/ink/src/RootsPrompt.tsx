import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { RootsModel } from '@mcp-consent/prompt';
import { terminalKey, useTerminalInput } from './keys.js';
import { Lines } from './lines.js';
import { layoutRoots } from './roots-layout.js';
import { frameOf, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel } from './use-model.js';

export interface RootsPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createRootsPrompt(request, …)`.
   */
  model: RootsModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/** Tab and Shift+Tab walk the controls as the arrows do. */
const TAB_KEYS: Readonly<Record<string, string>> = { Tab: 'ArrowDown', BackTab: 'ArrowUp' };

/**
 * A server's `roots/list` in the terminal: who asks, the host's roots numbered with a checkbox
 * each (its number or Space on it toggles it), remember for this server or only this time, and
 * Share selected or Share none (focused; Esc shares none, only this time).
 */
export function RootsPrompt(props: RootsPromptProps) {
  const { model, clock } = props;
  const plain = useIsScreenReaderEnabled();
  const api = useModel(model);
  const { columns, rows } = useTerminalSize();
  const gate = useInputGate();
  const frame = frameOf(plain, columns, rows);

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!pressed) return;
    if (pressed.kind === 'interrupt') return props.onInterrupt?.();
    if (!gate.current || clock.now() < api.guard.endsAt || pressed.kind !== 'key') return;
    const name = pressed.input.key === 'Tab' && key.shift ? 'BackTab' : pressed.input.key;
    api.handleKey({ ...pressed.input, key: TAB_KEYS[name] ?? pressed.input.key });
  };
  useTerminalInput(onKey, { isActive: api.status === 'open' });

  if (api.status !== 'open') return null;
  const color = props.color ?? true;
  return (
    <Box
      flexDirection="column"
      width={columns}
      {...(frame.boxed ? { borderStyle: 'round' as const, paddingX: 1 } : {})}
    >
      <Lines
        lines={layoutRoots(api, {
          plain,
          width: frame.width,
          // One row for the cursor line under the prompt, as the other prompts keep.
          rows: rows === undefined ? undefined : rows - 1 - frame.rows,
        })}
        color={color}
      />
    </Box>
  );
}
