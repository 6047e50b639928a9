import type { Translator } from '@mcp-consent/i18n';
import { partAttrs, type PartProps } from './anatomy.js';
import { resolveTranslator } from './core.js';

/** Show "Checking permissions…" only when the lookup takes longer than this (spec R4.1). */
export const CHECKING_DELAY_MS = 100;

export interface CheckingApi {
  text: string;
  props: { checking: PartProps };
}

/**
 * The "Checking permissions…" status shown while the engine hashes arguments or waits
 * for its store (the engine's `checking` count is above zero for longer than
 * {@link CHECKING_DELAY_MS}). A polite live region, never a dialog.
 */
export function connectChecking(
  options: { translator?: Translator; locale?: string | readonly string[] } = {},
): CheckingApi {
  const t = resolveTranslator(options);
  return {
    text: t.t('mcp.permission.checking'),
    props: {
      checking: {
        ...partAttrs('permission', 'checking'),
        role: 'status',
        'aria-live': 'polite',
        'aria-busy': 'true',
        dir: t.dir,
        lang: t.locale,
      },
    },
  };
}
