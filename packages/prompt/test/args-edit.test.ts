import { createManualClock } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import {
  createArgsEditor,
  createPermissionPrompt,
  editBlocks,
  mountArgsEditor,
  withEditedArgs,
  type ArgsEditor,
} from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { hostile, promptRequest } from './support.js';

const t = createTranslator('en-US');

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string', title: 'File path', minLength: 1 },
    mode: { type: 'string', enum: ['append', 'overwrite'] },
    count: { type: 'integer', minimum: 1, maximum: 10 },
    dryRun: { type: 'boolean' },
    note: { type: 'string' },
    options: { type: 'object', properties: { a: { type: 'string' } } },
    tags: { type: 'array', items: { type: 'string' } },
    apiKey: { type: 'string' },
  },
  required: ['path', 'count'],
};
const tool = { name: 'write_file', inputSchema: schema };
const args = {
  path: '/tmp/a.txt',
  mode: 'append',
  count: 2,
  options: { a: 'b' },
  apiKey: 'k-123',
  extra: 1,
};

function editorFor(
  callArgs: unknown = args,
  inputSchema: unknown = schema,
  editable = true,
): ArgsEditor | null {
  const request = promptRequest({ ...tool, inputSchema }, { args: callArgs, editable });
  return createArgsEditor(request, { translator: t });
}
const open = (editor: ArgsEditor | null) => {
  editor!.connect().setOpen(true);
  return editor!;
};
const field = (editor: ArgsEditor, name: string) =>
  editor.connect().form.fields.find((f) => f.name === name);

describe('args editor: which arguments can be edited', () => {
  it('shows string, enum, integer and boolean arguments as fields with the current values', () => {
    const api = editorFor()!.connect();
    expect(api.form.fields.map((f) => [f.name, f.kind, f.value])).toEqual([
      ['path', 'text', '/tmp/a.txt'],
      ['mode', 'select', 'append'],
      ['count', 'integer', '2'],
      ['dryRun', 'boolean', false],
      ['note', 'text', ''],
    ]);
    expect(api.form.fields[0]!.label).toBe('File path');
  });

  it('names nested, array, secret-looking and unlisted arguments as kept as asked', () => {
    const api = editorFor()!.connect();
    expect(api.readOnly).toBe('Not editable here, sent as asked: options, apiKey, extra');
    expect(api.form.fields.some((f) => f.name === 'apiKey')).toBe(false);
  });

  it('keeps multi-line text, hidden characters and credentials out of the inputs', () => {
    const api = editorFor({
      path: 'a\nb',
      note: hostile.bidi,
      mode: 'sideways',
      count: 'two',
    })!.connect();
    expect(api.form.fields.map((f) => f.name)).toEqual(['dryRun']);
    const secret = editorFor({ path: '/x', note: 'Bearer abcdefghijklmnopqrstuvwxyz', count: 1 });
    expect(secret!.connect().form.fields.map((f) => f.name)).not.toContain('note');
  });

  it('is not editable when the request is not, or nothing in the schema fits a control', () => {
    expect(editorFor(args, schema, false)).toBeNull();
    expect(
      editorFor({ q: [1] }, { type: 'object', properties: { q: { type: 'array' } } }),
    ).toBeNull();
    expect(editorFor(['not', 'an', 'object'])).toBeNull();
    expect(editorFor(args, { type: 'string' })).toBeNull();
  });

  it('cleans titles and descriptions from the schema', () => {
    const hostileSchema = {
      type: 'object',
      properties: { path: { type: 'string', title: hostile.ansi, description: hostile.html } },
    };
    const api = editorFor({ path: 'x' }, hostileSchema)!.connect();
    expect(api.form.fields[0]!.label).not.toContain('\u001b');
    expect(api.form.fields[0]!.description).toContain('<img');
  });
});

