/**
 * `--review-results` (issue 18's result review in the terminal host): in a real
 * pseudo-terminal against the real `@modelcontextprotocol/server-everything` (stdio), an
 * allowed call's result is shown for review before `call` prints it; Send prints it, Withhold
 * prints only the kit's sentence and exits 1, and without a terminal the result is withheld.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { parseCli, UsageError } from '../src/args.js';
import { allowPolicy, inPty, literal, piped, tempDir, everythingServer } from './harness.js';

const en = createAppTranslator('en-US', { isolateValues: false });
const everything = everythingServer;
const home = tempDir();
afterAll(() => home.cleanup());
// The call itself is allowed by policy: these tests are about its result.
const policy = allowPolicy(home.dir, 'allow-echo.json', ['echo']);

const echo = (message: string, tiers = 'all') => [
  'call',
  'echo',
  JSON.stringify({ message }),
  '--store',
  home.dir,
  '--policy',
  policy,
  '--review-results',
  tiers,
  ...everything,
];
const TITLE = literal(en.t('mcp.result.title'));
const KEYS = literal(en.t('mcp.result.keys.hint'));
/** What the terminal showed after the review's last frame: the call's own output. */
const afterReview = (text: string) =>
  text.slice(text.lastIndexOf(en.t('mcp.result.keys.hint')) + en.t('mcp.result.keys.hint').length);

describe('--review-results with server-everything’s echo', () => {
  it('the result is shown for review first; 1 sends it and call prints it', async () => {
    const run = await inPty(
      echo('hello review'),
      [{ expect: TITLE }, { expect: 'Echo: hello review' }, { expect: KEYS }, { send: '1' }],
      { configHome: home.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(afterReview(run.text)).toContain('Echo: hello review');
  });

  it('2 withholds: call prints only the kit’s sentence and exits 1', async () => {
    const run = await inPty(
      echo('keep this back'),
      [{ expect: TITLE }, { expect: KEYS }, { send: '2' }],
      { configHome: home.dir },
    );
    expect(run.error).toBeNull();
    expect(run.exitCode).toBe(1);
    expect(run.text).toContain(en.t('mcp.cli.denied.withheld', { tool: 'echo' }));
    expect(run.text).toContain('Echo: keep this back'); // in the review
    expect(afterReview(run.text)).not.toContain('keep this back');
  });

  it('a tier that is not listed is not reviewed (echo is not high risk here)', async () => {
    const { code, stdout } = await piped(echo('no review', 'high'), home.dir);
    expect(code).toBe(0);
    expect(stdout).toContain('Echo: no review');
  });

  it('without a terminal nobody can review: the result is withheld, never printed', async () => {
    const { code, stdout, stderr } = await piped(echo('nobody here'), home.dir);
    expect(code).toBe(1);
    expect(stdout).not.toContain('nobody here');
    expect(stderr).toContain(en.t('mcp.cli.denied.withheld', { tool: 'echo' }));
  });
});

describe('parseCli --review-results', () => {
  it('takes all, or tiers separated by commas', () => {
    expect(parseCli(['--review-results', 'all', '--', 'srv'], en).reviewResults).toEqual([
      'low',
      'medium',
      'high',
    ]);
    expect(parseCli(['--review-results', 'high, medium', '--', 'srv'], en).reviewResults).toEqual([
      'medium',
      'high',
    ]);
    expect(parseCli(['--', 'srv'], en).reviewResults).toBeUndefined();
  });

  it('anything else is a usage error that says what is allowed', () => {
    expect(() => parseCli(['--review-results', 'risky', '--', 'srv'], en)).toThrow(UsageError);
    expect(() => parseCli(['--review-results', 'high,x', '--', 'srv'], en)).toThrow(
      en.t('mcp.cli.error.bad_review_results', { value: 'high,x' }),
    );
  });
});
