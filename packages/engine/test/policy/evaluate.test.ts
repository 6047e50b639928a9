import { describe, expect, it } from 'vitest';
import {
  compilePolicies,
  InvalidPolicyError,
  POLICY_LAYERS,
  type PolicyCall,
  type PolicyEffect,
  type PolicyLayer,
  type PolicyRule,
  type PolicySource,
} from '@mcp-consent/engine';

const EFFECTS: PolicyEffect[] = ['allow', 'ask', 'deny'];
const readOnly = { readOnlyHint: true };
const call = (over: Partial<PolicyCall> = {}): PolicyCall => ({
  server: 'notes',
  tool: 'notes_list',
  tier: 'low',
  annotations: readOnly,
  args: {},
  ...over,
});
const source = (layer: PolicyLayer, rules: PolicyRule[], file = `${layer}.json`): PolicySource => ({
  layer,
  file,
  policy: { version: 1, rules },
});
const rank = (layer: PolicyLayer) => POLICY_LAYERS.indexOf(layer);

describe('precedence: each pair of layers × allow/ask/deny', () => {
  const cases = POLICY_LAYERS.flatMap((a) =>
    POLICY_LAYERS.filter((b) => b !== a).flatMap((b) =>
      EFFECTS.flatMap((ea) => EFFECTS.map((eb) => ({ a, b, ea, eb }))),
    ),
  );
  const strictness = (effect: PolicyEffect) => EFFECTS.indexOf(effect);
  it.each(cases)(
    '$a $ea vs $b $eb → the stricter effect, named by the higher layer on a tie',
    ({ a, b, ea, eb }) => {
      const policy = compilePolicies([
        source(a, [{ effect: ea, tool: 'notes_list' }]),
        source(b, [{ effect: eb, tool: 'notes_*' }]),
      ]);
      const aWins =
        strictness(ea) > strictness(eb) || (strictness(ea) === strictness(eb) && rank(a) < rank(b));
      const winner = aWins ? { layer: a, effect: ea } : { layer: b, effect: eb };
      expect(policy.evaluate(call())).toMatchObject({
        ...winner,
        file: `${winner.layer}.json`,
        index: 0,
      });
    },
  );

  it('a lower layer decides when the higher one has no matching rule', () => {
    const policy = compilePolicies([
      source('managed', [{ effect: 'deny', tool: 'other' }]),
      source('session', [{ effect: 'allow' }]),
    ]);
    expect(policy.evaluate(call())).toMatchObject({ layer: 'session', effect: 'allow' });
  });

  it('no matching rule: null (grants and the risk default decide)', () => {
    expect(
      compilePolicies([source('user', [{ effect: 'deny', tool: 'x' }])]).evaluate(call()),
    ).toBeNull();
    expect(compilePolicies([]).evaluate(call())).toBeNull();
  });
});

describe('within a layer, deny beats ask beats allow', () => {
  const orders = [
    ['allow', 'ask', 'deny'],
    ['deny', 'ask', 'allow'],
    ['ask', 'allow', 'deny'],
    ['allow', 'ask'],
    ['ask', 'allow'],
  ] as PolicyEffect[][];
  it.each(POLICY_LAYERS.flatMap((layer) => orders.map((order) => ({ layer, order }))))(
    '$layer $order',
    ({ layer, order }) => {
      const policy = compilePolicies([
        source(
          layer,
          order.map((effect) => ({ effect, id: effect })),
        ),
      ]);
      const expected = order.includes('deny') ? 'deny' : 'ask';
      expect(policy.evaluate(call())).toMatchObject({
        effect: expected,
        ruleId: expected,
        index: order.indexOf(expected),
      });
    },
  );

  it('deny wins across two files of one layer; the first matching rule of an effect is named', () => {
    const policy = compilePolicies([
      source('user', [{ effect: 'allow' }, { effect: 'deny', reason: 'first' }], 'a.json'),
      source('user', [{ effect: 'deny', reason: 'second' }], 'b.json'),
    ]);
    expect(policy.evaluate(call())).toEqual({
      effect: 'deny',
      layer: 'user',
      file: 'a.json',
      index: 1,
      reason: 'first',
    });
  });
});

