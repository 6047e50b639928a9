import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { ResultReviewModel } from '@mcp-consent/prompt';
import { terminalKey, useTerminalInput } from './keys.js';
import { Lines } from './lines.js';
import { layoutResultReview } from './result-review-layout.js';
import { frameOf, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel } from './use-model.js';

export interface ResultReviewPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createResultReviewPrompt(request, …)`.
   */
  model: ResultReviewModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/** Tab and Shift+Tab walk the controls as the arrows do. */
const TAB_KEYS: Readonly<Record<string, string>> = { Tab: 'ArrowDown', BackTab: 'ArrowUp' };

/**
 * An allowed tool call's result in the terminal, before the model sees it: who answered, the
 * tool and its tier, the content as the model cleaned and labelled it, and two numbered answers:
 * 1 Send to the model (focused), 2 Withhold from the model (Esc withholds too).
 */
export function ResultReviewPrompt(props: ResultReviewPromptProps) {
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
        lines={layoutResultReview(api, {
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
