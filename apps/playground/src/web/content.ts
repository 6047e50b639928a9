/**
 * A tool result's content blocks, read for the result area: text stays text, an image or audio
 * block of an allowed type becomes a `data:` URL of the server's base64, a resource link keeps
 * its URI (clickable only for http and https), anything else is shown as JSON. Nothing here is
 * ever markup: the view binds every string as text or as one attribute.
 */

/** Image types shown as pictures. Never SVG: it can carry script and links. */
export const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

/** Audio types given a player. */
export const AUDIO_TYPES: readonly string[] = [
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/webm',
  'audio/wav',
  'audio/x-wav',
  'audio/flac',
];

/** Largest base64 payload turned into a `data:` URL (about 6 MB of media). */
export const MAX_MEDIA_DATA = 8 * 1024 * 1024;

export type ResultBlock =
  | { type: 'text'; text: string }
  /** `src` is a `data:` URL of an allowed type. */
  | { type: 'image' | 'audio'; mimeType: string; src: string }
  /** Media of a type not in the lists above, or with data that is not base64: not shown. */
  | { type: 'media_hidden'; mimeType: string }
  /** `href` only for http and https URIs; others are shown as text. */
  | { type: 'link'; uri: string; href: string | null; name: string | null };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The result's blocks in order; a `content` that is not a list is shown as JSON. */
export function resultBlocks(content: unknown): ResultBlock[] {
  if (!Array.isArray(content))
    return [{ type: 'text', text: JSON.stringify(content ?? null, null, 2) }];
  return content.map(block);
}

function block(raw: unknown): ResultBlock {
  const value = (raw ?? {}) as Record<string, unknown>;
  switch (value.type) {
    case 'text':
      return { type: 'text', text: String(value.text) };
    case 'image':
    case 'audio':
      return media(value.type, value.mimeType, value.data);
    case 'resource_link':
      if (typeof value.uri === 'string') return link(value.uri, value.name);
  }
  return { type: 'text', text: JSON.stringify(raw, null, 2) };
}

function media(type: 'image' | 'audio', mime: unknown, data: unknown): ResultBlock {
  const mimeType = typeof mime === 'string' ? mime.trim().toLowerCase() : '';
  const allowed = (type === 'image' ? IMAGE_TYPES : AUDIO_TYPES).includes(mimeType);
  const base64 = typeof data === 'string' ? data.replace(/\s+/g, '') : '';
  if (!allowed || base64 === '' || base64.length > MAX_MEDIA_DATA || !BASE64.test(base64))
    return { type: 'media_hidden', mimeType: typeof mime === 'string' ? mime : '' };
  return { type, mimeType, src: `data:${mimeType};base64,${base64}` };
}

function link(uri: string, name: unknown): ResultBlock {
  let href: string | null = null;
  try {
    const url = new URL(uri);
    if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
  } catch {
    // Not a URL: shown as text.
  }
  return { type: 'link', uri, href, name: typeof name === 'string' ? name : null };
}
