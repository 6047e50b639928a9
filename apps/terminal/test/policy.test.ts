/**
 * Issue 17 in the terminal host: policy files (the default one, --policy, --managed-policy),
 * a broken file (located error, every call asked), `rules`, `grants revoke <id>` and
 * `--mode`. Real processes against the demo server, real files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { storePaths } from '../src/config.js';
import { shortServerId } from '../src/servers.js';
import { openRecords } from '../src/store.js';
import { demoCommand, inPty, literal, piped, tempDir } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const PROMPT = literal(`4. ${en.t('mcp.permission.action.deny_always')}`);
const READY = literal(en.t('mcp.permission.keys.hint'));

const home = tempDir();
afterAll(() => home.cleanup());
const demo = () => ['--', ...demoCommand()];
const rule = (effect: string, fields: Record<string, unknown>) => ({ effect, ...fields });

/** Writes a policy file (text as given, so a test can break it) and returns its path. */
function policyFile(dir: string, name: string, content: unknown): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

/** A fresh store and config home with the user's default policy file in it. */
function withDefaultPolicy(policy: unknown) {
  const dir = tempDir();
  const path = policyFile(join(dir.dir, 'mcp-consent'), 'policy.json', policy);
  return { dir, path, opts: ['--store', dir.dir, '--name', 'Demo'] };
}

const DELETE_REASON = 'Notes are kept forever; archive them instead.';
const denyDeletes = {
  version: 1,
  rules: [
    rule('deny', { id: 'no-deletes', tool: 'notes_delete', reason: DELETE_REASON }),
    rule('allow', { tool: 'notes_list' }),
  ],
};

