import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_REGEX_LENGTH, parsePolicy } from '@mcp-consent/engine';

interface Schema {
  $schema: string;
  required: string[];
  properties: Record<string, unknown>;
  $defs: Record<
    string,
    {
      required?: string[];
      properties?: Record<string, { properties?: object; maxLength?: number; pattern?: string }>;
    }
  >;
}
const schema = JSON.parse(
  readFileSync(new URL('../../policy.schema.json', import.meta.url), 'utf8'),
) as Schema;
const manifest = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as {
  exports: Record<string, unknown>;
  files: string[];
};

/** The unknown-field message lists the fields the parser knows; the schema must list the same. */
function knownFields(text: string): string[] {
  const result = parsePolicy(text, 'f');
  if (result.ok) throw new Error('expected an unknown-field error');
  return /\(known: (.*)\)/.exec(result.errors[0]!.message)![1]!.split(', ').sort();
}

describe('policy.schema.json', () => {
  it('is draft 2020-12 and published', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(manifest.exports['./policy.schema.json']).toBe('./policy.schema.json');
    expect(manifest.files).toContain('policy.schema.json');
  });

  it('names the same fields as parsePolicy at every level', () => {
    expect(Object.keys(schema.properties).sort()).toEqual(
      knownFields('{"version":1,"rules":[],"x":1}'),
    );
    expect(Object.keys(schema.$defs.rule!.properties!).sort()).toEqual(
      knownFields('{"version":1,"rules":[{"effect":"deny","x":1}]}'),
    );
    expect(Object.keys(schema.$defs.rule!.properties!.annotations!.properties!).sort()).toEqual(
      knownFields('{"version":1,"rules":[{"effect":"deny","annotations":{"x":true}}]}'),
    );
    expect(Object.keys(schema.$defs.arg!.properties!).sort()).toEqual(
      knownFields('{"version":1,"rules":[{"effect":"deny","args":[{"pointer":"","x":1}]}]}'),
    );
    expect(schema.required).toEqual(['version', 'rules']);
    expect(schema.$defs.rule!.required).toEqual(['effect']);
    expect(schema.$defs.arg!.required).toEqual(['pointer']);
    expect(schema.$defs.arg!.properties!.regex!.maxLength).toBe(MAX_REGEX_LENGTH);
  });

  it('its pointer pattern agrees with the parser', () => {
    const pattern = new RegExp(schema.$defs.arg!.properties!.pointer!.pattern!, 'u');
    for (const pointer of ['', '/', '/a', '/a~0b/~1', 'a', '/a~', '/a~2', '//x']) {
      const parsed = parsePolicy(
        JSON.stringify({ version: 1, rules: [{ effect: 'deny', args: [{ pointer }] }] }),
        'f',
      );
      expect([pointer, pattern.test(pointer)]).toEqual([pointer, parsed.ok]);
    }
  });
});
