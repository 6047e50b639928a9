import { useState } from 'react';
import type { ToolIconSource } from '@mcp-consent/prompt';
import { ToolIcon } from './icons.js';

/**
 * The tool's own icon in a React sheet, or the kit's: put it inside the sheet's `tool-icon`
 * part. `icon` is `toolIconFor(call.tool, call.server.origin)` from `@mcp-consent/prompt`
 * (a `data:` image or one on the server's own origin; null means the kit's icon).
 *
 * ```tsx
 * import { ServerToolIcon } from './tool-icon.js';
 * <span {...p(props['tool-icon'])}><ServerToolIcon icon={api.toolIcon} /></span>
 * ```
 *
 * An `<img>` with an empty alt (the name is beside it), a fixed 24 × 24 size and no referrer;
 * if it does not load, the kit's icon takes its place.
 */
export function ServerToolIcon({ icon }: { icon: ToolIconSource | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!icon || failed === icon.src) return <ToolIcon />;
  return (
    <img
      className="mcp-consent-tool-own-icon"
      src={icon.src}
      alt=""
      width={24}
      height={24}
      referrerPolicy="no-referrer"
      decoding="async"
      draggable={false}
      onError={() => setFailed(icon.src)}
    />
  );
}