describe('a deny rule in the default policy file', () => {
  const setup = withDefaultPolicy(denyDeletes);
  afterAll(() => setup.dir.cleanup());

  it('denies on a terminal without drawing a prompt, naming the rule and its reason', async () => {
    const run = await inPty(
      ['call', 'notes_delete', '{"id":"groceries"}', ...setup.opts, ...demo()],
      [],
      { configHome: setup.dir.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(1);
    expect(run.text).not.toMatch(READY);
    expect(run.text).toContain(
      en.t('mcp.cli.denied.rule', {
        tool: 'notes_delete',
        number: 1,
        file: setup.path,
        layer: en.t('mcp.cli.rules.layer.user'),
      }),
    );
    expect(run.text).toContain(en.t('mcp.cli.denied.reason', { reason: DELETE_REASON }));
  }, 120_000);

  it('gives the agent the rule’s reason in the isError result, and audits the rule', async () => {
    const run = await piped(
      ['call', 'notes_delete', '{"id":"groceries"}', '--json', ...setup.opts, ...demo()],
      setup.dir.dir,
    );
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as {
      isError: boolean;
      content: { type: string; text: string }[];
    };
    expect(result.isError).toBe(true);
    expect(result.content.map((part) => part.text).join('\n')).toContain(DELETE_REASON);

    const audit = await piped(['audit', '--json', ...setup.opts], setup.dir.dir);
    const events = JSON.parse(audit.stdout) as Record<string, unknown>[];
    expect(events.at(-1)).toMatchObject({
      tool_name: 'notes_delete',
      decision: 'DENY_ONCE',
      origin: 'policy',
      policy_rule: { layer: 'user', file: setup.path, index: 0, id: 'no-deletes' },
    });
  }, 120_000);

  it('lets an allow rule run a call without a prompt, even with no terminal', async () => {
    const run = await piped(['call', 'notes_list', ...setup.opts, ...demo()], setup.dir.dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('groceries');
  }, 120_000);
});

describe('a malformed policy file', () => {
  const dir = tempDir();
  afterAll(() => dir.cleanup());
  // Line 4, column 7: the bad field (its key). Everything else would allow notes_put.
  const broken = policyFile(
    dir.dir,
    'broken.json',
    '{\n  "version": 1,\n  "rules": [\n    { "effect": "alow", "tool": "notes_put" }\n  ]\n}\n',
  );
  const located = en.t('mcp.cli.policy.error_at', {
    file: broken,
    line: '4',
    column: '7',
    field: 'rules[0].effect',
    message: 'effect must be "allow", "ask" or "deny"',
  });

  it('prints the located error, and the call is asked, not allowed', async () => {
    const run = await inPty(
      [
        'call',
        'notes_put',
        '{"id":"p1","text":"x"}',
        '--store',
        dir.dir,
        '--policy',
        broken,
        ...demo(),
      ],
      [{ expect: literal(located) }, { expect: PROMPT }, { expect: READY }, { send: '3' }],
      { configHome: dir.dir, cols: 160 },
    );
    expect(run.error).toBeNull();
    expect(run.text).toContain(en.t('mcp.cli.policy.asking'));
    expect(run.exitCode).toBe(1);
    expect(run.text).toContain(
      en.t('mcp.cli.denied.answer', {
        tool: 'notes_put',
        choice: en.t('mcp.permission.action.deny_once'),
      }),
    );
  }, 120_000);

  it('cannot switch off a deny rule of a valid managed file', async () => {
    const managed = policyFile(dir.dir, 'managed.json', {
      version: 1,
      rules: [rule('deny', { tool: 'notes_delete', reason: 'Admins only.' })],
    });
    const run = await inPty(
      [
        'call',
        'notes_delete',
        '{"id":"groceries"}',
        '--store',
        dir.dir,
        '--policy',
        broken,
        '--managed-policy',
        managed,
        ...demo(),
      ],
      [],
      { configHome: dir.dir, cols: 160 },
    );
    expect(run.exitCode).toBe(1);
    expect(run.text).toContain(located);
    expect(run.text).not.toMatch(READY);
    expect(run.text.replace(/\s+/g, ' ')).toContain(
      en.t('mcp.cli.denied.rule', {
        tool: 'notes_delete',
        number: 1,
        file: managed,
        layer: en.t('mcp.cli.rules.layer.managed'),
      }),
    );
    expect(run.text).toContain(en.t('mcp.cli.denied.reason', { reason: 'Admins only.' }));
  }, 120_000);

  it('a policy file named on the command line that does not exist is a usage error', async () => {
    const missing = join(dir.dir, 'nope.json');
    const run = await piped(['--policy', missing, ...demo()], dir.dir);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(en.t('mcp.cli.error.policy_missing', { path: missing }));
  });
});

describe('mcp-consent rules', () => {
  const setup = withDefaultPolicy(denyDeletes);
  afterAll(() => setup.dir.cleanup());
  const extra = policyFile(setup.dir.dir, 'team.json', {
    version: 1,
    rules: [
      rule('ask', { tool: 'notes_*', args: [{ pointer: '/id', glob: 'secret*' }] }),
      rule('allow', { annotations: { destructiveHint: true } }),
    ],
  });
  const managed = policyFile(setup.dir.dir, 'managed.json', {
    version: 1,
    rules: [rule('deny', { server: 'stdio:*', tier: ['high'] })],
  });

  it('prints every file with its layer, each rule numbered, at 80 columns without escapes', async () => {
    const run = await piped(
      ['rules', '--policy', extra, '--managed-policy', managed],
      setup.dir.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('\u001B');
    const lines = run.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(run.stdout.replace(/\n/g, ' ')).toContain(en.t('mcp.cli.rules.precedence'));
    // Highest layer first, the managed file before the user's two.
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(lines[at(managed)]).toMatch(/^managed +\//);
    expect(lines[at(setup.path)]).toMatch(/^user +\//);
    expect(lines[at(extra)]).toMatch(/^user +\//);
    expect(at(managed)).toBeLessThan(at(setup.path));
    expect(at(setup.path)).toBeLessThan(at(extra));
    expect(lines[at(managed) + 2]).toBe('  1. Deny   server=stdio:* · tier=high');
    expect(lines.slice(at(setup.path) + 1, at(setup.path) + 6)).toEqual([
      `  ${en.t('mcp.cli.rules.count', { count: 2 })}`,
      '  1. Deny   tool=notes_delete',
      `     ${en.t('mcp.cli.rules.id', { id: 'no-deletes' })}`,
      `     ${en.t('mcp.cli.rules.reason', { reason: DELETE_REASON })}`,
      '  2. Allow  tool=notes_list',
    ]);
    expect(lines[at(extra) + 2]).toBe('  1. Ask    tool=notes_* · /id glob "secret*"');
    // The user-layer allow for destructive tools is shown as never applying.
    expect(lines[at(extra) + 3]).toBe('  2. Allow  destructiveHint=true');
    expect(lines[at(extra) + 4]).toMatch(/^ {5}Never applies: /);
  });

  it('exits 1 with the located error for a bad file', async () => {
    const bad = policyFile(
      setup.dir.dir,
      'bad.json',
      '{"version": 1, "rules": [{"effect": "deny", "tool": 3}]}',
    );
    const run = await piped(['rules', '--policy', bad], setup.dir.dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `${bad}:1:45: field rules[0].tool: must be a string, not a number`,
    );
    expect(run.stderr).toContain(en.t('mcp.cli.rules.invalid'));
  });

  it('says when there is no file, in the user’s language', async () => {
    const empty = tempDir();
    const run = await piped(['rules'], empty.dir);
    empty.cleanup();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(en.t('mcp.cli.rules.no_file'));
  });
});

describe('grants revoke <id>', () => {
  const dir = tempDir();
  afterAll(() => dir.cleanup());
  const opts = ['--store', dir.dir, '--user', 'tester', '--workspace', 'ws', '--server-id', 'demo'];

  it('revokes one grant by the id grants shows; an unknown id exits 1', async () => {
    // Two saved denials, written by the engine into the real grant file.
    const records = openRecords(storePaths(dir.dir));
    await records.engine.ready;
    for (const name of ['legacy_tool', 'notes_delete']) {
      const call = {
        userId: 'tester',
        workspaceId: 'ws',
        server: { id: 'demo' },
        tool: { name },
        args: {},
      };
      const result = await records.engine.request(call, {
        prompt: async () => 'deny_always' as const,
      });
      expect(result.grant).toBeDefined();
    }
    await records.close();

    const listed = await piped(['grants', ...opts], dir.dir);
    const row = listed.stdout.split('\n').find((line) => line.includes('legacy_tool'))!;
    const id = /^([0-9a-f]{8}) /.exec(row)?.[1];
    expect(id, listed.stdout).toBeDefined();
    expect(
      listed.stdout.split('\n').find((line) => line.trim().startsWith(en.t('mcp.cli.grants.id'))),
    ).toBeDefined();

    const before = await piped(['call', 'legacy_tool', ...opts, ...demo()], dir.dir);
    expect(before.stderr).toContain(en.t('mcp.cli.denied.saved', { tool: 'legacy_tool' }));

    const revoked = await piped(['grants', 'revoke', id!, ...opts], dir.dir);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout.trim()).toBe(
      en.t('mcp.cli.grants.revoked', { id: id!, tool: 'legacy_tool', server: 'demo' }),
    );
    const after = await piped(['grants', ...opts], dir.dir);
    expect(after.stdout).not.toContain('legacy_tool');
    expect(after.stdout).toContain('notes_delete');
    // On a terminal too narrow for the table, each grant is stacked, its id first.
    const narrow = await inPty(['grants', ...opts], [], { configHome: dir.dir, cols: 40 });
    const left = listed.stdout.split('\n').find((line) => line.includes('notes_delete'))!;
    const leftId = left.slice(0, 8);
    expect(narrow.text).toContain(
      `${leftId}  notes_delete  ${en.t('mcp.audit.decision.deny_always')}\n          ${shortServerId('demo')}\n`,
    );
    // The legend under it spells out the short id, and nothing is wider than the terminal.
    expect(narrow.text).toContain(`\n  ${shortServerId('demo')}  demo\n`);
    expect(Math.max(...narrow.text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(40);
    // No saved denial any more: without a terminal the call now fails for want of a prompt.
    const again = await piped(['call', 'legacy_tool', ...opts, ...demo()], dir.dir);
    expect(again.stderr).not.toContain(en.t('mcp.cli.denied.saved', { tool: 'legacy_tool' }));

    const unknown = await piped(['grants', 'revoke', id!, ...opts], dir.dir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(en.t('mcp.cli.grants.not_found', { id: id! }));
    const usage = await piped(['grants', 'revoke', ...opts], dir.dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(en.t('mcp.cli.error.revoke_usage'));
  }, 200_000);
});

describe('--mode', () => {
  const dir = tempDir();
  afterAll(() => dir.cleanup());
  const opts = ['--store', dir.dir, '--name', 'Demo'];

  it('non-interactive denies on a terminal without drawing a prompt', async () => {
    const run = await inPty(
      [
        'call',
        'notes_put',
        '{"id":"m1","text":"x"}',
        '--mode',
        'non-interactive',
        ...opts,
        ...demo(),
      ],
      [],
      { configHome: dir.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(1);
    expect(run.text).not.toMatch(READY);
    expect(run.text).toContain(en.t('mcp.cli.denied.non_interactive', { tool: 'notes_put' }));
    const audit = await piped(['audit', ...opts], dir.dir);
    expect(audit.stdout).toContain(en.t('mcp.audit.origin.mode'));
  }, 120_000);

  it('non-interactive runs what an allow rule covers (CI with a policy)', async () => {
    const allow = policyFile(dir.dir, 'ci.json', {
      version: 1,
      rules: [rule('allow', { tool: 'notes_put' })],
    });
    const run = await piped(
      [
        'call',
        'notes_put',
        '{"id":"m2","text":"from CI"}',
        '--mode',
        'non-interactive',
        '--policy',
        allow,
        ...opts,
        ...demo(),
      ],
      dir.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Saved note "m2".');
  }, 120_000);

  it('plan denies a call that is not read-only without asking', async () => {
    const run = await inPty(
      ['call', 'notes_put', '{"id":"m3","text":"x"}', '--mode', 'plan', ...opts, ...demo()],
      [],
      { configHome: dir.dir },
    );
    expect(run.exitCode).toBe(1);
    expect(run.text).not.toMatch(READY);
    expect(run.text).toContain(en.t('mcp.cli.denied.plan', { tool: 'notes_put' }));
  }, 120_000);

  it('anything else is a usage error', async () => {
    const run = await piped(['--mode', 'yolo', ...demo()], dir.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(en.t('mcp.cli.error.bad_mode', { value: 'yolo' }));
  });
});
