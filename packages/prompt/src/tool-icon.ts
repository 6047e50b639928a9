import type { ToolDefinition } from '@mcp-consent/engine';

/**
 * The tool's own icon (MCP `Tool.icons`, spec R1 "tool icon + name"). A server chooses the
 * picture, so only pictures that cannot reach anywhere else, track the user or run script are
 * shown: a small `data:` image, or an image on the server's own origin as the host configured
 * it (`ServerRef.origin`, never what the server says about itself). Anything else shows the
 * kit's icon. Renderers draw it in an `<img>` (where SVG runs no script), with an empty alt
 * (the tool's name is beside it), a fixed size and no referrer, falling back to the kit's icon
 * when it does not load.
 */

/** A tool icon a renderer may load. */
export interface ToolIconSource {
  src: string;
}

/** Longest `data:` icon, in characters (about 24 KB of image once decoded). */
export const TOOL_ICON_MAX_DATA = 32 * 1024;
/** Longest icon URL on the server's origin. */
const MAX_URL = 2048;
/** Icons looked at, at most: a server listing thousands costs nothing. */
const MAX_ICONS = 8;
/** Raster images, and SVG (safe in `<img>`, which runs none of its script or links). */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)(?:;[a-z0-9=.+-]+)*,/i;
/** Printable ASCII without spaces or quotes: nothing that could leave an attribute. */
const PLAIN = /^[\x21\x23-\x26\x28-\x3b\x3d\x3f-\x7e]+$/;

/**
 * The first of the tool's icons that may be shown, or null for the kit's icon: a `data:`
 * PNG, JPEG, GIF, WebP or SVG image up to {@link TOOL_ICON_MAX_DATA} characters, or an
 * http(s) URL on `serverOrigin` (without credentials). Without `serverOrigin`, only `data:`.
 */
export function toolIconFor(
  tool: Pick<ToolDefinition, 'icons'>,
  serverOrigin?: string,
): ToolIconSource | null {
  const icons: unknown = tool.icons;
  if (!Array.isArray(icons)) return null;
  const origin = originOf(serverOrigin);
  for (const icon of icons.slice(0, MAX_ICONS) as unknown[]) {
    const src = typeof icon === 'object' && icon !== null ? (icon as { src?: unknown }).src : null;
    if (typeof src !== 'string' || !PLAIN.test(src)) continue;
    if (src.length <= TOOL_ICON_MAX_DATA && DATA_IMAGE.test(src)) return { src };
    const url = origin === null || src.length > MAX_URL ? null : sameOrigin(src, origin);
    if (url !== null) return { src: url };
  }
  return null;
}

/** The origin of an http(s) URL as the host set it, or null. */
function originOf(value: string | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** `src` resolved on `origin`, when it stays there and carries no credentials. */
function sameOrigin(src: string, origin: string): string | null {
  try {
    const url = new URL(src, `${origin}/`);
    if (url.origin !== origin || url.username !== '' || url.password !== '') return null;
    return url.href;
  } catch {
    return null;
  }
}
