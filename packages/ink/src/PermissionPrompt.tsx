import { useRef, useState } from 'react';
import { Box, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Clock } from '@mcp-consent/engine';
import type { PermissionModel } from '@mcp-consent/prompt';
import {
  argsEditKeys,
  argsEditLines,
  EDIT_KEY,
  useArgsEditor,
  withEditFocus,
} from './ArgsEditor.js';
import { grainKey, grainLines, type GrainStep } from './grain-step.js';
import { terminalKey, useTerminalInput } from './keys.js';
import { Lines } from './lines.js';
import { terminalColors } from './palette.js';
import { CHANGE_KEY, layoutPermission } from './permission-layout.js';
import { previewKey } from './scroll.js';
import { frameOf, useTranslator, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';
import { useModel } from './use-model.js';

export interface PermissionPromptProps extends TerminalPromptOptions {
  /**
   * The model to show, owned by the caller: `snapshot.current.model` of
   * `createConsentPresenter`, or `createPermissionPrompt(request, { layout: 'list', … })`.
   * Its `onAnswer` receives the answer.
   */
  model: PermissionModel;
  /** The clock the model was built with: keys pressed inside its input guard are dropped. */
  clock: Clock;
}

/**
 * The permission prompt of spec R7 for terminals, in the order every renderer shows: the
 * kit's title and risk label in its colour, the summary, the arguments preview, why this
 * risk and the effect lines, the "From the server" box (tool, server and trust, the
 * description, what changed), then the actions numbered 1–4. A digit answers at once;
 * arrows and Enter work; Esc is Deny once; `+`/`-` show more or less of the arguments and
 * PageUp/PageDown scroll them; `d` opens what changed in a redefined tool; when the request
 * offers grains, `r` opens a numbered step for how long Allow always / Deny always hold and `n`
 * the deny note; `e` edits the arguments of a tool with an input schema (issue 17). Nothing
 * answers until the input guard has passed, and text typed before the prompt appeared is dropped.
 */
export function PermissionPrompt(props: PermissionPromptProps) {
  const { model, clock } = props;
  const plain = useIsScreenReaderEnabled();
  const t = useTranslator(props.translator, props.locale);
  const api = useModel(model);
  const { columns, rows } = useTerminalSize();
  const [argsOffset, setArgsOffset] = useState(0);
  const [step, setStep] = useState<GrainStep>(null);
  // Read by keys at once: a number typed right after `r` picks a grain, never answers.
  const stepNow = useRef<GrainStep>(null);
  const gate = useInputGate();
  const edit = useArgsEditor(model, {
    isActive: api.status === 'open',
    accept: () => gate.current && clock.now() >= model.connect().guard.endsAt,
    ...(props.onInterrupt ? { onInterrupt: props.onInterrupt } : {}),
  });

  const frame = frameOf(plain, columns, rows);
  const editKeys = t.t('mcp.args_edit.keys.hint');
  const editing = edit.focus.editing && api.editor?.open === true;
  // Issue 17: the keys of "How long, and a note", or its numbered sub-step, under the actions.
  // The layout counts every row it returns and keeps the frame shorter than the terminal.
  // While a step or the editor has the keys, the line under the actions says its keys, never
  // the prompt's "Press 1–4 … Esc to deny once" (a digit then picks a grain or is text, and
  // Esc goes back); the editor's stay in view there while its fields scroll.
  const layout = layoutPermission(withEditFocus(api, edit.focus), {
    t,
    width: frame.width,
    rows: rows === undefined ? undefined : rows - 1 - frame.rows,
    plain,
    argsOffset,
    glyphs: frame.boxed,
    editLines: argsEditLines(api.editor, edit.focus, plain, editing ? null : editKeys),
    // `r` and `n` are text in a field: their keys come back with the prompt's.
    after: grainLines(api, step, t).filter((line) => !(editing && line.key === 'grains-keys')),
    ...(editing ? { keys: argsEditKeys(editKeys) } : step !== null ? { keys: null } : {}),
  });

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!pressed) return;
    if (pressed.kind === 'interrupt') return props.onInterrupt?.();
    // Typed before the prompt appeared, or inside the guard window: not for us.
    if (!gate.current || clock.now() < api.guard.endsAt) return;
    const grain = grainKey(api, stepNow.current, pressed);
    if (grain.step !== stepNow.current) {
      stepNow.current = grain.step;
      setStep(grain.step);
    }
    if (grain.used) return;
    if (pressed.kind !== 'key') return; // a paste never answers
    const page = layout.argsShown - 1;
    if (pressed.input.key.toLowerCase() === EDIT_KEY && api.editor) {
      edit.start();
    } else if (pressed.input.key.toLowerCase() === CHANGE_KEY && api.change) {
      api.openChange(!api.change.opened);
    } else if (!previewKey(pressed.input.key, page, api.toggleArgs, setArgsOffset)) {
      api.handleKey(pressed.input);
    }
  };
  useTerminalInput(onKey, { isActive: api.status === 'open' && !edit.focus.editing });

  if (api.status !== 'open') return null;
  const role = api.risk.colorRole;
  const color = props.color ?? true;
  return (
    <Box
      flexDirection="column"
      width={columns}
      {...(frame.boxed
        ? {
            borderStyle: 'round' as const,
            paddingX: 1,
            ...(color ? { borderColor: terminalColors[role] } : {}),
          }
        : {})}
    >
      <Lines lines={layout.lines} color={color} role={role} />
    </Box>
  );
}
