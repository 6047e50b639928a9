/**
 * Server text in the terminal: a run of hidden characters is one bracketed label in its own
 * style, never a row of codes, and never the raw characters.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import { TextCleaner } from '../../prompt/src/core.js';
import { serverTextSpans, ServerTextView } from '../src/server-text.js';

const ZW200 = '\u200B'.repeat(200);
const clean = (text: string, locale = 'en-US') =>
  new TextCleaner('escape', createTranslator(locale)).serverText(text, 2000, true);
const ESC = '\u001b';

describe('ServerTextView (Ink)', () => {
  it('shows 200 zero-width characters as "[200 hidden characters]", not codes or the characters', () => {
    const { lastFrame, unmount } = render(<ServerTextView value={clean(`Notes${ZW200} helper`)} />);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Notes');
    expect(frame).toContain('[200 hidden characters]');
    expect(frame).toContain('helper');
    expect(frame).not.toContain('\\u{200B}');
    expect(frame).not.toContain('\u200B');
    unmount();
  });

  it('styles the label apart from the text, and shows a terminal sequence as a label too', () => {
    const value = clean(`red${ESC}[31m alert${ESC}[0m`);
    const { lastFrame, unmount } = render(<ServerTextView value={value} color={false} />);
    const frame = lastFrame() ?? '';
    expect(frame.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '')).toBe(
      'red[5 hidden characters] alert[4 hidden characters]',
    );
    // The label is dim (SGR 2) and the server's words are not; the server's own red never shows.
    expect(frame).toContain(`${ESC}[2m[5 hidden characters]`);
    expect(frame).not.toContain(`${ESC}[31m`);
    unmount();
  });

  it('gives the spans the prompt lines are made of, in the locale', () => {
    expect(serverTextSpans(clean(`a${ZW200}b`, 'pt-BR'), 'strong')).toEqual([
      { text: 'a', tone: 'strong' },
      { text: '[200 caracteres ocultos]', tone: 'dim' },
      { text: 'b', tone: 'strong' },
    ]);
    expect(serverTextSpans(null)).toEqual([]);
  });
});
