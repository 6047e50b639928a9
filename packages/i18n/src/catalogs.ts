import { messages as ar } from './generated/ar.js';
import { messages as deDE } from './generated/de-DE.js';
import { messages as enUS } from './generated/en-US.js';
import { messages as esES } from './generated/es-ES.js';
import { messages as jaJP } from './generated/ja-JP.js';
import { messages as ptBR } from './generated/pt-BR.js';
import type { Locale } from './locales.js';
import { pseudoCatalog } from './pseudo.js';
import type { CompiledMessages } from './types.js';

let pseudo: CompiledMessages | undefined;

/** The precompiled catalogs, one per supported locale; en-XA is made from en-US when first read. */
export const catalogs: Readonly<Record<Locale, CompiledMessages>> = {
  'en-US': enUS,
  'pt-BR': ptBR,
  'es-ES': esES,
  'de-DE': deDE,
  'ja-JP': jaJP,
  ar,
  get 'en-XA'() {
    return (pseudo ??= pseudoCatalog(enUS));
  },
};