describe('an allow for a destructive call counts only in managed and host', () => {
  const destructive = call({
    tool: 'notes_delete',
    tier: 'high',
    annotations: { destructiveHint: true },
  });
  const noHints = call({ tool: 'notes_delete', tier: 'high', annotations: undefined });
  it.each(POLICY_LAYERS)('%s', (layer) => {
    const policy = compilePolicies([source(layer, [{ effect: 'allow', id: 'a' }])]);
    const counts = layer === 'managed' || layer === 'host';
    for (const c of [destructive, noHints]) {
      const { verdict, ignored } = policy.explain(c);
      expect(verdict?.effect).toBe(counts ? 'allow' : undefined);
      expect(ignored).toEqual(
        counts ? [] : [{ layer, file: `${layer}.json`, index: 0, ruleId: 'a' }],
      );
    }
    expect(policy.evaluate(call())).toMatchObject({ effect: 'allow' }); // read-only: fine anywhere
  });

  it('an ignored allow lets a lower layer decide', () => {
    const policy = compilePolicies([
      source('user', [{ effect: 'allow' }]),
      source('workspace', [{ effect: 'ask' }]),
    ]);
    expect(policy.evaluate(destructive)).toMatchObject({ layer: 'workspace', effect: 'ask' });
  });

  it('a compile-time diagnostic names an allow that targets destructive tools below host', () => {
    const policy = compilePolicies([
      source('user', [{ effect: 'allow', annotations: { destructiveHint: true } }]),
      source('host', [{ effect: 'allow', annotations: { destructiveHint: true } }]),
    ]);
    expect(policy.diagnostics).toHaveLength(1);
    expect(policy.diagnostics[0]).toMatchObject({ layer: 'user', index: 0 });
    expect(policy.diagnostics[0]!.message).toMatch(/managed or host/);
  });
});

