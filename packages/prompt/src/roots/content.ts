import type { Translator } from '@mcp-consent/i18n';
import { idPrefixFor, TextCleaner } from '../core.js';
import { navigationBindings } from '../keymap.js';
import { serverChip } from '../sheet-parts.js';
import { rootsIds } from './anatomy.js';
import type { RootsApi, RootsContent, RootsPromptOptions, RootsRequest } from './types.js';

/** Caps for a root's texts, in UTF-16 code units. */
export const ROOT_LIMITS = { name: 200, uri: 2048 } as const;

/**
 * Everything a roots sheet shows that the request decides, computed once: who asks and the
 * host's roots. Roots are the host's, but a name can come from anywhere (a folder's name, a
 * workspace file): every text is cleaned like server text. What is shared is the URI exactly
 * as the host gave it (`raw`), never the cleaned text.
 */
export function describeRoots(
  request: RootsRequest,
  options: RootsPromptOptions,
  t: Translator,
): RootsContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const prefix = idPrefixFor(request.id, options.idPrefix);
  const server = serverChip(request.server, cleaner, t);
  const roots = request.roots.map((root) => {
    const uri = cleaner.text(root.uri, ROOT_LIMITS.uri) || '?';
    const name =
      cleaner.text(root.name ?? '', ROOT_LIMITS.name).trim() || lastSegment(uri, cleaner);
    return { name, uri, raw: root.uri };
  });
  const notices: RootsApi['notices'] = cleaner.shouldNotice
    ? [{ kind: 'hidden_characters', text: t.t('mcp.permission.notice.hidden_characters') }]
    : [];
  return {
    t,
    prefix,
    ids: rootsIds(prefix),
    server,
    roots,
    notices,
    keymap: [
      { keys: ['Escape', 'Esc'], intent: 'escape', action: 'share_none' },
      { keys: ['Enter'], intent: 'activate-focused' },
      ...navigationBindings(t.dir),
    ],
  };
}

/** A root without a name is shown by the last segment of its (already cleaned) URI. */
function lastSegment(uri: string, cleaner: TextCleaner): string {
  const segments = uri.replace(/\/+$/, '').split('/');
  const last = segments[segments.length - 1] ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape stays as written.
  }
  // Decoding can reveal characters the cleaner never saw: clean the result again.
  return cleaner.text(decoded, ROOT_LIMITS.name) || uri;
}
