/**
 * The safety property through `engine.request`: for random policies (every layer),
 * random remembered grants (allow / deny; per tool, per arguments, whole server; stored, timed
 * or for the session), random calls and random answers, no call is allowed unless an allow
 * rule, an allow grant or an allow answer covers it, and none is allowed that a deny rule or a
 * remembered denial covers. The rules are matched here by a naive reading of the README, not
 * by the compiled index; grants are tracked from what the engine reported making.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveHints,
  hashArgsSync,
  POLICY_LAYERS,
  type Grant,
  type PermissionMode,
  type PolicyRule,
  type PolicySource,
  type PromptAnswer,
  type ToolCall,
} from '@mcp-consent/engine';
import { callOf, setup, tools } from './helpers.js';

const TOOLS = [tools.notesList, tools.notesPut, tools.notesDelete, tools.legacy];
const SERVERS = ['notes', 'files'];
const HOUR = 60 * 60_000;

const ruleArb: fc.Arbitrary<PolicyRule> = fc.record(
  {
    effect: fc.constantFrom('allow', 'ask', 'deny'),
    tool: fc.constantFrom(...TOOLS.map((t) => t.name), 'notes_*', '*_put', '*'),
    server: fc.constantFrom(...SERVERS),
    annotations: fc.constantFrom({ readOnlyHint: true }, { destructiveHint: true }),
    args: fc.constant([{ pointer: '/id', equals: 'a' }]),
  },
  { requiredKeys: ['effect'] },
) as fc.Arbitrary<PolicyRule>;

const policyArb: fc.Arbitrary<PolicySource[]> = fc
  .array(
    fc.record({
      layer: fc.constantFrom(...POLICY_LAYERS),
      rules: fc.array(ruleArb, { maxLength: 4 }),
    }),
    { maxLength: 4 },
  )
  .map((files) =>
    files.map(({ layer, rules }, i) => ({
      layer,
      file: `${layer}-${i}.json`,
      policy: { version: 1 as const, rules },
    })),
  );

const ANSWERS: PromptAnswer[] = [
  'allow_once',
  'deny_once',
  'allow_always',
  'deny_always',
  { choice: 'allow_always', argsOnly: true },
  { choice: 'deny_always', argsOnly: true },
  { choice: 'allow_always', session: true },
  { choice: 'deny_always', session: true },
  { choice: 'allow_always', session: true, argsOnly: true },
  { choice: 'allow_always', session: true, scope: 'server' },
  { choice: 'allow_always', session: true, scope: 'server_read_only' },
  { choice: 'allow_always', ttlMs: HOUR },
  { choice: 'deny_always', ttlMs: HOUR },
  { choice: 'deny_once', reason: 'not now' },
  // Edited arguments: the call that runs is what the rules and grants must be checked on.
  { choice: 'allow_once', args: { id: 'a' } },
  { choice: 'allow_always', argsOnly: true, args: { id: 'b' } },
];

type Step =
  | { kind: 'call'; tool: number; server: number; id: 'a' | 'b'; answer: PromptAnswer }
  | { kind: 'end_session' }
  | { kind: 'mode'; mode: PermissionMode };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      tool: fc.nat(TOOLS.length - 1),
      server: fc.nat(SERVERS.length - 1),
      id: fc.constantFrom('a' as const, 'b' as const),
      answer: fc.constantFrom(...ANSWERS),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'end_session' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('mode' as const),
      mode: fc.constantFrom<PermissionMode>('ask', 'plan', 'non_interactive'),
    }),
  },
);

function glob(pattern: string, text: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${source}$`).test(text);
}

function ruleMatches(rule: PolicyRule, call: ToolCall): boolean {
  const hints = effectiveHints(call.tool.annotations);
  if (rule.tool !== undefined && !glob(rule.tool, call.tool.name)) return false;
  if (rule.server !== undefined && !glob(rule.server, call.server.id)) return false;
  if (
    rule.annotations?.readOnlyHint !== undefined &&
    rule.annotations.readOnlyHint !== hints.readOnly
  )
    return false;
  if (
    rule.annotations?.destructiveHint !== undefined &&
    rule.annotations.destructiveHint !== hints.destructive
  )
    return false;
  for (const arg of rule.args ?? []) {
    if ((call.args as { id?: string }).id !== arg.equals) return false;
  }
  return true;
}

/** Which effects the rules have for a call; an allow below host never covers a destructive tool. */
function ruleEffects(sources: PolicySource[], call: ToolCall) {
  const destructive = effectiveHints(call.tool.annotations).destructive;
  const found = { allow: false, ask: false, deny: false };
  for (const { layer, policy } of sources) {
    for (const rule of policy.rules) {
      if (!ruleMatches(rule, call)) continue;
      if (rule.effect === 'allow' && destructive && layer !== 'managed' && layer !== 'host')
        continue;
      found[rule.effect] = true;
    }
  }
  return found;
}