describe('matching', () => {
  const one = (rule: Omit<PolicyRule, 'effect'>, c: PolicyCall) =>
    compilePolicies([source('user', [{ effect: 'deny', ...rule }])]).evaluate(c) !== null;

  it('server and tool: exact or glob', () => {
    expect(one({ server: 'notes' }, call())).toBe(true);
    expect(one({ server: 'note' }, call())).toBe(false);
    expect(one({ server: 'no*' }, call())).toBe(true);
    expect(one({ tool: 'notes_?ist' }, call())).toBe(true);
    expect(one({ tool: '*_list' }, call())).toBe(true);
    expect(one({ tool: '*_put' }, call())).toBe(false);
    expect(one({ tool: 'notes\\*' }, call({ tool: 'notes*' }))).toBe(true);
    expect(one({ tool: 'notes\\*' }, call({ tool: 'notes_list' }))).toBe(false);
  });

  it('tier: one or several', () => {
    expect(one({ tier: 'low' }, call())).toBe(true);
    expect(one({ tier: ['medium', 'high'] }, call())).toBe(false);
    expect(one({ tier: ['medium', 'high'] }, call({ tier: 'high' }))).toBe(true);
  });

  it('annotations match the effective hints (MCP defaults applied)', () => {
    expect(one({ annotations: { readOnlyHint: true } }, call())).toBe(true);
    expect(one({ annotations: { destructiveHint: true } }, call({ annotations: undefined }))).toBe(
      true,
    );
    expect(one({ annotations: { openWorldHint: true } }, call({ annotations: {} }))).toBe(true);
    expect(one({ annotations: { destructiveHint: true } }, call())).toBe(false);
  });

  it('args: pointer + equals / glob / regex, all must hold', () => {
    const args = { path: '/etc/passwd', opts: { force: true, 'a/b': 1, 'm~n': [1, { k: 'v' }] } };
    const c = call({ args });
    expect(one({ args: [{ pointer: '/opts/force', equals: true }] }, c)).toBe(true);
    expect(one({ args: [{ pointer: '/opts/force', equals: 'true' }] }, c)).toBe(false);
    expect(one({ args: [{ pointer: '/opts/a~1b', equals: 1 }] }, c)).toBe(true);
    expect(one({ args: [{ pointer: '/opts/m~0n/1', equals: { k: 'v' } }] }, c)).toBe(true);
    expect(one({ args: [{ pointer: '/opts/m~0n/01', equals: { k: 'v' } }] }, c)).toBe(false);
    expect(one({ args: [{ pointer: '', equals: { opts: args.opts, path: args.path } }] }, c)).toBe(
      true,
    );
    expect(one({ args: [{ pointer: '/missing' }] }, c)).toBe(false);
    expect(one({ args: [{ pointer: '/path' }] }, c)).toBe(true);
    expect(one({ args: [{ pointer: '/path', glob: '/etc/*' }] }, c)).toBe(true);
    expect(one({ args: [{ pointer: '/path', glob: '/var/*' }] }, c)).toBe(false);
    expect(one({ args: [{ pointer: '/opts/force', glob: '*' }] }, c)).toBe(false); // not a string
    expect(one({ args: [{ pointer: '/path', regex: 'passwd$' }] }, c)).toBe(true);
    expect(one({ args: [{ pointer: '/path', regex: '^passwd' }] }, c)).toBe(false);
    expect(
      one(
        {
          args: [
            { pointer: '/path', regex: 'etc' },
            { pointer: '/opts/force', equals: false },
          ],
        },
        c,
      ),
    ).toBe(false);
    expect(one({ args: [{ pointer: '/constructor' }] }, c)).toBe(false); // own properties only
  });

  it('regex and glob see only the first 4096 characters of an argument', () => {
    const long = `${'a'.repeat(4096)}SECRET`;
    expect(one({ args: [{ pointer: '/t', regex: 'SECRET' }] }, call({ args: { t: long } }))).toBe(
      false,
    );
    expect(one({ args: [{ pointer: '/t', glob: '*SECRET' }] }, call({ args: { t: long } }))).toBe(
      false,
    );
    expect(one({ args: [{ pointer: '/t', regex: 'a$' }] }, call({ args: { t: long } }))).toBe(true);
  });

  it('finds the one rule for a tool among 1 000 literal-name rules', () => {
    const rules: PolicyRule[] = Array.from({ length: 1000 }, (_, i) => ({
      effect: 'deny',
      tool: `tool_${i}`,
    }));
    const policy = compilePolicies([source('user', rules)]);
    expect(policy.size).toBe(1000);
    expect(policy.evaluate(call({ tool: 'tool_777' }))).toMatchObject({ index: 777 });
    expect(policy.evaluate(call({ tool: 'tool_x' }))).toBeNull();
  });
});

describe('compilePolicies checks a policy given as a value', () => {
  it('refuses what parsePolicy refuses, with the errors', () => {
    const bad = (policy: unknown) => () =>
      compilePolicies([
        { layer: 'host', file: 'host options', policy: policy as PolicySource['policy'] },
      ]);
    expect(
      bad({ version: 1, rules: [{ effect: 'deny', args: [{ pointer: '/a', regex: '(a+)+' }] }] }),
    ).toThrow(InvalidPolicyError);
    expect(
      bad({ version: 1, rules: [{ effect: 'deny', args: [{ pointer: '/a', regex: '(' }] }] }),
    ).toThrow(/host options: rules\[0\]\.args\[0\]\.regex: the regex does not compile/);
    expect(bad({ version: 1, rules: [{ effect: 'permit' }] })).toThrow(/rules\[0\]\.effect/);
    expect(bad({ version: 2, rules: [] })).toThrow(/version must be 1/);
    expect(bad(undefined)).toThrow(InvalidPolicyError);
    const cyclic: Record<string, unknown> = { version: 1, rules: [] };
    cyclic.self = cyclic;
    expect(bad(cyclic)).toThrow(InvalidPolicyError);
  });

  it('keeps a copy: changing the host object later changes nothing', () => {
    const rules: PolicyRule[] = [{ effect: 'deny', tool: 'notes_list' }];
    const policy = compilePolicies([source('host', rules)]);
    rules[0]!.effect = 'allow';
    rules.push({ effect: 'allow' });
    expect(policy.evaluate(call())).toMatchObject({ effect: 'deny' });
  });
});
