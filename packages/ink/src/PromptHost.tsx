import { useMemo, useState, useSyncExternalStore } from 'react';
import { Box, Static, Text } from 'ink';
import { connectChecking } from '@mcp-consent/prompt';
import type { Clock, PermissionEngine } from '@mcp-consent/engine';
import { dryRunRequestOf } from '@mcp-consent/prompt';
import { DryRunPrompt } from './DryRunPrompt.js';
import { ElicitationPrompt } from './ElicitationPrompt.js';
import { Lines } from './lines.js';
import { PermissionPrompt } from './PermissionPrompt.js';
import type { JobQueue } from './queue.js';
import { useTranslator, type TerminalPromptOptions } from './shared.js';

export interface PromptHostProps extends TerminalPromptOptions {
  queue: JobQueue;
  clock: Clock;
  engine?: PermissionEngine;
  allowAlwaysExpiresInMs?: number | null;
}

/**
 * Shows the first question of the queue (a permission prompt, a dry-run preview the
 * mcp package asks about, or an elicitation) and leaves one
 * line per answered question in the scrollback, so the terminal keeps a record of
 * what was allowed.
 */
export function PromptHost({ queue, ...options }: PromptHostProps) {
  const { current, history, checking } = useSyncExternalStore(
    queue.subscribe,
    queue.getSnapshot,
    queue.getSnapshot,
  );
  // Lines printed by an earlier mount are in the scrollback already.
  const [printed] = useState(history.length);
  const color = options.color ?? true;
  const t = useTranslator(options.translator, options.locale);
  const status = useMemo(() => connectChecking({ translator: t }), [t]);
  const dryRun = useMemo(
    () => (current?.kind === 'permission' ? dryRunRequestOf(current.request) : null),
    [current],
  );
  return (
    <>
      <Static items={history.slice(printed)}>
        {(item) => (
          <Box key={item.id}>
            <Lines lines={[{ key: item.id, spans: item.spans }]} color={color} />
          </Box>
        )}
      </Static>
      {current === null && checking && <Text dimColor>{status.text}</Text>}
      {current?.kind === 'permission' && dryRun && (
        <DryRunPrompt
          key={current.id}
          {...options}
          request={dryRun}
          signal={current.request.signal}
          // The mcp package re-issues the call with `__confirm: true` on Allow once.
          onAnswer={(answer, summary) =>
            queue.settle(current.id, answer === 'approve' ? 'allow_once' : 'deny_once', summary)
          }
          onClose={(summary) => queue.settle(current.id, 'deny_once', summary)}
        />
      )}
      {current?.kind === 'permission' && !dryRun && (
        <PermissionPrompt
          key={current.id}
          {...options}
          request={current.request}
          onAnswer={(choice, summary) => queue.settle(current.id, choice, summary)}
          onClose={(summary) => queue.settle(current.id, 'deny_once', summary)}
        />
      )}
      {current?.kind === 'elicitation' && (
        <ElicitationPrompt
          key={current.id}
          {...options}
          id={current.id}
          request={current.request}
          server={current.server}
          {...(current.signal ? { signal: current.signal } : {})}
          onResult={(result, summary) => queue.settle(current.id, result, summary)}
        />
      )}
    </>
  );
}
