import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPermissionEngine, type Choice, type PermissionEngine } from '@mcp-consent/engine';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

/**
 * The cache holds a tool's lone per-tool grant on its own and moves it into a slot when
 * per-arguments grants join it (and back when they go). Whatever the order of answers and
 * revokes, a lookup answers as the rules say: a live deny for the call (these arguments, or the
 * tool) wins, then an allow, else the user is asked.
 */
type Step =
  | { kind: 'answer'; choice: Choice; arg: number | null }
  | { kind: 'revoke'; arg: number | null }
  | { kind: 'reload' };

const ARGS = ['a', 'b', 'c'];

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      choice: fc.constantFrom<Choice>('allow_always', 'deny_always'),
      arg: fc.option(fc.nat(2), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('revoke' as const),
      arg: fc.option(fc.nat(2), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);

const server = { id: 'notes', trusted: true };
const put = (arg: number) =>
  callOf(tools.notesPut, { server, args: { id: ARGS[arg]!, text: 'x' } });

describe('per-tool and per-arguments grants of one tool, in any order', () => {
  it('look up as the remembered answers say, before and after a reload', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { engine: first, store, clock } = await setup();
        let engine: PermissionEngine = first;
        /** What is remembered, per tool (null) and per argument index, and under which key. */
        const model = new Map<number | null, { decision: 'allow' | 'deny'; key: string }>();
        for (const step of steps) {
          if (step.kind === 'answer') {
            const before = new Set(engine.grants().map((grant) => grant.grantedAt + grant.key));
            await engine.request(put(step.arg ?? 0), {
              ...scriptedUser({ choice: step.choice, argsOnly: step.arg !== null }),
              forcePrompt: true,
            });
            const made = engine.grants().filter((g) => !before.has(g.grantedAt + g.key));
            expect(made).toHaveLength(1);
            expect(made[0]!.argsHash !== undefined).toBe(step.arg !== null);
            const decision = step.choice === 'allow_always' ? 'allow' : 'deny';
            model.set(step.arg, { decision, key: made[0]!.key });
          } else if (step.kind === 'revoke') {
            const held = model.get(step.arg);
            if (held) {
              await engine.revoke(held.key);
              model.delete(step.arg);
            }
          } else {
            engine.dispose();
            engine = createPermissionEngine({ store, clock });
            await engine.ready;
          }
          clock.advance(1);
          for (let arg = 0; arg < ARGS.length; arg += 1) {
            const mine = model.get(arg)?.decision;
            const tool = model.get(null)?.decision;
            const expected =
              mine === 'deny' || tool === 'deny'
                ? 'deny'
                : mine === 'allow' || tool === 'allow'
                  ? 'allow'
                  : 'prompt';
            expect(engine.lookup(put(arg)).status, `arguments ${ARGS[arg]}`).toBe(expected);
          }
        }
        engine.dispose();
      }),
      { numRuns: 150 },
    );
  });
});
