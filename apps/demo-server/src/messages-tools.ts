import { z } from 'zod';
import { text, type ToolContext } from './context.js';
import { checkTwoKeys } from './dry-run.js';

/** `messages_send`: a non-idempotent, open-world write behind seed 001's two-key dry run. */
export function registerMessagesTools(ctx: ToolContext): void {
  const { server, state } = ctx;
  ctx.registered.set(
    'messages_send',
    server.registerTool(
      'messages_send',
      {
        title: 'Send a message',
        description:
          'Posts a message to a channel. Dry run by default: returns a DRY_RUN_PREVIEW error unless the ' +
          'operator disabled dry run and the call carries __confirm: true.',
        // Loose, so `__confirm` (not part of the business payload) reaches the handler.
        inputSchema: z.looseObject({
          channel: z.string().min(1),
          text: z.string().min(1),
          webhookToken: z.string().optional(),
        }),
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: true,
        },
      },
      (args) => {
        state.recordCall('messages_send');
        const preview = checkTwoKeys('messages_send', args, ctx.dryRun);
        if (preview) return text(JSON.stringify(preview), true);
        state.messages.push({ channel: args.channel, text: args.text });
        return text(`Sent to #${args.channel}.`);
      },
    ),
  );
}
