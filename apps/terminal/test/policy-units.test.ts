/** The pure parts of issue 17 in the terminal: flags, policy paths, loading, wrapping. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPermissionEngine, memoryStore } from '@mcp-consent/engine';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { parseCli, UsageError } from '../src/args.js';
import {
  engineInputs,
  loadPolicies,
  managedPolicyPath,
  MissingPolicyError,
  policyFiles,
} from '../src/policy-files.js';
import { shortId } from '../src/records.js';
import { printRules } from '../src/rules.js';
import { wrap } from '../src/text.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const dir = mkdtempSync(join(tmpdir(), 'mcp-consent-policy-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseCli (issue 17 flags)', () => {
  it('reads --policy and --managed-policy in order, and --mode', () => {
    const options = parseCli(
      [
        '--policy',
        'a.json',
        '--policy',
        'b.json',
        '--managed-policy',
        'm.json',
        '--mode',
        'non-interactive',
        '--',
        'srv',
      ],
      en,
    );
    expect(options.policy).toEqual(['a.json', 'b.json']);
    expect(options.managedPolicy).toEqual(['m.json']);
    expect(options.mode).toBe('non_interactive');
    expect(parseCli(['--', 'srv'], en).mode).toBe('ask');
    expect(parseCli(['--mode', 'plan', '--', 'srv'], en).mode).toBe('plan');
    // The engine's spelling and prototype names are not modes.
    for (const mode of ['non_interactive', 'toString', ''])
      expect(() => parseCli(['--mode', mode, '--', 'srv'], en)).toThrow(UsageError);
  });

  it('reads rules and grants revoke <id>', () => {
    expect(parseCli(['rules', '--policy', 'p.json'], en)).toMatchObject({
      command: 'rules',
      policy: ['p.json'],
    });
    expect(parseCli(['grants', 'revoke', '1a2b3c4d'], en)).toMatchObject({
      command: 'grants',
      revoke: '1a2b3c4d',
    });
    expect(() => parseCli(['grants', 'revoke'], en)).toThrow(en.t('mcp.cli.error.revoke_usage'));
    expect(() => parseCli(['grants', 'revoke', 'a', 'b'], en)).toThrow(UsageError);
    expect(() => parseCli(['grants', 'forget', 'a'], en)).toThrow(UsageError);
  });
});

describe('policy files', () => {
  it('reads the managed file, then the user default under XDG_CONFIG_HOME, then named files', () => {
    const refs = policyFiles(
      { policy: ['rel.json'], managedPolicy: ['/abs/m.json'] },
      { XDG_CONFIG_HOME: '/xdg' },
      'linux',
    );
    expect(refs).toEqual([
      { layer: 'managed', path: '/etc/mcp-consent/managed-policy.json', explicit: false },
      { layer: 'managed', path: '/abs/m.json', explicit: true },
      { layer: 'user', path: '/xdg/mcp-consent/policy.json', explicit: false },
      { layer: 'user', path: join(process.cwd(), 'rel.json'), explicit: true },
    ]);
    expect(managedPolicyPath({}, 'darwin')).toBe(
      '/Library/Application Support/mcp-consent/managed-policy.json',
    );
  });

  it('a missing default file is fine; a missing named file throws; an unreadable one is an error', () => {
    const missing = join(dir, 'missing.json');
    const loaded = loadPolicies([{ layer: 'user', path: missing, explicit: false }]);
    expect(loaded.files[0]!.status).toBe('missing');
    expect(loaded.errors).toEqual([]);
    expect(() => loadPolicies([{ layer: 'user', path: missing, explicit: true }])).toThrow(
      MissingPolicyError,
    );
    // A directory where the file should be is there, and not a policy: never "no rules".
    const unreadable = loadPolicies([{ layer: 'user', path: dir, explicit: false }]);
    expect(unreadable.errors).toHaveLength(1);
    expect(unreadable.errors[0]!.message).toContain('EISDIR');
  });

  it('says in the user’s language that a file cannot be read, and an argument that must be there', () => {
    const de = createAppTranslator('de-DE', { isolateValues: false });
    const stream = () => {
      const written: string[] = [];
      const write = (text: string) => written.push(text) > 0;
      return { written, stream: { write, isTTY: false } as unknown as NodeJS.WriteStream };
    };
    // A directory where the file should be: there, but not readable as a file.
    const unreadable = loadPolicies([{ layer: 'user', path: dir, explicit: false }]);
    const out = stream();
    const err = stream();
    expect(printRules(unreadable, de, out.stream, err.stream)).toBe(1);
    const errors = err.written.join('');
    expect(errors).toContain(`${dir}:1:1: Datei kann nicht gelesen werden (EISDIR)`);
    expect(errors).not.toMatch(/cannot read|\(file\)/);

    const present = join(dir, 'present.json');
    writeFileSync(
      present,
      JSON.stringify({ version: 1, rules: [{ effect: 'ask', args: [{ pointer: '/id' }] }] }),
    );
    const listed = stream();
    const loaded = loadPolicies([{ layer: 'user', path: present, explicit: true }]);
    expect(printRules(loaded, de, listed.stream, stream().stream)).toBe(0);
    expect(listed.written.join('')).toMatch(/1\. Fragen +\/id vorhanden\n/);
  });

  it('a broken file makes the engine input invalid while valid deny rules still deny', async () => {
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(
      good,
      JSON.stringify({
        version: 1,
        rules: [
          { effect: 'deny', tool: 'rm', reason: 'no' },
          { effect: 'allow', tool: 'ls' },
        ],
      }),
    );
    writeFileSync(bad, '{"version": 1, "rules": [');
    const loaded = loadPolicies([
      { layer: 'managed', path: good, explicit: true },
      { layer: 'user', path: bad, explicit: true },
    ]);
    expect(loaded.errors[0]).toMatchObject({ file: bad, line: 1 });
    const inputs = engineInputs(loaded);
    expect(inputs.policy.map((source) => source.file)).toEqual([good, bad]);
    const engine = createPermissionEngine({ ...inputs, store: memoryStore() });
    expect(engine.policy().status).toBe('invalid');
    const call = (name: string) => ({
      userId: 'u',
      workspaceId: 'w',
      server: { id: 's' },
      tool: { name },
      args: {},
    });
    const denied = await engine.request(call('rm'), { prompt: async () => 'allow_once' as const });
    expect(denied).toMatchObject({
      allowed: false,
      origin: 'policy',
      reason: 'no',
      rule: { layer: 'managed', file: good, index: 0 },
    });
    // The valid allow does not count while the policy is broken: ls is asked (and denied here).
    let asked = false;
    const ls = await engine.request(call('ls'), {
      prompt: async () => {
        asked = true;
        return 'deny_once' as const;
      },
    });
    expect(asked).toBe(true);
    expect(ls.allowed).toBe(false);
    engine.dispose();
  });
});

describe('wrap and shortId', () => {
  it('wraps at spaces with an indent, and breaks a long word between characters', () => {
    expect(wrap('aaa bbb ccc', 8, '  ', '> ')).toEqual(['> aaa', '  bbb', '  ccc']);
    expect(wrap('日本語のテキスト', 8, '')).toEqual(['日本語の', 'テキスト']);
    for (const line of wrap('x'.repeat(30) + ' y', 10, '  '))
      expect(line.length).toBeLessThanOrEqual(10);
  });

  it('gives each key a stable 8-digit id', () => {
    expect(shortId('mcp_permission:u:w:s:t')).toMatch(/^[0-9a-f]{8}$/);
    expect(shortId('mcp_permission:u:w:s:t')).toBe(shortId('mcp_permission:u:w:s:t'));
    expect(shortId('mcp_permission:u:w:s:t')).not.toBe(shortId('mcp_permission:u:w:s:u'));
  });
});
