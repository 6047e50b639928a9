import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * An axe-core run on `page`, in legacy mode: axe runs in the page itself.
 * The default mode opens a second blank page per analysis to merge per-frame
 * results, which costs more than the check itself; the fixtures have no
 * cross-origin frames, so both modes see the same document.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/**
 * The locale × colour-scheme pages an axe suite checks: contrast depends on the
 * scheme, text length and direction on the locale, so every scheme and every
 * locale appears at least once (English in both) rather than all six pairs.
 */
export const axePairs = [
  ['en-US', 'light'],
  ['en-US', 'dark'],
  ['pt-BR', 'dark'],
  ['ar', 'light'],
] as const;
