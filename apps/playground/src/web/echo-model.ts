import type { SamplingGenerator } from '@mcp-consent/mcp';

/** The model name the echo generator reports: the reply sheet shows it as "Written by …". */
export const ECHO_MODEL = 'echo-model-demo';

/**
 * The playground's demo generator for sampling (issue 18), not a language model: it answers
 * with the text of the last user message the user approved (after their edits), cut to the
 * approved `maxTokens` (one token counted as four characters), so the playground shows the
 * whole flow — request, edit, generation, reply review — with no model and no network.
 */
export const echoModel: SamplingGenerator = (params) => {
  const last = [...params.messages]
    .reverse()
    .map((message) => message as { role?: unknown; content?: unknown })
    .find((message) => message.role === 'user');
  const blocks = Array.isArray(last?.content) ? last.content : [last?.content];
  const text = blocks
    .map((block) => block as { type?: unknown; text?: unknown } | undefined)
    .filter((block) => block?.type === 'text' && typeof block.text === 'string')
    .map((block) => block!.text as string)
    .join('\n');
  const limit = Math.max(1, params.maxTokens) * 4;
  const cut = text.length > limit;
  return {
    role: 'assistant',
    content: { type: 'text', text: cut ? text.slice(0, limit) : text },
    model: ECHO_MODEL,
    stopReason: cut ? 'maxTokens' : 'endTurn',
  };
};