/** Whether a grant the engine made covers a call (per tool, per arguments, or the whole server). */
function grantCovers(grant: Grant, call: ToolCall): boolean {
  if (grant.serverId !== call.server.id || grant.userId !== call.userId) return false;
  if (grant.argsHash !== undefined && grant.argsHash !== hashArgsSync(call.args)) return false;
  if (grant.toolName === '*') return true;
  if (grant.toolName === '*read-only') return effectiveHints(call.tool.annotations).readOnly;
  return grant.toolName === call.tool.name;
}

async function run(seedSteps: Step[], policy: PolicySource[], steps: Step[]) {
  const { engine } = await setup();
  const grants = new Map<string, Grant>();
  const play = async (step: Step, sources: PolicySource[]) => {
    if (step.kind === 'mode') {
      engine.setMode(step.mode);
      return;
    }
    if (step.kind === 'end_session') {
      engine.endSession();
      for (const [key, grant] of grants) if (grant.sessionId !== undefined) grants.delete(key);
      return;
    }
    const call = callOf(TOOLS[step.tool]!, {
      server: { id: SERVERS[step.server]!, trusted: step.server === 0 },
      args: { id: step.id },
    });
    let answered: PromptAnswer | undefined;
    const result = await engine.request(call, {
      prompt: () => (answered = step.answer),
    });
    const ran = result.call ?? call;
    const rules = ruleEffects(sources, ran);
    const live = [...grants.values()].filter((g) => grantCovers(g, ran));
    if (result.allowed) {
      const byAnswer =
        answered !== undefined &&
        (typeof answered === 'string' ? answered : answered.choice).startsWith('allow');
      const byGrant = live.some((g) => g.decision === 'allow');
      expect(rules.deny, 'a deny rule covers an allowed call').toBe(false);
      expect(
        live.some((g) => g.decision === 'deny'),
        'a remembered denial covers an allowed call',
      ).toBe(false);
      expect(rules.allow || byGrant || byAnswer, 'nothing covers an allowed call').toBe(true);
      if (rules.ask) expect(byAnswer, 'a rule that asks was not asked').toBe(true);
      if (engine.mode === 'plan') {
        expect(effectiveHints(ran.tool.annotations).readOnly, 'plan mode allowed a write').toBe(
          true,
        );
      }
    }
    if (engine.mode === 'non_interactive') {
      expect(answered, 'non_interactive mode asked').toBeUndefined();
    }
    if (result.grant) grants.set(result.grant.key, result.grant);
  };
  for (const step of seedSteps) await play(step, []);
  expect(engine.setPolicy(policy)).toEqual([]);
  for (const step of steps) await play(step, policy);
  engine.dispose();
}

describe('engine.request never allows what nothing covers', () => {
  it('for random policies, grants, calls and answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { maxLength: 12 }),
        policyArb,
        fc.array(stepArb, { minLength: 1, maxLength: 12 }),
        run,
      ),
      { numRuns: 150 },
    );
  });
});
