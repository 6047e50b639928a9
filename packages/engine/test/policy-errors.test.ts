/**
 * A bad policy given to the engine (options.policy or setPolicy): a located error in
 * `engine.policy()`, every call asked (a grant that would allow does not), grants untouched.
 */
import { describe, expect, it } from 'vitest';
import { policySourceFromText, type PolicyFile, type PolicySource } from '@mcp-consent/engine';
import { rememberedStore, source } from './policy-helpers.js';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

const put = callOf(tools.notesPut, { args: { path: '/tmp/a' } });
const bad = (rule: unknown): PolicySource => ({
  layer: 'managed',
  file: '/etc/mcp-consent/managed.json',
  policy: { version: 1, rules: [rule] } as PolicyFile,
});

const circular: Record<string, unknown> = { effect: 'allow' };
circular.self = circular;

const inputs: [string, PolicySource, string, RegExp][] = [
  ['malformed (not JSON at all)', bad(circular), '', /malformed JSON/],
  [
    'an unknown field',
    bad({ effect: 'allow', tool: 'notes_put', colour: 'red' }),
    'rules[0].colour',
    /unknown field "colour"/,
  ],
  ['a wrong type', bad({ effect: 'allow', tool: 5 }), 'rules[0].tool', /string/],
  ['a wrong effect', bad({ effect: 'permit' }), 'rules[0].effect', /allow, ask|allow/],
  [
    'a bad JSON Pointer',
    bad({ effect: 'deny', args: [{ pointer: 'path', equals: 1 }] }),
    'rules[0].args[0].pointer',
    /pointer/i,
  ],
  [
    'a regex that does not compile',
    bad({ effect: 'deny', args: [{ pointer: '/path', regex: '(' }] }),
    'rules[0].args[0].regex',
    /regex|regular expression/i,
  ],
  [
    'a catastrophically slow regex',
    bad({ effect: 'deny', args: [{ pointer: '/path', regex: '^(a+)+$' }] }),
    'rules[0].args[0].regex',
    /nested|repeat|slow/i,
  ],
  [
    'no layer',
    { file: 'x.json', policy: { version: 1, rules: [] } } as unknown as PolicySource,
    '',
    /layer/,
  ],
];

