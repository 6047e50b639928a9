import stringWidth from 'string-width';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createTranslator, supportedLocales } from '@mcp-consent/i18n';
import type { ElicitCallback } from '@mcp-consent/mcp';
import { call, server, tools } from '../../../test/scenarios/fixtures.js';
import type { InkPrompter } from '../src/index.js';
import { frameOf } from '../src/shared.js';
import { harness } from './harness.js';
import { unbox } from './ink-driver.js';
import { foreignOutput } from './virtual-terminal.js';

const en = createTranslator('en-US');
const ESC = '\u001B';
const TAB = '\t';
const RIGHT = `${ESC}[C`;
const UP = `${ESC}[A`;
const DOWN = `${ESC}[B`;

let active: ReturnType<typeof harness> | undefined;
const start = (options?: Parameters<typeof harness>[0]) => (active = harness(options));
afterEach(() => {
  active?.dispose();
  active = undefined;
});

const form = {
  message: 'Who is asking?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      age: { type: 'integer', title: 'Age', minimum: 0 },
      subscribe: { type: 'boolean', title: 'Subscribe', default: false },
      color: {
        type: 'string',
        title: 'Colour',
        enum: ['red', 'green'],
        enumNames: ['Red', 'Green'],
      },
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] } },
    },
    required: ['name'],
  },
};

/** The demo server's survey: eight fields, more than an 80×24 terminal shows at once. */
const survey = {
  message: 'A short survey.',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Your name', minLength: 1 },
      email: { type: 'string', title: 'Email', format: 'email' },
      age: { type: 'integer', title: 'Age', minimum: 13 },
      rating: { type: 'number', title: 'Rating', minimum: 0, maximum: 5, default: 4 },
      subscribe: { type: 'boolean', title: 'Subscribe to updates', default: false },
      plan: { type: 'string', title: 'Plan', enum: ['free', 'team'], default: 'free' },
      color: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'] },
      startDate: { type: 'string', title: 'Start date', format: 'date' },
    },
    required: ['name', 'email', 'plan'],
  },
};