describe('args editor: edits and the answer', () => {
  it('runs as asked while closed or unchanged: the answer carries no args', () => {
    const editor = editorFor()!;
    expect(withEditedArgs(editor, 'allow_once')).toBe('allow_once');
    open(editor);
    expect(editor.connect().result).toEqual({ kind: 'unchanged' });
    expect(withEditedArgs(editor, 'allow_once')).toBe('allow_once');
  });

  it('an allow carries the edited args, typed by the schema, other arguments kept as asked', () => {
    const editor = open(editorFor());
    const api = editor.connect();
    api.setValue('path', '/tmp/b.txt');
    editor.connect().setValue('count', '5');
    editor.connect().setValue('dryRun', true);
    expect(withEditedArgs(editor, 'allow_once')).toEqual({
      choice: 'allow_once',
      args: {
        path: '/tmp/b.txt',
        mode: 'append',
        count: 5,
        options: { a: 'b' },
        apiKey: 'k-123',
        extra: 1,
        dryRun: true,
      },
    });
    expect(withEditedArgs(editor, { choice: 'allow_always', session: true })).toMatchObject({
      choice: 'allow_always',
      session: true,
      args: { path: '/tmp/b.txt' },
    });
    expect(editor.connect().status).toBe(
      'Edited arguments: path, count, dryRun. Allow runs the call with your changes',
    );
  });

  it('a deny never carries args and is never held back', () => {
    const editor = open(editorFor());
    editor.connect().setValue('count', '99');
    expect(withEditedArgs(editor, 'deny_once')).toBe('deny_once');
    expect(editBlocks(editor, 'deny_always')).toBeNull();
  });

  it('an invalid edit blocks allow with the reason, and every error shows', () => {
    const editor = open(editorFor());
    editor.connect().setValue('count', '99');
    expect(editBlocks(editor, 'allow_once')).toBe('Allow is off until 1 argument is fixed');
    expect(field(editor, 'count')!.error).toBe('count must be at most 10');
    editor.connect().setValue('path', '');
    expect(editor.connect().blockedReason).toBe('Allow is off until 2 arguments are fixed');
    expect(field(editor, 'path')!.inputProps['aria-invalid']).toBe('true');
  });

  it('emptying an optional argument removes it; closing discards the edits', () => {
    const editor = open(editorFor());
    editor.connect().setValue('mode', '');
    expect(withEditedArgs(editor, 'allow_once')).toMatchObject({ args: { path: '/tmp/a.txt' } });
    expect('mode' in (withEditedArgs(editor, 'allow_once') as { args: object }).args).toBe(false);
    editor.connect().setOpen(false);
    expect(withEditedArgs(editor, 'allow_once')).toBe('allow_once');
    editor.connect().setOpen(true);
    expect(field(editor, 'mode')!.value).toBe('append');
  });

  it('a __proto__ argument stays an argument', () => {
    const protoSchema = {
      type: 'object',
      properties: JSON.parse('{"__proto__": {"type": "string"}}') as object,
    };
    const editor = open(editorFor(JSON.parse('{"__proto__": "a"}'), protoSchema));
    editor.connect().setValue('__proto__', 'b');
    const answer = withEditedArgs(editor, 'allow_once') as { args: object };
    expect(Object.getOwnPropertyDescriptor(answer.args, '__proto__')?.value).toBe('b');
    expect(Object.getPrototypeOf(answer.args)).toBe(Object.prototype);
  });
});

type Props = Readonly<Record<string, string | boolean | undefined>>;