describe('a bad policy input', () => {
  it.each(inputs)(
    '%s: located error, the call is asked, grants untouched',
    async (_n, given, field, message) => {
      const store = await rememberedStore(put, 'allow');
      const before = await store.load();
      const { engine } = await setup({ store, policy: [given] });
      const state = engine.policy();
      expect(state.status).toBe('invalid');
      expect(state.errors[0]).toMatchObject({ file: given.file ?? 'x.json', field });
      expect(state.errors[0]!.line).toBeGreaterThanOrEqual(1);
      expect(state.errors[0]!.column).toBeGreaterThanOrEqual(1);
      expect(state.errors[0]!.message).toMatch(message);
      // The stored grant would allow; the invalid policy makes the engine ask instead.
      const user = scriptedUser('deny_once');
      const result = await engine.request(put, { prompt: user.prompt });
      expect(user.shown).toHaveLength(1);
      expect(user.shown[0]!.lookup.reason).toBe('policy_invalid');
      expect(result).toMatchObject({ allowed: false, origin: 'user_prompt' });
      expect(await store.load()).toEqual(before);
      expect(engine.grants()).toHaveLength(1);
    },
  );

  it('set on a running engine: asks until a valid policy is set, then the grant answers again', async () => {
    const store = await rememberedStore(put, 'allow');
    const { engine } = await setup({ store });
    const events: string[] = [];
    engine.subscribe((event) => events.push(event.type));
    const [input] = inputs.find(([name]) => name.startsWith('a catastrophically'))!.slice(1);
    const errors = engine.setPolicy([input as PolicySource]);
    expect(errors[0]?.field).toBe('rules[0].args[0].regex');
    expect(events).toContain('policy');
    const user = scriptedUser('allow_once');
    await engine.request(put, { prompt: user.prompt });
    expect(user.shown).toHaveLength(1);
    // Not even a deny-free tool is allowed by a half-read policy: nothing applies.
    expect(engine.explain(put)).toEqual({ verdict: null, ignored: [] });
    expect(engine.setPolicy([source('user', [{ effect: 'ask', tool: 'other' }])])).toEqual([]);
    expect(engine.policy().status).toBe('ok');
    expect(await engine.request(put, { prompt: user.prompt })).toMatchObject({
      allowed: true,
      origin: 'cache_hit',
    });
  });

  it('one bad file among good ones: their allow rules do not apply, the call is asked', async () => {
    const { engine } = await setup({
      policy: [
        source('host', [{ effect: 'allow', tool: 'notes_put' }]),
        bad({ effect: 'deny', tool: 7 }),
      ],
    });
    const user = scriptedUser('deny_once');
    const result = await engine.request(put, { prompt: user.prompt });
    expect(user.shown).toHaveLength(1);
    expect(result.origin).toBe('user_prompt');
  });

  it("while one file is bad, the good files' deny rules still deny (naming the rule); the rest is asked", async () => {
    const { engine, events } = await setup({
      policy: [
        source('managed', [{ effect: 'deny', tool: 'notes_put', reason: 'frozen' }], 'admin.json'),
        source('managed', [{ effect: 'allow', tool: 'notes_list' }], 'admin.json'),
        bad({ effect: 'allow', tool: 7 }),
      ],
    });
    expect(engine.policy()).toMatchObject({
      status: 'invalid',
      errors: [{ file: '/etc/mcp-consent/managed.json' }],
    });
    const user = scriptedUser('allow_once');
    expect(await engine.request(put, { prompt: user.prompt })).toMatchObject({
      allowed: false,
      origin: 'policy',
      reason: 'frozen',
      rule: { layer: 'managed', file: 'admin.json', index: 0 },
    });
    expect(user.shown).toHaveLength(0);
    expect(events().at(-1)).toMatchObject({ policy_rule: { file: 'admin.json', index: 0 } });
    // The good file's allow does not apply while a file is bad: the call is asked.
    const get = callOf(tools.notesList);
    expect(await engine.request(get, { prompt: user.prompt })).toMatchObject({
      allowed: true,
      origin: 'user_prompt',
    });
    expect(user.shown).toHaveLength(1);
    expect(user.shown[0]?.lookup.reason).toBe('policy_invalid');
  });

  /** A normally formatted file whose one rule has these lines (the rule starts on line 4). */
  const file = (...lines: string[]) =>
    [
      '{',
      '  "version": 1,',
      '  "rules": [',
      '    {',
      ...lines.map((l) => `      ${l}`),
      '    }',
      '  ]',
      '}',
    ].join('\n');
  const texts: [string, string, number, string, RegExp][] = [
    [
      'malformed JSON',
      file('"effect": "allow",', '"tool": "notes_put",,'),
      6,
      '',
      /malformed JSON/,
    ],
    [
      'an unknown field',
      file('"effect": "allow",', '"colour": "red"'),
      6,
      'rules[0].colour',
      /unknown field/,
    ],
    ['a wrong type', file('"effect": "allow",', '"tool": 5'), 6, 'rules[0].tool', /string/],
    [
      'a bad pointer',
      file('"effect": "deny",', '"args": [{ "pointer": "path", "equals": 1 }]'),
      6,
      'rules[0].args[0].pointer',
      /pointer/i,
    ],
    [
      'a regex that does not compile',
      file('"effect": "deny",', '"args": [{ "pointer": "/path", "regex": "(" }]'),
      6,
      'rules[0].args[0].regex',
      /./,
    ],
    [
      'a catastrophically slow regex',
      file('"effect": "deny",', '"args": [{ "pointer": "/path", "regex": "^(a+)+$" }]'),
      6,
      'rules[0].args[0].regex',
      /./,
    ],
  ];

  it.each(texts)(
    'from a file’s text, %s: its own line, the call asked, grants untouched',
    async (_n, text, line, field, message) => {
      const store = await rememberedStore(put, 'allow');
      const before = await store.load();
      const given = policySourceFromText('user', '~/.config/mcp-consent/policy.json', text);
      const { engine } = await setup({ store, policy: [given] });
      expect(engine.policy().status).toBe('invalid');
      expect(engine.policy().errors[0]).toMatchObject({
        file: '~/.config/mcp-consent/policy.json',
        line,
        field,
      });
      expect(engine.policy().errors[0]!.message).toMatch(message);
      const user = scriptedUser('deny_once');
      await engine.request(put, { prompt: user.prompt });
      expect(user.shown[0]?.lookup.reason).toBe('policy_invalid');
      expect(await store.load()).toEqual(before);
      // The same file fixed: the rule applies.
      const fixed = policySourceFromText(
        'user',
        'p.json',
        file('"effect": "deny",', '"tool": "notes_put"'),
      );
      expect(engine.setPolicy([fixed])).toEqual([]);
      expect(await engine.request(put, { prompt: user.prompt })).toMatchObject({
        allowed: false,
        origin: 'policy',
      });
    },
  );
});