describe('elicitation in the terminal', () => {
  it('fills a form with the keyboard and accepts typed content', async () => {
    const h = start();
    const result = h.prompter.elicit({ params: form, server });
    await h.sees(en.t('mcp.elicitation.title.form', { server: server.name }));
    await h.sees('Who is asking?');
    await h.passGuard();
    for (const key of ['A', 'd', 'a', TAB, '3', '6', TAB, ' ', TAB, RIGHT, TAB, RIGHT, ' ']) {
      await h.press(key);
    }
    await h.sees('[x] b');
    await h.press('\r'); // leaves the multi-select for the actions
    await h.press('\r'); // Submit
    expect(await result).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: true, color: 'red', tags: ['b'] },
    });
    await h.sees(`${en.t('mcp.elicitation.title.form', { server: server.name })} · Submit`);
  });

  it('a form taller than the terminal scrolls its fields with the focus; title and answers stay', async () => {
    const h = start({ rows: 16 });
    void h.prompter.elicit({ params: form, server });
    const title = en.t('mcp.elicitation.title.form', { server: server.name });
    await h.sees(title);
    await h.passGuard();
    await h.quiet();
    const submit = `3. ${en.t('mcp.elicitation.action.accept')}`;
    // The whole frame fits (Ink would wipe the screen and the scrollback otherwise).
    expect(h.screen().split('\n').length).toBeLessThan(16);
    expect(h.text()).toContain('› Name');
    expect(h.text()).toContain('↓');
    expect(h.text()).not.toContain('Tags');
    expect(h.text()).not.toContain('↑');
    for (let tab = 0; tab < 4; tab += 1) await h.press(TAB);
    await h.sees('› Tags');
    await h.quiet();
    expect(h.screen().split('\n').length).toBeLessThan(16);
    for (const shown of [title, '[ ] a', '↑', submit]) expect(h.text()).toContain(shown);
    expect(h.text()).not.toContain('› Name');
    expect(h.text()).not.toContain('↓');
  });

  it('a multi-select taller than the terminal scrolls its options with the cursor', async () => {
    const options = Array.from({ length: 30 }, (_, index) => `option-${index + 1}`);
    const long = {
      message: 'Pick what to share',
      requestedSchema: {
        type: 'object',
        properties: {
          picks: { type: 'array', title: 'Picks', items: { type: 'string', enum: options } },
        },
      },
    };
    const h = start({ rows: 24 });
    const result = h.prompter.elicit({ params: long, server });
    const title = en.t('mcp.elicitation.title.form', { server: server.name });
    await h.sees(title);
    await h.passGuard();
    await h.quiet();
    expect(h.screen().split('\n').length).toBeLessThan(24);
    expect(h.text()).toMatch(/\[ \] option-1 /);
    expect(h.text()).toMatch(/↓ \d+ more options below/);
    expect(h.text()).not.toContain('option-25');
    for (let step = 0; step < 24; step += 1) await h.press(RIGHT);
    await h.press(' ');
    await h.sees('[x] option-25');
    await h.quiet();
    // The option under the cursor is on screen, the title, the field's label and Submit too.
    expect(h.screen().split('\n').length).toBeLessThan(24);
    expect(h.text()).toMatch(/↑ \d+ more options above/);
    for (const shown of [title, 'Picks', `3. ${en.t('mcp.elicitation.action.accept')}`]) {
      expect(h.text()).toContain(shown);
    }
    expect(h.text()).not.toMatch(/option-1 /);
    await h.press('\r'); // leaves the multi-select for the actions
    await h.press('\r'); // Submit
    expect(await result).toEqual({ action: 'accept', content: { picks: ['option-25'] } });
  });

  it('a missing required field shows its error and keeps the form open', async () => {
    const h = start();
    const result = h.prompter.elicit({ params: form, server });
    await h.sees('Who is asking?');
    await h.passGuard();
    await h.press('\r');
    await h.sees(en.t('mcp.elicitation.error.required', { field: 'Name' }));
    expect(h.prompter.getSnapshot().current?.kind).toBe('elicitation');
    await h.press(ESC);
    expect(await result).toEqual({ action: 'cancel' });
  });

  it('Enter in a field goes to the next field and sends nothing', async () => {
    const h = start({ columns: 80, rows: 24 });
    let answered = false;
    const result = h.prompter.elicit({ params: form, server });
    void result.then(() => (answered = true));
    await h.sees('› Name');
    await h.passGuard();
    for (const key of ['A', 'd', 'a', '\r']) await h.press(key);
    await h.sees('› Age');
    await h.quiet();
    expect(answered).toBe(false);
    expect(h.text()).not.toContain(en.t('mcp.elicitation.error.summary', { count: 1 }));
    expect(h.text()).toContain('Ada');
    await h.press(ESC);
    expect(await result).toEqual({ action: 'cancel' });
  });

  it('a failed submit takes the › to the first field to fix, scrolled into an 80×24 frame', async () => {
    const h = start({ columns: 80, rows: 24 });
    const result = h.prompter.elicit({ params: survey, server });
    await h.sees('› Your name');
    await h.passGuard();
    await h.press('A');
    // Enter through every field to the last one, leaving the required Email empty.
    for (let field = 1; field < 8; field += 1) await h.press('\r');
    await h.sees('› Start date');
    expect(h.text()).not.toContain('Email');
    await h.press('\r'); // Enter in the last field submits: refused, Email needs attention
    await h.sees('› Email');
    await h.sees(en.t('mcp.elicitation.error.summary', { count: 1 }));
    await h.quiet();
    expect(h.screen().split('\n').length).toBeLessThanOrEqual(24);
    expect(h.prompter.getSnapshot().current?.kind).toBe('elicitation');
    for (const key of [...'ada@example.com']) await h.press(key);
    for (let field = 2; field < 8; field += 1) await h.press('\r');
    await h.sees('› Start date');
    await h.press('\r');
    expect(await result).toMatchObject({
      action: 'accept',
      content: { name: 'A', email: 'ada@example.com', plan: 'free' },
    });
  });

  it.each(supportedLocales.filter((locale) => locale !== 'en-XA'))(
    '%s at 80×24: the form’s key hint says Enter goes to the next field and the last one submits, on one row',
    async (locale) => {
      const t = createTranslator(locale, { isolateValues: false });
      const hint = t.t('mcp.elicitation.keys.form');
      if (locale === 'en-US')
        expect(hint).toBe('Enter: next field, or submit in the last one · Esc to cancel');
      const h = start({ columns: 80, rows: 24, locale });
      const result = h.prompter.elicit({ params: survey, server });
      await h.sees('› Your name');
      await h.passGuard();
      await h.quiet();
      const rows = h.screen().split('\n');
      // The virtual terminal gives a combining mark a column of its own, so Arabic answer rows
      // wrap there as they do not in a terminal: the frame's height is checked in English, and
      // the hint's width as a terminal measures it (the box leaves 76 of the 80 columns).
      if (locale === 'en-US') expect(rows.length, h.screen()).toBeLessThanOrEqual(24);
      expect(stringWidth(hint)).toBeLessThanOrEqual(frameOf(false, 80, 24).width);
      const shown = rows.map((row) => unbox(row).trim());
      expect(shown, h.screen()).toContain(hint);
      expect(shown).not.toContain(t.t('mcp.elicitation.keys.hint'));
      await h.press(ESC);
      expect(await result).toEqual({ action: 'cancel' });
    },
  );

  it('URL mode shows the whole address with its host, warns, and Enter declines by default', async () => {
    const h = start();
    const params = {
      mode: 'url' as const,
      message: 'Sign in to continue',
      url: 'https://xn--80ak6aa92e.com/login?next=%2F',
      elicitationId: 'e1',
    };
    const declined = h.prompter.elicit({ params, server });
    await h.sees('https://xn--80ak6aa92e.com/login?next=%2F');
    await h.sees(en.t('mcp.elicitation.url.host', { host: 'xn--80ak6aa92e.com' }));
    await h.sees(en.t('mcp.elicitation.url.notice'));
    expect(h.screen()).toMatch(/encoded characters/);
    await h.passGuard();
    await h.press('\r');
    expect(await declined).toEqual({ action: 'decline' });

    const accepted = h.prompter.elicit({ params, server });
    await h.sees(`› 2. ${en.t('mcp.elicitation.action.decline_url')}`);
    await h.passGuard();
    await h.press(DOWN); // the primary answer is the last one
    await h.sees(`› 3. ${en.t('mcp.elicitation.action.open')}`);
    await h.press('\r');
    expect(await accepted).toEqual({ action: 'accept' });
  });

  it('keys typed before the question appeared do not answer it', async () => {
    const h = start();
    h.terminal.type('\r\r');
    const result = h.prompter.elicit({
      params: { message: 'Delete it?', requestedSchema: { type: 'object', properties: {} } },
      server,
    });
    await h.sees('Delete it?');
    await h.press('\r');
    await h.quiet();
    expect(h.prompter.getSnapshot().current?.kind).toBe('elicitation');
    await h.passGuard();
    await h.press('\r'); // Decline is focused in a bare confirmation
    expect(await result).toEqual({ action: 'decline' });
  });

  it('a server cancel closes the question with cancel', async () => {
    const h = start();
    const controller = new AbortController();
    const result = h.prompter.elicit({ params: form, server, signal: controller.signal });
    await h.sees('Who is asking?');
    controller.abort();
    expect(await result).toEqual({ action: 'cancel' });
    await h.sees(en.t('mcp.permission.notice.settled_elsewhere'));
  });

  it('hostile messages and field text reach the terminal only as visible codes', async () => {
    const h = start();
    const result = h.prompter.elicit({
      params: {
        message: `${ESC}]52;c;cHduZWQ=${ESC}\\Click ${ESC}]8;;https://evil${ESC}\\here${ESC}]8;;${ESC}\\\u202Etxt.exe`,
        requestedSchema: {
          type: 'object',
          properties: {
            x: { type: 'string', title: `${ESC}[2JName`, default: `${ESC}[1;1Hdefault` },
          },
        },
      },
      server: { id: 'evil', name: `${ESC}]0;pwned${ESC}\\Evil` },
    });
    await h.sees('Click');
    await h.quiet();
    expect(foreignOutput(h.terminal.raw)).toEqual([]);
    // A default is editable and sent as shown: its escape sequence is dropped, not drawn as code.
    expect(h.screen()).toMatch(/ default▏/);
    expect(h.screen()).not.toContain('1;1H');
    await h.passGuard();
    await h.press(ESC);
    expect(await result).toEqual({ action: 'cancel' });
  });

  it('permission prompts and elicitations share one queue, one at a time', async () => {
    const h = start();
    const permission = h.ask(call(tools.notesPut));
    await h.sees('notes_put');
    const question = h.prompter.elicit({ params: form, server });
    await h.passGuard();
    expect(h.screen()).not.toContain('Who is asking?');
    await h.press('1');
    expect(await permission).toMatchObject({ choice: 'allow_once' });
    await h.sees('Who is asking?');
    await h.passGuard();
    await h.press(ESC);
    expect(await question).toEqual({ action: 'cancel' });
  });

  it("fits @mcp-consent/mcp's elicit callback", () => {
    expectTypeOf<InkPrompter['elicit']>().toExtend<ElicitCallback>();
  });
});

