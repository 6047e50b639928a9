import type { IntlConfig } from '@formatjs/intl';
import type { MessageId, MessageValues } from './generated/message-ids.js';

/** One message precompiled to the ICU AST that @formatjs/intl formats without parsing. */
export type CompiledMessage = Extract<
  IntlConfig['messages'],
  Record<string, readonly unknown[]>
>[string];

/** A whole precompiled catalog: one AST per message id. */
export type CompiledMessages = Readonly<Record<MessageId, CompiledMessage>>;

/** The arguments `t(id, …)` takes: nothing for a message without placeholders, else its values. */
export type MessageArgs<K extends MessageId> = [MessageValues[K]] extends [never]
  ? []
  : [values: MessageValues[K]];

/** Ids of the messages without placeholders: `t(id)` needs no values. */
export type PlainMessageId = {
  [K in MessageId]: [MessageValues[K]] extends [never] ? K : never;
}[MessageId];
