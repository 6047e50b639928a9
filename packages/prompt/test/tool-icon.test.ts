import { createManualClock } from '@mcp-consent/engine';
import { createPermissionPrompt, toolIconFor, TOOL_ICON_MAX_DATA } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { promptRequest } from './support.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const ORIGIN = 'https://notes.example:8443';
const icon = (src: unknown, extra: object = {}) => ({ icons: [{ src, ...extra }] as never });

describe('toolIconFor: the tool’s own icon, only from data: or the server’s own origin', () => {
  it('shows a small data: image (PNG, JPEG, GIF, WebP, SVG)', () => {
    expect(toolIconFor(icon(PNG))).toEqual({ src: PNG });
    expect(toolIconFor(icon(SVG))).toEqual({ src: SVG });
    for (const type of ['jpeg', 'gif', 'webp']) {
      expect(toolIconFor(icon(`data:image/${type};base64,AAAA`))).not.toBeNull();
    }
  });

  it('refuses a data: icon over the size cap, or one that is not an image', () => {
    const big = `data:image/png;base64,${'A'.repeat(TOOL_ICON_MAX_DATA)}`;
    expect(toolIconFor(icon(big))).toBeNull();
    expect(toolIconFor(icon('data:text/html;base64,PHNjcmlwdD4='))).toBeNull();
    expect(toolIconFor(icon('data:image/svg+xml,<svg onload=alert(1)>'))).toBeNull();
    expect(toolIconFor(icon('data:application/octet-stream;base64,AAAA'))).toBeNull();
  });

  it('loads a URL only from the origin the host set for the server', () => {
    expect(toolIconFor(icon(`${ORIGIN}/icons/notes.png`), ORIGIN)).toEqual({
      src: `${ORIGIN}/icons/notes.png`,
    });
    expect(toolIconFor(icon('/icons/notes.png'), ORIGIN)).toEqual({
      src: `${ORIGIN}/icons/notes.png`,
    });
    // Without the host's origin, any other host, scheme, port or credentials: the kit's icon.
    expect(toolIconFor(icon(`${ORIGIN}/icons/notes.png`))).toBeNull();
    for (const src of [
      'https://tracker.example/pixel.png',
      '//tracker.example/pixel.png',
      'https://notes.example/icons/notes.png',
      'http://notes.example:8443/icons/notes.png',
      'https://user:pw@notes.example:8443/icons/notes.png',
      'javascript:alert(1)',
      'file:///etc/passwd',
      `${ORIGIN}/a b.png`,
      `${ORIGIN}/"onerror="x.png`,
    ]) {
      expect(toolIconFor(icon(src), ORIGIN), src).toBeNull();
    }
  });

  it('takes the first icon that passes, and tolerates anything a server may send', () => {
    expect(
      toolIconFor({ icons: [{ src: 'https://evil.example/a.png' }, { src: PNG }] as never }),
    ).toEqual({ src: PNG });
    for (const icons of [undefined, null, 'x', [null], [{}], [{ src: 42 }], { 0: { src: PNG } }]) {
      expect(toolIconFor({ icons: icons as never }, ORIGIN)).toBeNull();
    }
    expect(toolIconFor(icon(PNG), 'not a url')).toEqual({ src: PNG });
    expect(toolIconFor(icon(`${ORIGIN}/a.png`), 'javascript:alert(1)')).toBeNull();
  });
});

describe('the permission model hands the tool’s icon to every renderer', () => {
  const ask = (icons: unknown, server = { id: 'notes', origin: ORIGIN }) =>
    createPermissionPrompt(
      promptRequest({ name: 'notes_list', icons: icons as never }, { server }),
      { clock: createManualClock() },
    ).connect().fromServer.icon;

  it('in "From the server", from data: or the server’s origin as the host set it', () => {
    expect(ask([{ src: PNG }])).toEqual({ src: PNG });
    expect(ask([{ src: `${ORIGIN}/notes.png` }])).toEqual({ src: `${ORIGIN}/notes.png` });
    expect(ask([{ src: `${ORIGIN}/notes.png` }], { id: 'notes' } as never)).toBeNull();
    expect(ask(undefined)).toBeNull();
  });
});
