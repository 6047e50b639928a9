import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileGlob,
  effectiveHints,
  POLICY_LAYERS,
  type PolicyCall,
  type PolicyEffect,
  type PolicyLayer,
  type PolicyRule,
  type PolicySource,
  type PolicyVerdict,
  type RiskTier,
  type ToolAnnotations,
  compilePolicies,
} from '@mcp-consent/engine';

/**
 * The naive reference: for deny, then ask, then allow, scan the layers from the top and every
 * rule of every source in order; the first match decides (a deny in any layer wins). Written from the README table, not from the
 * index, so the property below keeps the compiled index honest.
 */
function reference(sources: PolicySource[], call: PolicyCall): PolicyVerdict | null {
  const hints = effectiveHints(call.annotations);
  for (const effect of ['deny', 'ask', 'allow'] as PolicyEffect[]) {
    for (const layer of POLICY_LAYERS) {
      for (const source of sources) {
        if (source.layer !== layer) continue;
        for (const [index, rule] of source.policy.rules.entries()) {
          if (rule.effect !== effect || !naiveMatch(rule, call, hints)) continue;
          if (effect === 'allow' && hints.destructive && layer !== 'managed' && layer !== 'host')
            continue;
          return {
            effect,
            layer,
            file: source.file,
            index,
            ...(rule.id === undefined ? {} : { ruleId: rule.id }),
            ...(rule.reason === undefined ? {} : { reason: rule.reason }),
          };
        }
      }
    }
  }
  return null;
}

function naiveMatch(
  rule: PolicyRule,
  call: PolicyCall,
  hints: ReturnType<typeof effectiveHints>,
): boolean {
  if (rule.tool !== undefined && !compileGlob(rule.tool).test(call.tool)) return false;
  if (rule.server !== undefined && !compileGlob(rule.server).test(call.server)) return false;
  if (rule.tier !== undefined && ![rule.tier].flat().includes(call.tier)) return false;
  const map = {
    readOnlyHint: hints.readOnly,
    destructiveHint: hints.destructive,
    idempotentHint: hints.idempotent,
    openWorldHint: hints.openWorld,
  };
  for (const [name, value] of Object.entries(rule.annotations ?? {})) {
    if (map[name as keyof typeof map] !== value) return false;
  }
  for (const arg of rule.args ?? []) {
    const key = arg.pointer.slice(1);
    const args = call.args as Record<string, unknown>;
    if (!Object.hasOwn(args, key)) return false;
    if ('equals' in arg && args[key] !== arg.equals) return false;
    if (
      arg.glob !== undefined &&
      (typeof args[key] !== 'string' || !compileGlob(arg.glob).test(args[key]))
    )
      return false;
  }
  return true;
}

const TOOLS = ['read', 'write', 'delete', 'rm_rf', 'list'];
const SERVERS = ['fs', 'git', 'shell'];
const TIERS: RiskTier[] = ['low', 'medium', 'high'];
const pattern = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom('*', 'r*', '*e', '?ead', 'l??t', 'sh*l', '*_*'),
  );
const ruleArb: fc.Arbitrary<PolicyRule> = fc.record(
  {
    id: fc.constantFrom('a', 'b', 'c'),
    effect: fc.constantFrom<PolicyEffect>('allow', 'ask', 'deny'),
    server: pattern(SERVERS),
    tool: pattern(TOOLS),
    tier: fc.oneof(fc.constantFrom(...TIERS), fc.subarray(TIERS, { minLength: 1 })),
    annotations: fc.record(
      { readOnlyHint: fc.boolean(), destructiveHint: fc.boolean(), openWorldHint: fc.boolean() },
      { requiredKeys: [] },
    ),
    args: fc.array(
      fc.oneof(
        fc.record({ pointer: fc.constantFrom('/p', '/q'), equals: fc.constantFrom('x', 'y', 1) }),
        fc.record({ pointer: fc.constantFrom('/p', '/q'), glob: fc.constantFrom('x*', '*y', '?') }),
        fc.record({ pointer: fc.constantFrom('/p', '/q') }),
      ),
      { maxLength: 2 },
    ),
    reason: fc.constant('why'),
  },
  { requiredKeys: ['effect'] },
);
const sourcesArb = fc.array(
  fc.record({
    layer: fc.constantFrom<PolicyLayer>(...POLICY_LAYERS),
    file: fc.constantFrom('one.json', 'two.json', 'three.json'),
    policy: fc.record({
      version: fc.constant(1 as const),
      rules: fc.array(ruleArb, { maxLength: 8 }),
    }),
  }),
  { maxLength: 6 },
);
const callArb: fc.Arbitrary<PolicyCall> = fc.record({
  server: fc.constantFrom(...SERVERS),
  tool: fc.constantFrom(...TOOLS, 'r_e'),
  tier: fc.constantFrom(...TIERS),
  annotations: fc.option(
    fc.record(
      {
        readOnlyHint: fc.boolean(),
        destructiveHint: fc.boolean(),
        idempotentHint: fc.boolean(),
        openWorldHint: fc.boolean(),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<ToolAnnotations>,
    { nil: undefined },
  ),
  args: fc.record(
    { p: fc.constantFrom('x', 'xy', 'y', 1, 'z'), q: fc.constantFrom('x', 'y', 1) },
    { requiredKeys: [] },
  ),
});

describe('the compiled index agrees with a linear scan over the layers', () => {
  it('for random rule sets and calls', () => {
    fc.assert(
      fc.property(
        sourcesArb,
        fc.array(callArb, { minLength: 1, maxLength: 10 }),
        (sources, calls) => {
          const compiled = compilePolicies(sources);
          for (const call of calls)
            expect(compiled.evaluate(call)).toEqual(reference(sources, call));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never allows a destructive call by a rule below host', () => {
    fc.assert(
      fc.property(sourcesArb, callArb, (sources, call) => {
        const verdict = compilePolicies(sources).evaluate(call);
        if (verdict?.effect === 'allow' && effectiveHints(call.annotations).destructive) {
          expect(['managed', 'host']).toContain(verdict.layer);
        }
      }),
      { numRuns: 300 },
    );
  });
});
