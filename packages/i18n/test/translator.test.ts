import { createTranslator, messageIds, supportedLocales } from '@mcp-consent/i18n';
import { appMessageIds, createAppTranslator } from '@mcp-consent/i18n/apps';
import { describe, expect, it } from 'vitest';

const DAY = 86_400_000;

/** A value for every placeholder of every library and app message. */
const values = {
  server: 's',
  tool: 't',
  title: 'x',
  parts: 'p',
  count: 2,
  size: 'z',
  position: 1,
  total: 3,
  risk: 'r',
  effects: 'e',
  field: 'f',
  min: 1,
  max: 9,
  host: 'h',
  unicode: 'u',
  scheme: 'ftp:',
  message: 'm',
  date: 0,
  time: 0,
  tier: 'low',
  // mcp.cli.* (the terminal host)
  user: 'u',
  workspace: 'w',
  path: '/p',
  empty: 'e',
  example: 'x',
  choice: 'c',
  kind: 'image',
  mime: 'image/png',
  name: 'n',
  uri: 'file:///n',
  url: 'https://h/',
  reason: 'r',
  command: 'c',
  output: 'o',
  target: 't',
  seconds: 30,
  option: '--o',
  value: 'v',
  shown: 1,
  // mcp.cli.* of issue 19 (the workspace setting, config.json problems, server names)
  source: 'config',
  problem: 'p',
  code: 'EACCES',
  key: 'k',
  ids: 'srv-1',
  // mcp.tool_args.* and mcp.cli.args.hint (issue 19: a tool's arguments)
  values: 'v',
  type: 'string',
  skeleton: 's',
  // mcp.cli.progress.* and server_log (issue 18)
  progress: '1',
  status: 's',
  level: 'info',
  // mcp.cli.server_log.dropped (log lines held while a prompt is open)
  kept: 50,
  // mcp.permission.* of issue 16 (summary, scope)
  duration: 'd',
  summary: 's',
  consequence: 'c',
  reach: 'declared',
  // mcp.elicitation.link (a markdown link: its text and real host)
  text: 'x',
  // mcp.dry_run.step and the announcement that starts with it
  step: 's',
  index: 1,
  label: 'l',
  // mcp.permission.notice.requested_by_app (issue 18: MCP Apps)
  app: 'a',
  // mcp.permission.notice.policy_rule (issue 17: the rule's number and its file)
  rule: 3,
  file: 'f',
  // mcp.playground.rules.* / log.* / mode.* (issue 17: the rules editor and the decision log)
  layer: 'user',
  line: 3,
  column: 5,
  outcome: 'allow_session',
  asked: 'yes',
  mode: 'plan',
  // mcp.sampling.* (issue 18: a media block's size, the model that wrote a reply)
  kb: 3,
  model: 'm',
  // mcp.args_edit.readonly (issue 17: the arguments kept as asked)
  names: 'a, b',
  // mcp.audit.detail.note_text and mcp.cli.denied.rule (issue 17: a deny note, a rule's number)
  note: 'n',
  number: 2,
  // mcp.rules.* (issue 17: the manager's read-only rules list)
  location: 'l',
  effect: 'allow',
  n: 1,
  id: 'i',
  pointer: '/p',
  where: 'w',
  hint: 'readOnlyHint',
};

