import { useEffect, useRef, useState } from 'react';
import { Box, useInput, useIsScreenReaderEnabled, type Key } from 'ink';
import type { Choice, Clock, PermissionEngine, PromptRequest } from '@mcp-consent/engine';
import type { PermissionApi } from '@mcp-consent/prompt';
import { usePermissionPrompt } from '@mcp-consent/react/hooks';
import { terminalKey } from './keys.js';
import { Lines, type Span } from './lines.js';
import { terminalColors } from './palette.js';
import { layoutPermission, permissionSummary } from './permission-layout.js';
import { previewKey } from './scroll.js';
import { frameOf, useTranslator, type TerminalPromptOptions } from './shared.js';
import { useInputGate, useTerminalSize } from './terminal.js';

export interface PermissionPromptProps extends TerminalPromptOptions {
  /** The engine's request (the `prompt` callback's argument). */
  request: PromptRequest;
  /** Time for the input guard: `systemClock` from `@mcp-consent/engine` in hosts. */
  clock: Clock;
  /** Keeps "Permission request 1 of 3" live from the engine's queue. */
  engine?: PermissionEngine;
  /** When set, Allow always says "expires in 7 days" for this lifetime. */
  allowAlwaysExpiresInMs?: number | null;
  /** Called once with the answer and a one-line summary for the scrollback. */
  onAnswer: (choice: Choice, summary: Span[]) => void;
  /** The request was settled elsewhere (another approver, a timeout): take the prompt down. */
  onClose?: (summary: Span[]) => void;
}

/**
 * The permission prompt of spec R7 for terminals: a header (tool, server and trust,
 * risk label in its colour, effect lines, arguments preview) and the actions numbered
 * 1–4. A digit answers at once; arrows and Enter work; Esc is Deny once; `+`/`-` show
 * more or less of the arguments and PageUp/PageDown scroll them. Nothing answers until
 * the input guard has passed, and text typed before the prompt appeared is dropped.
 */
export function PermissionPrompt(props: PermissionPromptProps) {
  const { request, clock, engine, guardMs, allowAlwaysExpiresInMs } = props;
  const plain = useIsScreenReaderEnabled();
  const t = useTranslator(props.translator, props.locale);
  const latest = useRef<PermissionApi | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const api = usePermissionPrompt(request, {
    clock,
    translator: t,
    layout: 'list',
    ...(engine ? { engine } : {}),
    ...(guardMs === undefined ? {} : { guardMs }),
    ...(allowAlwaysExpiresInMs === undefined ? {} : { allowAlwaysExpiresInMs }),
    onAnswer: (choice) =>
      handlers.current.onAnswer(
        choice,
        latest.current ? permissionSummary(latest.current, t, choice) : [],
      ),
  });
  latest.current = api;
  const { columns, rows } = useTerminalSize();
  const [argsOffset, setArgsOffset] = useState(0);
  const gate = useInputGate();
  const status = api?.status;

  useEffect(() => {
    if (status === 'closed' && latest.current) {
      handlers.current.onClose?.(permissionSummary(latest.current, t, null));
    }
  }, [status, t]);

  const frame = frameOf(plain, columns, rows);
  const layout = api
    ? layoutPermission(api, {
        t,
        width: frame.width,
        rows: rows === undefined ? undefined : rows - 1 - frame.rows,
        plain,
        argsOffset,
      })
    : undefined;

  const onKey = (input: string, key: Key) => {
    const pressed = terminalKey(input, key);
    if (!api || !layout || !pressed) return;
    if (pressed.kind === 'interrupt') return handlers.current.onInterrupt?.();
    // Typed before the prompt appeared, or inside the guard window: not for us.
    if (!gate.current || clock.now() < api.guard.endsAt) return;
    if (pressed.kind !== 'key') return; // a paste never answers
    const page = layout.argsShown - 1;
    if (!previewKey(pressed.input.key, page, api.toggleArgs, setArgsOffset)) {
      api.handleKey(pressed.input);
    }
  };
  useInput(onKey, { isActive: status === 'open' });

  if (!api || !layout || api.status !== 'open') return null;
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