describe('mountArgsEditor', () => {
  const view = {
    actions: (['allow_once', 'allow_always', 'deny_once', 'deny_always'] as const).map(
      (choice) => ({
        choice,
        enabled: true,
        disabledReason: null,
      }),
    ),
    getActionProps: (choice: string): Props => ({ id: `a-${choice}` }),
    getActionReasonProps: (choice: string): Props => ({ id: `r-${choice}`, hidden: true }),
  };

  it('turns the allow actions off with the reason while an edit is invalid, deny stays on', () => {
    const editor = open(editorFor());
    expect(mountArgsEditor(view, editor).actions.every((a) => a.enabled)).toBe(true);
    editor.connect().setValue('count', '0');
    const mounted = mountArgsEditor(view, editor);
    expect(mounted.actions.map((a) => [a.choice, a.enabled])).toEqual([
      ['allow_once', false],
      ['allow_always', false],
      ['deny_once', true],
      ['deny_always', true],
    ]);
    expect(mounted.actions[0]!.disabledReason).toBe('Allow is off until 1 argument is fixed');
    expect(mounted.getActionProps('allow_once')).toMatchObject({
      'aria-disabled': 'true',
      'aria-describedby': 'r-allow_once',
    });
    expect(mounted.getActionReasonProps('allow_once').hidden).toBe(false);
    // One reason line for both allows, named by each.
    expect(mounted.getActionReasonProps('allow_always').hidden).toBe(true);
    expect(mounted.getActionProps('allow_always')['aria-describedby']).toBe('r-allow_once');
    expect(mounted.getActionProps('deny_once')['aria-disabled']).toBeUndefined();
    expect(mountArgsEditor(view, null).editor).toBeNull();
  });
});

describe('permission prompt with "Edit arguments"', () => {
  const sheet = (editable = true) => {
    const clock = createManualClock();
    const answers: unknown[] = [];
    const request = promptRequest(tool, { args, editable });
    const model = createPermissionPrompt(request, {
      clock,
      translator: t,
      onAnswer: (choice, answer) => answers.push(answer ?? choice),
    });
    clock.advance(1000);
    return { model, answers };
  };

  it('an allow after an edit runs the edited call', () => {
    const { model, answers } = sheet();
    model.connect().editor!.setOpen(true);
    model.connect().editor!.setValue('path', '/tmp/b.txt');
    expect(model.connect().choose('allow_once')).toEqual({ accepted: true });
    expect(answers).toEqual([{ choice: 'allow_once', args: { ...args, path: '/tmp/b.txt' } }]);
  });

  it('an invalid edit turns Allow off with the reason; Deny still answers, without args', () => {
    const { model, answers } = sheet();
    model.connect().editor!.setOpen(true);
    model.connect().editor!.setValue('count', 'lots');
    const api = model.connect();
    expect(api.actions.find((a) => a.choice === 'allow_once')).toMatchObject({
      enabled: false,
      disabledReason: 'Allow is off until 1 argument is fixed',
    });
    expect(api.editor!.status).toBe('Allow is off until 1 argument is fixed');
    expect(api.choose('allow_once')).toEqual({ accepted: false, reason: 'disabled' });
    expect(api.handleKey('1')).toMatchObject({ accepted: false, reason: 'disabled' });
    expect(api.choose('deny_once')).toEqual({ accepted: true });
    expect(answers).toEqual(['deny_once']);
  });

  it('no editor when the request is not editable', () => {
    expect(sheet(false).model.connect().editor).toBeNull();
  });
});

describe('mountArgsEditor with an allow already off', () => {
  it('keeps the reason Allow always had (destructive) and still gates Allow once', () => {
    const editor = open(editorFor());
    editor.connect().setValue('count', '0');
    const mounted = mountArgsEditor(
      {
        actions: [
          { choice: 'allow_once' as const, enabled: true, disabledReason: null },
          { choice: 'allow_always' as const, enabled: false, disabledReason: 'May destroy data' },
        ],
        getActionProps: (choice: string): Props => ({ id: `a-${choice}` }),
        getActionReasonProps: (choice: string): Props => ({ id: `r-${choice}`, hidden: true }),
      },
      editor,
    );
    expect(mounted.actions.map((a) => a.disabledReason)).toEqual([
      'Allow is off until 1 argument is fixed',
      'May destroy data',
    ]);
  });
});
