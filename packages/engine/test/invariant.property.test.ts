import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  DAY_MS,
  isAllowAlwaysPermitted,
  deriveRisk,
  memoryStore,
  type Choice,
  type RiskTier,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { callOf, tools } from './helpers.js';

const TOOLS: ToolDefinition[] = [tools.notesList, tools.notesPut, tools.notesDelete, tools.legacy];
const LIFE: Record<RiskTier, number> = { low: 90 * DAY_MS, medium: 30 * DAY_MS, high: 7 * DAY_MS };
const users = ['alice', 'bob'];

type Step =
  | { kind: 'request'; tool: number; user: number; arg: number; answer: Choice }
  | { kind: 'revoke'; tool: number; user: number }
  | { kind: 'jump'; days: number }
  | { kind: 'rugPull'; tool: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      tool: fc.nat(3),
      user: fc.nat(1),
      arg: fc.nat(2),
      answer: fc.constantFrom<Choice>('allow_once', 'allow_always', 'deny_once', 'deny_always'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('revoke' as const),
      tool: fc.nat(3),
      user: fc.nat(1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('jump' as const),
      days: fc.integer({ min: -3, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rugPull' as const), tool: fc.nat(3) }) },
);

/**
 * An independent model of what the user has granted. The engine may allow a
 * call only when this call's prompt was answered with an allow, or the model
 * holds a live, unchanged allow grant and no live deny for that user and tool.
 */
describe('invariant: no allow without an allow answer or a live allow grant', () => {
  it('holds for any sequence of requests, answers, revokes, clock jumps and definition changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 40 }), async (steps) => {
        const clock = createManualClock(Date.UTC(2026, 0, 1));
        const engine = createPermissionEngine({ store: memoryStore(), clock });
        await engine.ready;
        const defs = TOOLS.map((tool) => ({ ...tool }));
        const model = new Map<
          string,
          { allow: boolean; expires: number | null; description: unknown }
        >();

        for (const step of steps) {
          if (step.kind === 'jump') clock.advance(step.days * DAY_MS);
          else if (step.kind === 'rugPull')
            defs[step.tool] = { ...defs[step.tool]!, description: `changed at ${clock.now()}` };
          else if (step.kind === 'revoke') {
            const key = `${users[step.user]}/${defs[step.tool]!.name}`;
            for (const grant of engine.grants({
              userId: users[step.user],
              toolName: defs[step.tool]!.name,
            }))
              await engine.revoke(grant);
            model.delete(key);
          } else {
            const tool = defs[step.tool]!;
            const call = callOf(tool, { userId: users[step.user]!, args: { n: step.arg } });
            const key = `${users[step.user]}/${tool.name}`;
            let asked = false;
            const result = await engine.request(call, {
              prompt: () => {
                asked = true;
                return step.answer;
              },
            });
            const grant = model.get(key);
            const live = grant && (grant.expires === null || grant.expires > clock.now());
            if (result.allowed) {
              const answeredAllow =
                asked && (step.answer === 'allow_once' || step.answer === 'allow_always');
              const liveAllow =
                !asked && live && grant.allow && grant.description === tool.description;
              expect(answeredAllow || liveAllow).toBe(true);
            }
            if (!asked) expect(live).toBe(true); // a decision without asking needs a live grant
            if (asked && step.answer.endsWith('always')) {
              const allow = step.answer === 'allow_always';
              if (!allow || isAllowAlwaysPermitted(tool)) {
                const tier = deriveRisk(tool, call.server).tier;
                model.set(key, {
                  allow,
                  expires: allow ? clock.now() + LIFE[tier] : null,
                  description: tool.description,
                });
              }
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
