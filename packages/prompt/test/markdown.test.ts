/**
 * The safe markdown subset: what each construct becomes, and that hostile input stays text
 * (no HTML, no clickable or disguised link) and costs bounded work.
 */
import { MARKDOWN_LIMITS, markdownText, parseInline, parseMarkdown } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';

describe('parseMarkdown', () => {
  it('reads paragraphs, bullets, numbered items, headings and fenced code', () => {
    const blocks = parseMarkdown(
      '# Plan\nFirst line\nsecond line\n\n- a\n* b\n3. c\n```\n**not bold** <b>\n```\nend',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', runs: [{ kind: 'strong', text: 'Plan' }] },
      { kind: 'paragraph', runs: [{ kind: 'text', text: 'First line\nsecond line' }] },
      { kind: 'item', marker: '•', runs: [{ kind: 'text', text: 'a' }] },
      { kind: 'item', marker: '•', runs: [{ kind: 'text', text: 'b' }] },
      { kind: 'item', marker: '3.', runs: [{ kind: 'text', text: 'c' }] },
      { kind: 'code', runs: [{ kind: 'code', text: '**not bold** <b>' }] },
      { kind: 'paragraph', runs: [{ kind: 'text', text: 'end' }] },
    ]);
  });

  it('reads emphasis, strong and code; snake_case and lone markers stay as they are', () => {
    expect(parseInline('*a* __b__ `c` snake_case_name 2 * 3 **open')).toEqual([
      { kind: 'emphasis', text: 'a' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' snake_case_name 2 * 3 **open' },
    ]);
  });

  it('keeps raw HTML and script as literal text', () => {
    const text = '<script>alert(1)</script> <img src=x onerror=alert(1)> <b>bold</b>';
    expect(parseMarkdown(text)).toEqual([{ kind: 'paragraph', runs: [{ kind: 'text', text }] }]);
  });

  it('shows a link as its text and the real host of its target, never the target', () => {
    expect(parseInline('[https://bank.example](https://evil.example/login)')).toEqual([
      { kind: 'link', text: 'https://bank.example', host: 'evil.example' },
    ]);
    expect(parseInline('[login](https://bank.example@evil.example/)')).toEqual([
      { kind: 'link', text: 'login', host: 'evil.example' },
    ]);
    expect(markdownText(parseMarkdown('see [docs](https://evil.example)'))).toBe(
      'see docs (evil.example)',
    );
  });

  it('gives javascript:, data: and relative targets no host at all', () => {
    for (const target of [
      'javascript:alert`1`',
      'data:text/html,<b>x</b>',
      '/relative',
      'JaVaScRiPt:x',
    ]) {
      expect(parseInline(`[click](${target})`)).toEqual([
        { kind: 'link', text: 'click', host: null },
      ]);
    }
  });

  it('never nests: an emphasis bomb is one flat run or plain text', () => {
    const bomb = '*'.repeat(3000) + 'x' + '*'.repeat(3000);
    const blocks = parseMarkdown(bomb);
    const runs = blocks.flatMap((block) => block.runs);
    expect(runs.length).toBeLessThanOrEqual(MARKDOWN_LIMITS.runs + 1);
    // Every character is still shown; nothing turned into markup.
    expect(
      runs
        .map((run) => run.text)
        .join('')
        .replaceAll('*', ''),
    ).toBe('x');
    const nested = '**a *b **c *d* c** b* a**';
    const flat = parseInline(nested);
    // Runs are flat strings: an inner marker is kept as text, never a run in a run.
    expect(flat.every((run) => typeof run.text === 'string')).toBe(true);
    expect(flat.map((run) => run.text).join('').length).toBeLessThanOrEqual(nested.length);
    expect(flat).toContainEqual({ kind: 'strong', text: 'c *d* c' });
  });

  it('caps input, blocks and runs', () => {
    const long = 'a'.repeat(MARKDOWN_LIMITS.input * 3);
    expect(markdownText(parseMarkdown(long)).length).toBe(MARKDOWN_LIMITS.input);
    const many = Array.from({ length: 1000 }, (_, i) => `- item ${i}`).join('\n');
    expect(parseMarkdown(many).length).toBeLessThanOrEqual(MARKDOWN_LIMITS.blocks + 1);
    const runs = parseInline('`x` '.repeat(2000));
    // The run that reaches the cap, its plain text before it, and the rest as one plain run.
    expect(runs.length).toBeLessThanOrEqual(MARKDOWN_LIMITS.runs + 2);
    expect(runs.at(-1)).toMatchObject({ kind: 'text' });
  });

  it("a backslash makes a marker literal but leaves the cleaner's \\u{…} codes alone", () => {
    expect(parseInline('\\*not\\* \\u{200B}')).toEqual([{ kind: 'text', text: '*not* \\u{200B}' }]);
  });

  it('unclosed links and brackets stay text', () => {
    expect(parseInline('[a](b')).toEqual([{ kind: 'text', text: '[a](b' }]);
    expect(parseInline('[[[[x](https://a.example)')).toEqual([
      { kind: 'text', text: '[[[' },
      { kind: 'link', text: 'x', host: 'a.example' },
    ]);
  });
});
