import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { KeyInput } from '@mcp-consent/prompt';
import { terminalKey, useTerminalInput } from './keys.js';
import { Lines, type Line } from './lines.js';
import { frameOf, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel, type ModelSource } from './use-model.js';

/** What a keyed prompt model offers: its status, its input guard and its key handler. */
export interface KeyedApi {
  status: string;
  guard: { endsAt: number };
  handleKey(input: string | KeyInput): unknown;
}

/** Where a prompt's lines may go: the text columns and the rows left (undefined: no limit). */
export interface LinesLayoutOptions {
  plain: boolean;
  width: number;
  rows: number | undefined;
}

export interface LinesPromptProps<Api extends KeyedApi> extends TerminalPromptOptions {
  model: ModelSource<Api>;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
  /** The prompt's lines for the model's current view. */
  layout(api: Api, options: LinesLayoutOptions): Line[];
}

/** Tab and Shift+Tab walk the controls as the arrows do. */
const TAB_KEYS: Readonly<Record<string, string>> = { Tab: 'ArrowDown', BackTab: 'ArrowUp' };

/**
 * The body the line-laid-out prompts share (roots, result review): the model's view laid out
 * in the terminal's size, keys to the model once its input guard has passed, Ctrl+C to the
 * host, nothing once the model is answered.
 */
export function LinesPrompt<Api extends KeyedApi>(props: LinesPromptProps<Api>) {
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
  return (
    <Box
      flexDirection="column"
      width={columns}
      {...(frame.boxed ? { borderStyle: 'round' as const, paddingX: 1 } : {})}
    >
      <Lines
        lines={props.layout(api, {
          plain,
          width: frame.width,
          // One row for the cursor line under the prompt, as the other prompts keep.
          rows: rows === undefined ? undefined : rows - 1 - frame.rows,
        })}
        color={props.color ?? true}
        width={frame.width}
      />
    </Box>
  );
}
