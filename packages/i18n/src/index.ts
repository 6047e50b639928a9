export { createTranslator, type Translator, type TranslatorOptions } from './translator.js';
export {
  supportedLocales,
  defaultLocale,
  pseudoLocale,
  getDirection,
  isSupportedLocale,
  negotiateLocale,
  normalizeTag,
  localesFromEnv,
  type Locale,
  type Direction,
  type NegotiateOptions,
} from './locales.js';
export { messageIds, type MessageId, type MessageValues } from './generated/message-ids.js';
export { catalogs } from './catalogs.js';
export type { CompiledMessage, CompiledMessages, MessageArgs, PlainMessageId } from './types.js';
