import type { ServerRef } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { partAttrs, type PartProps } from './anatomy.js';
import { TEXT_LIMITS, type TextCleaner } from './core.js';

/** The server chip every sheet shows. */
export interface ServerChip {
  id: string;
  /** The server's name, sanitized; its id when it gave none. */
  name: string;
  /** "from <server>". */
  from: string;
  /** From the host's configuration of the connection, never from the server. */
  trusted: boolean;
  trustLabel: string;
}

/** Builds the chip once per request: the name is server text, cleaned through `cleaner`. */
export function serverChip(server: ServerRef, cleaner: TextCleaner, t: Translator): ServerChip {
  const name =
    cleaner.text(server.name ?? '', TEXT_LIMITS.serverName).trim() ||
    cleaner.text(server.id, TEXT_LIMITS.serverName);
  const trusted = server.trusted === true;
  return {
    id: server.id,
    name,
    from: t.t('mcp.permission.from', { server: name }),
    trusted,
    trustLabel: t.t(trusted ? 'mcp.permission.server.trusted' : 'mcp.permission.server.untrusted'),
  };
}

/** The parts around the server chip, the same in every sheet. */
export function serverParts(scope: string, trusted: boolean) {
  return {
    'server-chip': {
      ...partAttrs(scope, 'server-chip'),
      dir: 'auto',
      translate: 'no',
      'data-trusted': String(trusted),
    },
    trust: { ...partAttrs(scope, 'trust'), 'data-trusted': String(trusted) },
  } satisfies Record<string, PartProps>;
}

export interface DialogPartsOptions {
  /** The ids of the dialog and of its title. */
  ids: { root: string; title: string };
  /** Ids of what names the dialog, in reading order. */
  labelledBy: string;
  /** Ids of what describes the dialog, in reading order. */
  describedBy: string;
  t: Pick<Translator, 'dir' | 'locale'>;
  status: string;
  guardActive: boolean;
  /** Extra `data-*` attributes on the root (the tier, the mode). */
  data?: Record<string, string>;
}

/** The modal dialog root, its backdrop, header and title, the same in every sheet. */
export function dialogParts(scope: string, options: DialogPartsOptions) {
  const attrs = (part: string) => partAttrs(scope, part);
  return {
    root: {
      ...attrs('root'),
      id: options.ids.root,
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': options.labelledBy,
      'aria-describedby': options.describedBy,
      dir: options.t.dir,
      lang: options.t.locale,
      ...options.data,
      'data-state': options.status,
      'data-guard': options.guardActive ? 'active' : 'idle',
    },
    backdrop: { ...attrs('backdrop'), 'aria-hidden': 'true' },
    header: attrs('header'),
    title: { ...attrs('title'), id: options.ids.title },
  } satisfies Record<string, PartProps>;
}

export interface FooterPartsOptions {
  /** The id of the sheet's title, which names the actions group. */
  titleId: string;
  guardActive: boolean;
  /** The close button's accessible name: the answer Escape gives. */
  closeLabel: string;
  keyHintId?: string;
  announcerId?: string;
}

/** The actions group, key hint, guard notice, close button and live announcer of a sheet. */
export function footerParts(scope: string, options: FooterPartsOptions) {
  const attrs = (part: string) => partAttrs(scope, part);
  const withId = (id: string | undefined) => (id === undefined ? {} : { id });
  return {
    actions: { ...attrs('actions'), role: 'group', 'aria-labelledby': options.titleId },
    'key-hint': { ...attrs('key-hint'), ...withId(options.keyHintId) },
    guard: { ...attrs('guard'), role: 'status', hidden: !options.guardActive },
    close: {
      ...attrs('close'),
      type: 'button',
      'aria-label': options.closeLabel,
      'aria-keyshortcuts': 'Escape',
    },
    announcer: {
      ...attrs('announcer'),
      ...withId(options.announcerId),
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': 'true',
    },
  } satisfies Record<string, PartProps>;
}

/** Decoded size of base64 data, from its length alone (the data is never decoded). */
export function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** Bytes of a string in UTF-8 (what a server sent over the wire), without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is 2 units and 4 bytes; any other unit above U+07FF 3 bytes, above U+007F 2.
    if (unit > 0x7f) bytes += unit > 0x7ff && (unit < 0xd800 || unit > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

/** A content block's size as the user reads it: bytes under 1 KB (55 bytes is not "1 KB"), else whole KB. */
export const sizeLabel = (bytes: number, t: Translator): string =>
  bytes < 1024
    ? t.t('mcp.result.block.size_bytes', { count: bytes })
    : t.t('mcp.result.block.size_kb', { kb: Math.round(bytes / 1024) });
