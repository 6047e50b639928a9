import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { elicit, json, text, type ToolContext } from './context.js';

/** The survey form: one field of every primitive kind the 2025-11-25 form schema allows. */
export const SURVEY_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 1, maxLength: 80 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 13, maximum: 120 },
    rating: { type: 'number', title: 'Rating', minimum: 0, maximum: 5, default: 4 },
    subscribe: { type: 'boolean', title: 'Subscribe to updates', default: false },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'team', title: 'Team' },
        { const: 'enterprise', title: 'Enterprise' },
      ],
      default: 'free',
    },
    color: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'] },
    startDate: { type: 'string', title: 'Start date', format: 'date' },
  },
  required: ['name', 'email', 'plan'],
} as const;

const PAST = { decline: 'declined', cancel: 'cancelled' } as const;

/** Form-mode and URL-mode elicitation tools. */
export function registerElicitationTools(ctx: ToolContext): void {
  const { server, state } = ctx;

  ctx.registered.set(
    'survey',
    server.registerTool(
      'survey',
      {
        title: 'Customer survey',
        description:
          'Asks the user a few questions through a form elicitation and stores the answers.',
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        },
      },
      async (extra) => {
        state.recordCall('survey');
        const result = await elicit(ctx, extra, {
          mode: 'form',
          message: 'Tell us about yourself. Your answers stay on this demo server.',
          requestedSchema: structuredClone(SURVEY_SCHEMA) as never,
        }).catch((error: unknown) => error as Error);
        if (result instanceof Error) {
          state.elicitations.push({ tool: 'survey', mode: 'form', action: 'error' });
          return text(`Survey not answered: ${result.message}`, true);
        }
        state.elicitations.push({
          tool: 'survey',
          mode: 'form',
          action: result.action,
          content: result.content,
        });
        if (result.action !== 'accept') return text(`Survey ${PAST[result.action]} by user.`);
        state.surveys.push(result.content ?? {});
        return json({ saved: result.content ?? {} });
      },
    ),
  );

  ctx.registered.set(
    'oauth_link',
    server.registerTool(
      'oauth_link',
      {
        title: 'Link an account',
        description: 'Asks the user to open a sign-in page (URL elicitation) to link an account.',
        inputSchema: { provider: z.string().default('example') },
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: true,
        },
      },
      async ({ provider }, extra) => {
        state.recordCall('oauth_link');
        const elicitationId = randomUUID();
        const url = `https://auth.example.com/oauth/authorize?client_id=mcp-consent-demo&provider=${encodeURIComponent(provider)}&state=${elicitationId}`;
        const result = await elicit(ctx, extra, {
          mode: 'url',
          message: `Sign in to ${provider} to link your account.`,
          url,
          elicitationId,
        }).catch((error: unknown) => error as Error);
        if (result instanceof Error) {
          state.elicitations.push({ tool: 'oauth_link', mode: 'url', action: 'error' });
          return text(`Link not started: ${result.message}`, true);
        }
        state.elicitations.push({ tool: 'oauth_link', mode: 'url', action: result.action });
        if (result.action !== 'accept') return text(`Account link ${PAST[result.action]} by user.`);
        // The demo has no real provider: it pretends the sign-in finished at once.
        state.linkedAccounts.push(provider);
        await server.server.createElicitationCompletionNotifier(elicitationId, {
          relatedRequestId: extra.requestId,
        })();
        return text(`Linked ${provider}.`);
      },
    ),
  );
}
