/**
 * `--protocol auto` (issue 18): the v2 SDK negotiates 2026-07-28 with the demo server's modern
 * mode, and `publish_note`'s `input_required` rounds (a form, then a sampling request) are
 * answered on the same terminal, after one permission prompt.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import {
  allowPolicy,
  demoCommand,
  inPty,
  literal,
  markerModel,
  piped,
  tempDir,
  type Step,
} from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const ASK_TOOL = en.t('mcp.cli.ask.tool').trimEnd();
const heading = (tool: string) => en.t('mcp.cli.result.heading', { tool });

const home = tempDir();
afterAll(() => home.cleanup());

/** The arguments question: one line, or (with a skeleton to edit) a line and the `> ` input. */
const askArgs = (tool: string) =>
  `(?:${literal(en.t('mcp.cli.ask.args', { tool, empty: '{}' }).trimEnd())}|${literal(
    en.t('mcp.cli.ask.args_edit', { empty: '{}' }),
  )}\\s*> )`;

function ask(tool: string, json: string): Step[] {
  return [
    { expect: literal(ASK_TOOL) },
    { send: `${tool}\r` },
    // A tool with required arguments has a skeleton on the line: Ctrl+U clears it first.
    { expect: askArgs(tool) },
    { send: `\u0015${json}\r` },
  ];
}

describe('--protocol auto against the demo server’s 2026-07-28 mode', () => {
  it('publish_note: one permission prompt, then the form and both sampling steps; the note is published in three rounds', async () => {
    const marker = join(home.dir, 'sampled.json');
    // Only publish_note asks; demo_state (read back at the end) is allowed by policy.
    const policy = allowPolicy(home.dir, 'allow-state.json', ['demo_state']);
    const args = [
      '--store',
      home.dir,
      '--policy',
      policy,
      '--protocol',
      'auto',
      '--sampling-command',
      markerModel(home.dir, marker),
      '--',
      ...demoCommand(),
      '--protocol',
      '2026-07-28',
    ];
    const run = await inPty(
      args,
      [
        ...ask('publish_note', '{"id":"n1","text":"hello world"}'),
        // The permission prompt.
        { expect: literal(`4. ${en.t('mcp.permission.action.deny_always')}`) },
        { expect: literal(en.t('mcp.permission.keys.hint')) },
        { send: '1' },
        // Round 1: the form (confirm is the first field, a checkbox; then the reason).
        { expect: 'Publish note "n1"\\?' },
        { expect: literal(en.t('mcp.elicitation.keys.form')) },
        { send: ' ' },
        { expect: literal('‹ Yes ›') },
        { send: '\t' },
        { send: 'ship it' },
        { expect: 'ship it' },
        { send: '\r' }, // Enter in the last field submits the form
        // Round 2: the sampling request, then the command's reply.
        { expect: literal(en.t('mcp.sampling.title.request')) },
        { expect: literal(en.t('mcp.sampling.keys.request')) },
        { send: '1' },
        { expect: literal(en.t('mcp.sampling.title.response')) },
        { expect: literal(en.t('mcp.sampling.keys.response')) },
        { send: '1' },
        { expect: literal(heading('publish_note')) },
        ...ask('demo_state', ''),
        { expect: literal(heading('demo_state')) },
        { expect: literal(ASK_TOOL) },
        { send: 'q\r' },
      ],
      { configHome: home.dir, timeoutSeconds: 100 },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(run.text).toContain(
      'Published n1: Model says: SUMMARIZE IN ONE LINE: HELLO WORLD (reason: ship it)',
    );
    // The model command got the server's request.
    expect(readFileSync(marker, 'utf8')).toContain('Summarize in one line: hello world');

    // Three rounds of one call: the 2026-07-28 era (a 2025-era client is pushed the requests
    // inside one call instead), each with exactly the approved arguments.
    const stateText = run.text.slice(run.text.lastIndexOf(heading('demo_state')));
    const json = stateText.slice(stateText.indexOf('{'), stateText.lastIndexOf('}') + 1);
    const state = JSON.parse(json) as {
      calls: Record<string, number>;
      rounds: { tool: string; step: string; arguments: unknown }[];
    };
    expect(state.calls.publish_note).toBe(3);
    expect(state.rounds.map((round) => round.step)).toEqual(['start', 'confirm', 'summary']);
    for (const round of state.rounds)
      expect(round.arguments).toEqual({ id: 'n1', text: 'hello world' });

    // The permission prompt was shown once: one decision for publish_note, by the user; the
    // form's answer is audited too, as an elicitation outcome during that call.
    const audit = await piped(['audit', '--json', '--all', '--store', home.dir], home.dir);
    expect(audit.code).toBe(0);
    const events = (
      JSON.parse(audit.stdout) as {
        event_type: string;
        tool_name?: string;
        origin?: string;
        action?: string;
      }[]
    ).filter((event) => event.tool_name === 'publish_note');
    const decisions = events.filter((event) => event.event_type === 'mcp.permission.decision');
    expect(decisions.map((event) => event.origin)).toEqual(['user_prompt']);
    expect(
      events
        .filter((event) => event.event_type === 'mcp.elicitation.outcome')
        .map((event) => event.action),
    ).toEqual(['accept']);
  }, 180_000);
});

describe('--protocol auto: --timeout', () => {
  it('a call with no news for longer than --timeout is stopped and says how to wait longer (v2 SDK)', async () => {
    const policy = allowPolicy(home.dir, 'allow-sleep.json', ['demo_sleep']);
    const run = await piped(
      [
        'call',
        'demo_sleep',
        '{"ms":3000,"steps":1}',
        '--timeout',
        '0.5',
        '--store',
        home.dir,
        '--policy',
        policy,
        '--protocol',
        'auto',
        // The 2025-era demo server (the modern one has no demo_sleep), through the v2 client.
        '--',
        ...demoCommand(),
      ],
      home.dir,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    // The v2 SDK's SdkError (code 'REQUEST_TIMEOUT'), not only SDK 1.x's -32001.
    expect(run.stderr).toContain(
      `${en.t('mcp.cli.error.call_timeout', { tool: 'demo_sleep', seconds: 0.5 })}\n`,
    );
  });
});
