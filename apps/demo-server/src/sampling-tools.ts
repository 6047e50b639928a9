import { z } from 'zod';
import { text, type ToolContext } from './context.js';

/** The longest summary the server asks the client's model for, in tokens. */
export const SUMMARY_MAX_TOKENS = 200;

/** A tool that asks the client's model (`sampling/createMessage`, 2025-11-25). */
export function registerSamplingTools(ctx: ToolContext): void {
  const { server, state } = ctx;

  ctx.registered.set(
    'notes_summarize',
    server.registerTool(
      'notes_summarize',
      {
        title: 'Summarize a note',
        description:
          "Summarize a note with the client's model: the note is sent to the client as a " +
          'sampling request and the reply comes back as the result.',
        inputSchema: { id: z.string().describe('Note id') },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ id }, extra) => {
        state.recordCall('notes_summarize');
        const note = state.notes.get(id);
        if (note === undefined) return text(`No note "${id}".`, true);
        // On the call's own stream (HTTP: its SSE response), like the sampling request.
        await extra.sendNotification({
          method: 'notifications/message',
          params: {
            level: 'info',
            logger: 'notes_summarize',
            data: `Asking the client's model to summarize "${id}".`,
          },
        });
        let reply;
        try {
          // Tied to the call (its HTTP stream), with the long user timeout: a person reads it.
          reply = await server.server.createMessage(
            {
              systemPrompt: 'You summarize notes in one sentence.',
              messages: [
                {
                  role: 'user',
                  content: { type: 'text', text: `Summarize the note "${id}":\n\n${note}` },
                },
              ],
              includeContext: 'none',
              maxTokens: SUMMARY_MAX_TOKENS,
            },
            {
              relatedRequestId: extra.requestId,
              signal: extra.signal,
              timeout: ctx.elicitTimeoutMs,
            },
          );
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          state.samplings.push({ tool: 'notes_summarize', outcome: 'rejected', error: reason });
          return text(`No summary of "${id}": the client answered ${reason}`, true);
        }
        const content = reply.content as { type?: unknown; text?: unknown };
        const summary = content.type === 'text' ? String(content.text) : '';
        state.samplings.push({ tool: 'notes_summarize', outcome: 'replied', model: reply.model });
        return text(`Summary of "${id}" by ${reply.model}:\n\n${summary}`);
      },
    ),
  );
}
