import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * An axe-core run on `page`, in legacy mode: axe runs in the page itself.
 * The default mode opens a second blank page per analysis to merge per-frame
 * results, which costs more than the check itself; the fixtures have no
 * cross-origin frames, so both modes see the same document.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new InjectOnceAxeBuilder(page).setLegacyMode(true);
}

/** axe-core's source as `AxeBuilder` sends it: a page that has `axe` already gets a no-op instead. */
type SourceSlot = { axeSource: string | undefined };

/**
 * `AxeBuilder` evaluates axe-core's 550 kB source in the page twice per `analyze()`, which
 * costs about as much as a check of a sheet. This one sends it only to a page without it
 * (a new or reloaded page); axe itself runs the same way.
 */
class InjectOnceAxeBuilder extends AxeBuilder {
  readonly #page: Page;
  constructor(page: Page) {
    super({ page });
    this.#page = page;
  }

  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    const loaded = await this.#page.evaluate(
      () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
    );
    (this as unknown as SourceSlot).axeSource = loaded ? 'void 0' : undefined;
    return super.analyze();
  }
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
