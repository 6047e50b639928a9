import { createManualClock } from '@mcp-consent/engine';
import { createRootsPrompt, rootsAnatomy, type RootsRequest } from '@mcp-consent/prompt';
import { describe, expect, it, vi } from 'vitest';
import { hostileCorpus, hostileEverything } from '../../../test/scenarios/hostile-corpus.js';
import { server } from './support.js';

const request: RootsRequest = {
  id: 'roots-1',
  server,
  roots: [
    { uri: 'file:///home/ana/project', name: 'Project' },
    { uri: 'file:///home/ana/notes' },
    { uri: 'file:///home/ana/secret', name: 'Secret\u202e txt.exe' },
  ],
};

/** A model past its input guard. */
function open(overrides: Partial<RootsRequest> = {}) {
  const clock = createManualClock();
  const onResult = vi.fn();
  const model = createRootsPrompt({ ...request, ...overrides }, { clock, onResult });
  clock.advance(500);
  return { model, onResult, clock };
}

describe('roots model', () => {
  it('says who asks and lists the host roots, none checked, Share none focused', () => {
    const { model } = open();
    const api = model.connect();
    expect(api.title).toBe('Share folders with this server?');
    expect(api.intro).toBe(
      'Files asks which of your folders it may see. Nothing is shared unless you check it.',
    );
    expect(api.server).toMatchObject({ id: 'files', name: 'Files', trusted: false });
    expect(api.items.map((item) => [item.name, item.uri, item.checked])).toEqual([
      ['Project', 'file:///home/ana/project', false],
      ['notes', 'file:///home/ana/notes', false],
      ['Secret[1 hidden character] txt.exe', 'file:///home/ana/secret', false],
    ]);
    expect(api.count).toBe('0 of 3 selected');
    expect(api.actions.map((a) => [a.label, a.isDefault])).toEqual([
      ['Share selected', false],
      ['Share none', true],
    ]);
    expect(api.grains.map((g) => [g.label, g.selected])).toEqual([
      ['Remember for this server', true],
      ['Only this time', false],
    ]);
    expect(api.defaultFocus).toBe('share_none');
    expect(api.focused).toBe('share_none');
    expect(api.escapeAction).toBe('share_none');
    // A bidi override in a root's name is shown, never obeyed.
    expect(api.notices.map((n) => n.kind)).toEqual(['hidden_characters']);
  });

  it('shares exactly the checked roots, with the URIs as the host gave them', () => {
    const { model, onResult } = open();
    model.connect().toggle(0);
    model.connect().handleKey('3');
    model.connect().handleKey('3');
    expect(model.connect().count).toBe('1 of 3 selected');
    expect(model.connect().choose('share')).toEqual({ accepted: true });
    expect(onResult).toHaveBeenCalledExactlyOnceWith({
      answer: 'share',
      uris: ['file:///home/ana/project'],
      grain: 'server',
    });
    expect(model.connect().choose('share_none')).toEqual({ accepted: false, reason: 'settled' });
  });

  it('Escape shares none and remembers nothing, whatever was ticked', () => {
    const { model, onResult } = open();
    model.connect().handleKey('1');
    model.connect().handleKey('Escape');
    expect(onResult).toHaveBeenCalledExactlyOnceWith({
      answer: 'share_none',
      uris: [],
      grain: 'once',
    });
  });

  it('Space toggles the focused root or grain, Enter answers with the focused action', () => {
    const { model, onResult } = open();
    model.connect().handleKey('Home');
    expect(model.connect().focused).toBe('root-0');
    model.connect().handleKey(' ');
    model.connect().handleKey('ArrowDown');
    model.connect().handleKey('ArrowDown');
    model.connect().handleKey('ArrowDown');
    model.connect().handleKey('ArrowDown');
    expect(model.connect().focused).toBe('grain-once');
    model.connect().handleKey(' ');
    model.connect().handleKey('ArrowDown');
    expect(model.connect().focused).toBe('share');
    model.connect().handleKey('Enter');
    expect(onResult).toHaveBeenCalledExactlyOnceWith({
      answer: 'share',
      uris: ['file:///home/ana/project'],
      grain: 'once',
    });
  });

  it('Share selected with nothing ticked shares nothing', () => {
    const { model, onResult } = open();
    model.connect().choose('share');
    expect(onResult).toHaveBeenCalledWith({ answer: 'share_none', uris: [], grain: 'server' });
  });

  it('ignores ticks and answers during the input guard, and held keys', () => {
    const clock = createManualClock();
    const onResult = vi.fn();
    const model = createRootsPrompt(request, { clock, onResult });
    expect(model.connect().handleKey('1').outcome).toEqual({ accepted: false, reason: 'guard' });
    expect(model.connect().handleKey('Enter').outcome).toEqual({
      accepted: false,
      reason: 'guard',
    });
    expect(model.connect().guard.active).toBe(true);
    clock.advance(500);
    expect(model.connect().handleKey({ key: '1', repeat: true }).outcome).toEqual({
      accepted: false,
      reason: 'guard',
    });
    expect(model.connect().items[0]!.checked).toBe(false);
    expect(onResult).not.toHaveBeenCalled();
  });

  it('closes when the request is settled elsewhere', () => {
    const clock = createManualClock();
    const controller = new AbortController();
    const onResult = vi.fn();
    const model = createRootsPrompt(request, { clock, onResult, signal: controller.signal });
    controller.abort();
    expect(model.connect().status).toBe('closed');
    expect(model.connect().notices.map((n) => n.kind)).toContain('settled_elsewhere');
    clock.advance(500);
    expect(model.connect().choose('share')).toEqual({ accepted: false, reason: 'settled' });
    expect(onResult).not.toHaveBeenCalled();
  });

  it('computes the a11y contract: dialog, labelled checkboxes, a radio group, ids', () => {
    const { model } = open();
    const api = model.connect();
    const { props } = api;
    expect(props.root).toMatchObject({
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'mcp-consent-roots-1-title',
      'aria-describedby': 'mcp-consent-roots-1-intro mcp-consent-roots-1-count',
    });
    expect(props.list).toMatchObject({
      role: 'group',
      'aria-labelledby': 'mcp-consent-roots-1-list-heading',
    });
    expect(props['list-heading']).toMatchObject({ id: 'mcp-consent-roots-1-list-heading' });
    expect(api.getCheckboxProps(1)).toMatchObject({
      type: 'checkbox',
      id: 'mcp-consent-roots-1-root-1',
      'aria-labelledby': 'mcp-consent-roots-1-root-1-name',
      'aria-describedby': 'mcp-consent-roots-1-root-1-uri',
      'aria-keyshortcuts': '2',
    });
    expect(api.getNameProps(1)).toMatchObject({ id: 'mcp-consent-roots-1-root-1-name' });
    expect(api.getUriProps(1)).toMatchObject({ id: 'mcp-consent-roots-1-root-1-uri', dir: 'ltr' });
    expect(props.grains).toMatchObject({ role: 'radiogroup' });
    expect(api.getGrainProps('once')).toMatchObject({ type: 'radio', value: 'once' });
    expect(props.close).toMatchObject({ 'aria-label': 'Share none' });
    for (const part of Object.keys(props)) expect(rootsAnatomy).toContain(part);
  });

  it('says so when the host has no roots', () => {
    const { model } = open({ roots: [] });
    expect(model.connect().empty).toBe('This app has no folders to share.');
    expect(model.connect().props.list?.hidden).toBe(true);
  });

  it('speaks every locale', () => {
    const clock = createManualClock();
    const model = createRootsPrompt(request, { clock, locale: 'de-DE' });
    expect(model.connect().actions.map((a) => a.label)).toEqual([
      'Auswahl teilen',
      'Nichts teilen',
    ]);
  });
});

/** A control, bidi, zero-width or tag character: never shown raw. */
const unsafe = (char: string) => {
  const code = char.codePointAt(0)!;
  return (
    (code < 0x20 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff ||
    (code >= 0xe0000 && code <= 0xe007f)
  );
};

describe('roots model: the hostile corpus', () => {
  it('every trick in a root name, a URI or the server name is shown as inert text', () => {
    const clock = createManualClock();
    const entries = Object.values(hostileCorpus);
    const model = createRootsPrompt(
      {
        id: 'hostile',
        server: { id: 'evil', name: hostileEverything },
        roots: entries.map((text, i) => ({ uri: `file:///r/${i}/${text}`, name: text })),
      },
      { clock },
    );
    const api = model.connect();
    const shown = [api.server.name, api.intro, ...api.items.flatMap((i) => [i.name, i.uri])];
    for (const text of shown) {
      // No control, bidi, zero-width or tag character reaches a renderer.
      expect([...text].filter(unsafe)).toEqual([]);
    }
    expect(api.items).toHaveLength(entries.length);
    expect(api.notices.map((n) => n.kind)).toContain('hidden_characters');
  });
});