describe('keys that arrive together in a form', () => {
  const confirm = {
    message: 'Delete **every** note?\n- see [docs](https://evil.example/x)',
    requestedSchema: { type: 'object', properties: {} },
  };

  it('"\\t\\t" in one chunk moves two fields; text and a Tab in one chunk fill and move on', async () => {
    const h = start();
    const result = h.prompter.elicit({ params: form, server });
    await h.sees('› Name');
    await h.passGuard();
    await h.press('\t\t');
    await h.sees('› Subscribe');
    await h.press(UP + UP); // two arrows in one chunk: back two fields
    await h.sees('› Name');
    await h.press('Ada\t36\t');
    await h.sees('› Subscribe');
    expect(h.text()).toContain('Ada');
    expect(h.text()).toContain('36');
    await h.press(ESC);
    expect(await result).toEqual({ action: 'cancel' });
  });

  it('an Enter inside a chunk never submits or answers; a single Enter still does', async () => {
    const h = start();
    const result = h.prompter.elicit({ params: form, server });
    await h.sees('› Name');
    await h.passGuard();
    await h.press('Ada\r');
    await h.quiet();
    expect(h.prompter.getSnapshot().current?.kind).toBe('elicitation');
    expect(h.text()).not.toContain(en.t('mcp.elicitation.error.required', { field: 'Name' }));

    const question = h.prompter.elicit({ params: confirm, server });
    await h.press(ESC);
    expect(await result).toEqual({ action: 'cancel' });
    await h.sees('every');
    await h.passGuard();
    await h.press(`${DOWN}\r`); // to the Confirm and Enter, together: not an answer
    await h.sees(`› 3. ${en.t('mcp.elicitation.action.confirm')}`);
    await h.quiet();
    expect(h.prompter.getSnapshot().current?.kind).toBe('elicitation');
    await h.press('\r');
    expect(await question).toEqual({ action: 'accept', content: {} });
  });

  it('numbers the answers in the web order and draws the markdown message as text', async () => {
    const h = start();
    const result = h.prompter.elicit({ params: confirm, server });
    await h.sees(`3. ${en.t('mcp.elicitation.action.confirm')}`);
    const text = h.text();
    const order = [
      `1. ${en.t('mcp.elicitation.action.cancel')}`,
      `› 2. ${en.t('mcp.elicitation.action.decline_confirm')}`,
      `3. ${en.t('mcp.elicitation.action.confirm')}`,
    ].map((label) => text.indexOf(label));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain(en.t('mcp.elicitation.detail.decline'));
    expect(text).toContain('Delete every note?');
    expect(text).toContain('• see docs (evil.example)');
    expect(text).not.toContain('https://evil.example/x');
    expect(text).not.toContain('**');
    // Bold is drawn with the terminal's bold style, not with the asterisks.
    expect(h.terminal.raw).toContain(`${ESC}[1mevery`);
    await h.passGuard();
    await h.press('1');
    expect(await result).toEqual({ action: 'cancel' });
  });
});
