/**
 * The running call's status (`connectCallProgress`), checked the same way on every renderer:
 * Lit `<mcp-call-progress>`, React `<CallProgress>` and Ink `<CallProgress>` each give a
 * `ProgressSurface` and run these checks unmodified.
 */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mcp-consent/i18n';
import type { CallProgress } from '@mcp-consent/prompt';
import { hostileCorpus } from './hostile-corpus.js';

export interface ProgressSurface {
  /** Shows `progress` (null: the call ended) in `locale` (default en-US). */
  show(progress: CallProgress | null, locale?: string): Promise<void>;
  /** What the user reads, and the bar's percentage as the surface states it (null: no number). */
  read(): Promise<{ text: string; percent: number | null }>;
  dispose(): Promise<void>;
}

const en = createTranslator('en-US', { isolateValues: false });
const pt = createTranslator('pt-BR', { isolateValues: false });
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Control, bidi, zero-width and tag characters. */
const unsafe = (c: string) => {
  const code = c.codePointAt(0)!;
  return (
    (code <= 0x1f && c !== '\n') ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff ||
    (code >= 0xe0000 && code <= 0xe007f)
  );
};

export function runProgressChecks(name: string, open: () => Promise<ProgressSurface>): void {
  describe(`running call status: ${name}`, () => {
    it('shows the tool and how far it got, and follows each report', async () => {
      const surface = await open();
      await surface.show({ tool: 'notes_put', progress: 3, total: 10 });
      let seen = await surface.read();
      expect(squash(seen.text)).toContain(en.t('mcp.progress.running', { tool: 'notes_put' }));
      expect(squash(seen.text)).toContain(en.t('mcp.progress.of', { progress: 3, total: 10 }));
      expect(seen.percent).toBe(30);
      await surface.show({ tool: 'notes_put', progress: 7, total: 10 });
      seen = await surface.read();
      expect(squash(seen.text)).toContain('7 of 10');
      expect(seen.percent).toBe(70);
      await surface.show(null);
      expect(squash((await surface.read()).text)).toBe('');
      await surface.dispose();
    });

    it('without a total: a count and no percentage', async () => {
      const surface = await open();
      await surface.show({ tool: 'index', progress: 4 });
      const seen = await surface.read();
      expect(squash(seen.text)).toContain(en.t('mcp.progress.count', { progress: 4 }));
      expect(seen.percent).toBeNull();
      await surface.dispose();
    });

    it("the server's note is shown as its words under the kit's label, cleaned", async () => {
      const surface = await open();
      await surface.show({
        tool: 'copy',
        progress: 1,
        total: 2,
        message: `Copying files ${hostileCorpus.bidi} ${hostileCorpus.ansi} ${hostileCorpus.tags}`,
      });
      const { text } = await surface.read();
      expect(squash(text)).toContain(`${en.t('mcp.progress.server_says')} Copying files`);
      expect([...text].filter(unsafe)).toEqual([]);
      await surface.dispose();
    });

    it('speaks the locale', async () => {
      const surface = await open();
      await surface.show({ tool: 'x', progress: 2, total: 4 }, 'pt-BR');
      const { text } = await surface.read();
      expect(squash(text)).toContain(pt.t('mcp.progress.running', { tool: 'x' }));
      expect(squash(text)).toContain('2 de 4');
      await surface.dispose();
    });
  });
}
