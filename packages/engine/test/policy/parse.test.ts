import { describe, expect, it } from 'vitest';
import { MAX_REGEX_LENGTH, parsePolicy, regexProblem, type PolicyError } from '@mcp-consent/engine';

const FILE = 'policy.json';
const errorsOf = (text: string): PolicyError[] => {
  const result = parsePolicy(text, FILE);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
};
const only = (text: string): PolicyError => {
  const errors = errorsOf(text);
  expect(errors).toHaveLength(1);
  return errors[0]!;
};
/** A normally formatted file with one rule, the rule's lines given. */
const withRule = (...lines: string[]) =>
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

describe('parsePolicy', () => {
  it('accepts a good file and returns the policy', () => {
    const text = JSON.stringify({
      version: 1,
      rules: [
        {
          id: 'no-rm',
          effect: 'deny',
          server: 'shell*',
          tool: 'run',
          tier: ['high'],
          reason: 'never',
          annotations: { destructiveHint: true },
          args: [{ pointer: '/cmd', regex: '^rm\\s', glob: 'rm *', equals: 'rm -rf' }],
        },
        { effect: 'allow' },
      ],
    });
    const result = parsePolicy(text, FILE);
    expect(result).toEqual({ ok: true, policy: JSON.parse(text) });
  });

  it('malformed JSON: line and column of the fault', () => {
    expect(only('{\n  "version": 1,\n  "rules": [,]\n}')).toEqual({
      file: FILE,
      line: 3,
      column: 13,
      field: '',
      message: expect.stringMatching(/^malformed JSON: unexpected ","/),
    });
    expect(only('{"version": 1, "rules": []')).toMatchObject({
      line: 1,
      column: 27,
      message: expect.stringContaining('the end of the text'),
    });
    expect(only('{"version": 1, "rules": [],}')).toMatchObject({ line: 1, column: 28 }); // no trailing comma
    expect(only('{"version": 1, "version": 1, "rules": []}')).toMatchObject({
      column: 16,
      message: expect.stringContaining('duplicate key'),
    });
    expect(only('{"a": "x\ny"}')).toMatchObject({
      message: expect.stringContaining('control character'),
    });
    expect(only('{} x')).toMatchObject({
      column: 4,
      message: expect.stringContaining('after the JSON value'),
    });
  });

  it('the whole file: an object with version 1 and rules', () => {
    expect(only('[]')).toMatchObject({
      field: '',
      message: expect.stringContaining('JSON object'),
    });
    expect(only('{"version": 2, "rules": []}')).toMatchObject({
      field: 'version',
      line: 1,
      column: 2,
      message: 'version must be 1',
    });
    expect(only('{"version": 1}')).toMatchObject({
      field: '',
      message: expect.stringContaining('rules must be an array'),
    });
    expect(only('{"version": 1, "rules": {}}')).toMatchObject({ field: 'rules', column: 16 });
  });

  it('unknown fields, at every level, with their path and position', () => {
    expect(only('{"version": 1, "rules": [], "extra": 0}')).toMatchObject({
      field: 'extra',
      column: 29,
      message: expect.stringContaining('unknown field "extra"'),
    });
    expect(only(withRule('"effect": "deny",', '"toool": "x"'))).toEqual({
      file: FILE,
      line: 6,
      column: 7,
      field: 'rules[0].toool',
      message: expect.stringContaining('unknown field "toool"'),
    });
    expect(
      only(withRule('"effect": "deny",', '"annotations": { "readonly": true }')),
    ).toMatchObject({ field: 'rules[0].annotations.readonly', line: 6, column: 24 });
    expect(
      only(withRule('"effect": "deny",', '"args": [{ "pointer": "/a", "match": "x" }]')),
    ).toMatchObject({ field: 'rules[0].args[0].match', line: 6, column: 35 });
  });

  it('wrong types', () => {
    expect(only(withRule('"effect": "block"'))).toMatchObject({
      field: 'rules[0].effect',
      line: 5,
      column: 7,
      message: expect.stringContaining('"allow", "ask" or "deny"'),
    });
    expect(only(withRule('"tool": "x"'))).toMatchObject({
      field: 'rules[0]',
      line: 4,
      column: 5,
      message: expect.stringContaining('needs an effect'),
    });
    expect(only(withRule('"effect": "deny",', '"tool": 3'))).toMatchObject({
      field: 'rules[0].tool',
      message: 'must be a string, not a number',
    });
    expect(only(withRule('"effect": "deny",', '"tier": "extreme"'))).toMatchObject({
      field: 'rules[0].tier',
    });
    expect(only(withRule('"effect": "deny",', '"tier": []'))).toMatchObject({
      field: 'rules[0].tier',
    });
    expect(
      only(withRule('"effect": "deny",', '"annotations": { "readOnlyHint": "yes" }')),
    ).toMatchObject({
      field: 'rules[0].annotations.readOnlyHint',
      message: 'must be true or false, not a string',
    });
    expect(only(withRule('"effect": "deny",', '"args": {}'))).toMatchObject({
      field: 'rules[0].args',
    });
    expect(only(withRule('"effect": "deny",', '"args": [{ "glob": "x" }]'))).toMatchObject({
      field: 'rules[0].args[0]',
      message: expect.stringContaining('needs a pointer'),
    });
    expect(
      only(withRule('"effect": "deny",', '"args": [{ "pointer": "/a", "regex": 1 }]')),
    ).toMatchObject({ field: 'rules[0].args[0].regex' });
    expect(only('{"version": 1, "rules": [1]}')).toMatchObject({ field: 'rules[0]', column: 26 });
  });

  it('a bad JSON Pointer', () => {
    expect(only(withRule('"effect": "deny",', '"args": [{ "pointer": "a/b" }]'))).toMatchObject({
      field: 'rules[0].args[0].pointer',
      line: 6,
      column: 18,
      message: expect.stringContaining('starts with "/"'),
    });
    expect(only(withRule('"effect": "deny",', '"args": [{ "pointer": "/a~2" }]'))).toMatchObject({
      message: expect.stringContaining('"~" must be followed by 0 or 1'),
    });
  });

  it('a regex that fails to compile', () => {
    expect(
      only(withRule('"effect": "deny",', '"args": [{ "pointer": "/a", "regex": "(unclosed" }]')),
    ).toMatchObject({
      field: 'rules[0].args[0].regex',
      line: 6,
      column: 35,
      message: expect.stringContaining('does not compile'),
    });
  });

  it.each([
    ['x'.repeat(MAX_REGEX_LENGTH + 1), 'longer than 200'],
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'backreference'],
    ['a(?=b)', 'lookaround'],
    ['a(?!b)', 'lookaround'],
    ['(?<=a)b', 'lookaround'],
    ['(?<!a)b', 'lookaround'],
    ['(a+)+$', 'nested quantifiers'],
    ['(a|aa)*b', 'nested quantifiers'],
    ['((ab)*c){2,}', 'nested quantifiers'],
    ['.*.*x', 'too slow'],
    ['^a*b*c*', 'too slow'],
    ['a{0,16}a{0,16}a{0,16}a{0,16}x', 'too slow'],
  ])('a regex that could be catastrophically slow: %s', (regex, message) => {
    const text = JSON.stringify({
      version: 1,
      rules: [{ effect: 'deny', args: [{ pointer: '/a', regex }] }],
    });
    expect(only(text)).toMatchObject({
      field: 'rules[0].args[0].regex',
      message: expect.stringContaining(message),
    });
  });

  it.each([
    '^rm\\s',
    'passwd$',
    '.*x',
    '^[a-z]+@[a-z]+\\.com$',
    '\\d{1,3}(\\.\\d{1,3}){3}',
    '[(+*]+',
    '(ab)?c+',
    '^a\\(b+\\)+',
    '\\u{1F600}+',
  ])('a safe regex passes: %s', (regex) => expect(regexProblem(regex)).toBeUndefined());

  // No stopwatch (a loaded CI machine made a 500 ms bound fail): a regex the check let through
  // with exponential backtracking would not finish on 4096 characters within the test's timeout,
  // while these polynomial ones take milliseconds.
  it('the allowed regexes finish on 4096 characters', { timeout: 30_000 }, () => {
    for (const regex of [
      '.*x',
      '^a*a*x',
      '^.*.*x',
      'a{0,16}a{0,16}a{0,16}x',
      '\\d{1,3}(\\.\\d{1,3}){3}x',
    ]) {
      expect(regexProblem(regex)).toBeUndefined();
      expect(new RegExp(regex, 'u').test('a'.repeat(4096))).toBe(false);
    }
  });

  it('reports every problem, not only the first', () => {
    const errors = errorsOf(
      withRule(
        '"effect": "maybe",',
        '"tool": 1,',
        '"args": [{ "pointer": "x", "regex": "(a+)+" }]',
      ),
    );
    expect(errors.map((e) => e.field)).toEqual([
      'rules[0].effect',
      'rules[0].tool',
      'rules[0].args[0].pointer',
      'rules[0].args[0].regex',
    ]);
    expect(errors.map((e) => e.line)).toEqual([5, 6, 7, 7]);
  });

  it('keys that are not identifiers are quoted in the path; __proto__ is a plain field', () => {
    expect(only('{"version": 1, "rules": [], "a b": 1}')).toMatchObject({ field: '"a b"' });
    expect(only('{"version": 1, "rules": [], "__proto__": {"x": 1}}')).toMatchObject({
      field: '__proto__',
    });
  });
});
