/**
 * `@mcp-consent/i18n/apps`: the copy of the kit's own apps (the terminal host's `mcp.cli.*`,
 * the playground's `mcp.playground.*`), kept out of the library catalogs so that a host's
 * bundle of a renderer never carries it. Only the apps import this entry.
 */
import { catalogs } from './catalogs.js';
import { messages as ar } from './generated/apps/ar.js';
import { messages as deDE } from './generated/apps/de-DE.js';
import { messages as enUS } from './generated/apps/en-US.js';
import { messages as esES } from './generated/apps/es-ES.js';
import { messages as jaJP } from './generated/apps/ja-JP.js';
import { messages as ptBR } from './generated/apps/pt-BR.js';
import type { AppMessageId, AppMessageValues } from './generated/apps/message-ids.js';
import type { MessageId, MessageValues } from './generated/message-ids.js';
import { defaultLocale, type Locale } from './locales.js';
import { pseudoCatalog } from './pseudo.js';
import { buildTranslator, type Translator, type TranslatorOptions } from './translator.js';
import type { CompiledMessage } from './types.js';

export {
  appMessageIds,
  type AppMessageId,
  type AppMessageValues,
} from './generated/apps/message-ids.js';

/** A whole precompiled app catalog: one AST per app message id. */
export type AppCompiledMessages = Readonly<Record<AppMessageId, CompiledMessage>>;

let pseudo: AppCompiledMessages | undefined;

/** The precompiled app catalogs, one per supported locale; en-XA is made from en-US when first read. */
export const appCatalogs: Readonly<Record<Locale, AppCompiledMessages>> = {
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

/** Every id an app translator knows: the library's and the apps'. */
export type AnyMessageId = MessageId | AppMessageId;

/** The values of every message an app translator knows. */
export type AnyMessageValues = MessageValues & AppMessageValues;

/** The arguments `t(id, …)` takes for a library or app message. */
export type AnyMessageArgs<K extends AnyMessageId> = [AnyMessageValues[K]] extends [never]
  ? []
  : [values: AnyMessageValues[K]];

/**
 * A {@link Translator} whose `t` also takes the app message ids. It is a `Translator`, so
 * the apps hand it to the renderers and the MCP binding as is.
 */
export interface AppTranslator extends Translator {
  /** Formats a library or app message; values are required exactly when it has placeholders. */
  t<K extends AnyMessageId>(id: K, ...args: AnyMessageArgs<K>): string;
  /** Same as {@link AppTranslator.t}. */
  formatMessage<K extends AnyMessageId>(id: K, ...args: AnyMessageArgs<K>): string;
}

const merged = new Map<Locale, Readonly<Record<AnyMessageId, CompiledMessage>>>();

function messagesFor(locale: Locale): Readonly<Record<AnyMessageId, CompiledMessage>> {
  let table = merged.get(locale);
  if (!table) {
    table = { ...catalogs[locale], ...appCatalogs[locale] };
    merged.set(locale, table);
  }
  return table;
}

/**
 * The translator of an app: like `createTranslator` (same negotiation, options and
 * caching), over the library catalogs and the app catalogs of the locale.
 */
export function createAppTranslator(
  locale: string | readonly string[] = defaultLocale,
  options: TranslatorOptions = {},
): AppTranslator {
  return buildTranslator('apps', messagesFor, locale, options) as AppTranslator;
}
