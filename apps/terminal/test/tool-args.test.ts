/**
 * Interactive mode shows a tool's arguments before asking for them (issue 19): against the
 * real server-everything, at 80×24, the list names each argument's type, whether it is
 * required and its allowed values, the input line holds a skeleton to edit, and Enter sends
 * it through the permission prompt. With piped input the skeleton is a hint to copy.
 */
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { describeToolArguments } from '@mcp-consent/prompt/tool-args';
import { argumentLines, editableSkeleton } from '../src/tool-args.js';
import { allowPolicy, everythingServer, inPty, literal, piped, plain, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const ASK_TOOL = en.t('mcp.cli.ask.tool').trimEnd();
const TOOL = 'get-annotated-message';
const SKELETON = '{"messageType":"error","includeImage":false}';
const MESSAGE_TYPE = [
  'messageType',
  'string',
  en.t('mcp.tool_args.required'),
  en.t('mcp.tool_args.values', { values: '"error", "success", or "debug"' }),
].join(' · ');
const INCLUDE_IMAGE = [
  'includeImage',
  'boolean',
  en.t('mcp.tool_args.optional'),
  en.t('mcp.tool_args.default', { value: 'false' }),
].join(' · ');

/** The input line holding `text` (readline moves the cursor after the prompt first). */
const onInputLine = (text: string) => `> (?:\\x1b\\[[0-9;]*[A-Za-z])*${literal(text)}`;

const home = tempDir();
afterAll(() => home.cleanup());

describe('interactive mode shows a tool’s arguments', () => {
  it('at 80×24: types, required, allowed values; the skeleton on the input line; Enter sends it through the prompt', async () => {
    const run = await inPty(
      ['--store', home.dir, ...everythingServer],
      [
        { expect: literal(ASK_TOOL) },
        { send: `${TOOL}\r` },
        { expect: literal(en.t('mcp.cli.args.heading', { tool: TOOL })) },
        { expect: literal(en.t('mcp.cli.ask.args_edit', { empty: '{}' })) },
        { expect: onInputLine(SKELETON) },
        { mark: true },
        { send: '\r' },
        { expect: literal(en.t('mcp.permission.keys.hint')) },
        { send: '1' },
        { expect: literal(en.t('mcp.cli.result.heading', { tool: TOOL })) },
        { expect: literal(ASK_TOOL) },
        // Edited: Ctrl+U clears the line, the typed arguments are what runs.
        { send: `${TOOL}\r` },
        { expect: onInputLine(SKELETON) },
        { send: '\u0015{"messageType":"success"}\r' },
        { expect: literal(en.t('mcp.permission.keys.hint')) },
        { send: '1' },
        { expect: 'Operation completed successfully' },
        { expect: literal(ASK_TOOL) },
        { send: 'q\r' },
      ],
      { configHome: home.dir, cols: 80, rows: 24 },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    const shown = run.text.slice(run.text.indexOf(en.t('mcp.cli.args.heading', { tool: TOOL })));
    expect(shown).toContain(`  ${MESSAGE_TYPE}\n`);
    expect(shown).toContain('      Type of message to demonstrate different annotation patterns\n');
    expect(shown).toContain(`  ${INCLUDE_IMAGE}\n`);
    // Every line printed for the tool fits in 80 columns.
    const before = plain(run.marks[0]!);
    for (const line of before.slice(before.lastIndexOf(ASK_TOOL)).split('\n'))
      expect(stringWidth(line)).toBeLessThan(80);
    // The untouched skeleton ran as is: messageType "error".
    expect(run.text).toContain('Error: Operation failed');
    expect(run.canonical && run.echo).toBe(true);
  });

  it('with piped input: the list and the skeleton as a hint; the line read is what runs', async () => {
    const policy = allowPolicy(home.dir, 'allow-annotated.json', [TOOL]);
    const run = await piped(
      ['--store', home.dir, '--policy', policy, ...everythingServer],
      home.dir,
      { input: `${TOOL}\n{"messageType":"debug"}\nq\n` },
    );
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain(`${en.t('mcp.cli.args.heading', { tool: TOOL })}\n  ${MESSAGE_TYPE}\n`);
    expect(out).toContain(`  ${INCLUDE_IMAGE}\n`);
    expect(out).toContain(`${en.t('mcp.cli.args.hint', { skeleton: SKELETON })}\n`);
    expect(out).toContain(
      `${en.t('mcp.cli.ask.args', { tool: TOOL, empty: '{}' })}{"messageType":"debug"}\n`,
    );
    expect(out).toContain('Debug: Cache hit ratio');
  });
});

describe('argument lines', () => {
  it('a long skeleton falls back to no prefill; every line fits the width', () => {
    const properties: Record<string, unknown> = {};
    for (const name of ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'])
      properties[`${name}_${'x'.repeat(8)}`] = {
        type: 'string',
        description: `A long description of ${name} `.repeat(10),
      };
    const view = describeToolArguments(
      { type: 'object', properties, required: Object.keys(properties) },
      { translator: en },
    );
    expect(editableSkeleton(view, 80)).toBeUndefined();
    expect(editableSkeleton(view, 200)).toBe(view.skeletonJson);
    const lines = argumentLines(view, 'wide', en, 80);
    expect(lines).toHaveLength(1 + 6 * 2);
    for (const line of lines) expect(stringWidth(line)).toBeLessThan(80);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });

  it('a tool without arguments says so, and has nothing to prefill', () => {
    const view = describeToolArguments({ type: 'object' }, { translator: en });
    expect(argumentLines(view, 'get-env', en, 80)).toEqual([en.t('mcp.tool_args.none')]);
    expect(editableSkeleton(view, 80)).toBeUndefined();
  });
});