describe('createTranslator', () => {
  it('formats R9 copy with values', () => {
    expect(createTranslator('en-US').t('mcp.permission.from', { server: 'github' })).toBe(
      'From github',
    );
    expect(createTranslator('pt-BR').t('mcp.permission.from', { server: 'github' })).toBe(
      'Do servidor github',
    );
  });

  it('negotiates from a list of preferred locales', () => {
    const t = createTranslator(['fr-FR', 'es-MX']);
    expect(t.locale).toBe('es-ES');
    expect(t.t('mcp.permission.action.allow_once')).toBe('Permitir una vez');
  });

  it('uses each locale’s plural rules', () => {
    const en = createTranslator('en-US');
    expect(en.t('mcp.permission.args.more_lines', { count: 1 })).toBe('1 more line');
    expect(en.t('mcp.permission.args.more_lines', { count: 12 })).toBe('12 more lines');
    const ar = createTranslator('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) =>
      ar.t('mcp.permission.args.more_lines', { count }),
    );
    expect(new Set(forms).size).toBe(6);
    expect(forms[2]).toBe('سطران آخران');
  });

  it('formats "expires in 7 days" and the other lifetimes in each locale', () => {
    expect(createTranslator('en-US').formatExpiry(7 * DAY)).toBe('expires in 7 days');
    expect(createTranslator('en-US').formatExpiry(DAY)).toBe('expires in 1 day');
    expect(createTranslator('en-US').formatExpiry(90 * 60_000)).toBe('expires in 2 hours');
    expect(createTranslator('en-US').formatExpiry(30_000)).toBe('expires in 1 minute');
    expect(createTranslator('en-US').formatExpiry(0)).toBe('expired');
    expect(createTranslator('en-US').formatExpiry(null)).toBe('never expires');
    expect(createTranslator('pt-BR').formatExpiry(30 * DAY)).toBe('expira em 30 dias');
    expect(createTranslator('de-DE').formatExpiry(DAY)).toBe('läuft in 1 Tag ab');
  });

  it('formats the queue position "1 of 3"', () => {
    expect(
      createTranslator('en-US').t('mcp.permission.queue.position', { position: 1, total: 3 }),
    ).toBe('1 of 3');
  });

  it('isolates values in right-to-left text so a Latin name cannot reorder it', () => {
    const text = createTranslator('ar').t('mcp.permission.from', { server: 'github' });
    expect(text).toBe('من \u2068github\u2069');
    expect(
      createTranslator('ar', { isolateValues: false }).t('mcp.permission.from', { server: 'x' }),
    ).toBe('من x');
    expect(createTranslator('en-US').t('mcp.permission.from', { server: 'x' })).toBe('From x');
  });

  it('selects by value', () => {
    const de = createTranslator('de-DE');
    expect(de.t('mcp.audit.risk', { tier: 'high' })).toBe('Hohes Risiko');
    expect(de.t('mcp.audit.risk', { tier: 'bogus' })).toBe('Unbekanntes Risiko');
  });

  it('selects by value in right-to-left locales too (the value is not isolated)', () => {
    const ar = createTranslator('ar');
    expect(ar.t('mcp.audit.risk', { tier: 'high' })).toBe('خطورة عالية');
    expect(ar.t('mcp.audit.risk', { tier: 'low' })).toBe('خطورة منخفضة');
    // Shown values are still isolated.
    expect(ar.t('mcp.permission.from', { server: 'x' })).toBe('من \u2068x\u2069');
  });

  it('lists in the locale’s words', () => {
    const parts = ['description', 'input schema'];
    expect(createTranslator('en-US').formatList(parts)).toBe('description and input schema');
    expect(createTranslator('ja-JP').formatList(['名前', '説明'])).toBe('名前、説明');
  });

  it('the pseudo-locale is longer and keeps placeholders working', () => {
    const en = createTranslator('en-US');
    const xa = createTranslator('en-XA');
    for (const id of ['mcp.permission.title', 'mcp.permission.allow_always.disabled'] as const) {
      expect(xa.t(id).length).toBeGreaterThanOrEqual(Math.floor(en.t(id).length * 1.3));
      expect(xa.t(id)).toMatch(/^⟦.*⟧$/);
    }
    expect(xa.t('mcp.permission.from', { server: 'github' })).toContain('github');
    expect(xa.t('mcp.permission.args.more_lines', { count: 2 })).toMatch(/^⟦2 /);
  });

  it.each(supportedLocales)('%s formats every message without errors', (locale) => {
    const errors: Error[] = [];
    const t = createTranslator(locale, { onError: (error) => errors.push(error) });
    for (const id of messageIds) {
      const text = (t.t as (id: string, values: object) => string)(id, values);
      expect(text, id).not.toMatch(/[{}]/);
      expect(text, id).not.toBe(id);
    }
    expect(errors).toEqual([]);
  });

  it('falls back to en-US for an unsupported locale', () => {
    expect(createTranslator('sv-SE').t('mcp.permission.title')).toBe('Allow this tool to run?');
  });

  it('types message ids and values', () => {
    const t = createTranslator('en-US');
    // @ts-expect-error an unknown id is a type error
    expect(() => t.t('mcp.permission.nope')).not.toThrow();
    // @ts-expect-error a message with placeholders needs its values
    t.t('mcp.permission.from');
    // @ts-expect-error plural counts are numbers
    t.t('mcp.expiry.in_days', { count: '7' });
    expect(t.t('mcp.permission.title')).toBe('Allow this tool to run?');
  });

  it('does not know the apps’ messages (they are not in the library catalogs)', () => {
    const t = createTranslator('en-US');
    // @ts-expect-error app ids are not library message ids
    expect(t.t('mcp.cli.help.summary')).toBe('mcp.cli.help.summary');
  });
});

describe('createAppTranslator (@mcp-consent/i18n/apps)', () => {
  it.each(supportedLocales)('%s formats every app and library message without errors', (locale) => {
    const errors: Error[] = [];
    const t = createAppTranslator(locale, { onError: (error) => errors.push(error) });
    for (const id of [...appMessageIds, ...messageIds]) {
      const text = (t.t as (id: string, values: object) => string)(id, values);
      expect(text, id).not.toMatch(/[{}]/);
      expect(text, id).not.toBe(id);
    }
    expect(errors).toEqual([]);
  });

  it('formats app copy with values, negotiates and falls back like createTranslator', () => {
    const en = createAppTranslator('en-US');
    expect(en.t('mcp.cli.result.heading', { tool: 'notes_list' })).toContain('notes_list');
    expect(en.t('mcp.permission.title')).toBe('Allow this tool to run?');
    expect(en.formatExpiry(7 * DAY)).toBe('expires in 7 days');
    const pt = createAppTranslator(['pt_BR.UTF-8']);
    expect(pt.locale).toBe('pt-BR');
    expect(pt.t('mcp.playground.title')).not.toBe(en.t('mcp.playground.title'));
    expect(createAppTranslator('sv-SE').t('mcp.playground.title')).toBe(
      en.t('mcp.playground.title'),
    );
    expect(createAppTranslator('ar').t('mcp.cli.result.heading', { tool: 'x' })).toContain(
      '\u2068x\u2069',
    );
    expect(createAppTranslator('en-US')).toBe(en);
    expect(createTranslator('en-US')).not.toBe(en);
  });

  it('is a Translator and types app ids and values', () => {
    const t = createAppTranslator('en-US');
    const library: ReturnType<typeof createTranslator> = t;
    expect(library.t('mcp.permission.title')).toBe('Allow this tool to run?');
    // @ts-expect-error an unknown id is a type error
    expect(() => t.t('mcp.cli.nope')).not.toThrow();
    // @ts-expect-error a message with placeholders needs its values
    t.t('mcp.cli.result.heading');
    // @ts-expect-error plural counts are numbers
    t.t('mcp.cli.connected', { server: 's', count: '2' });
    expect(t.t('mcp.cli.connected', { server: 's', count: 2 })).toContain('2 tools');
  });
});
