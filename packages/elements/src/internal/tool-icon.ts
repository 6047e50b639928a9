import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { ToolIconSource } from '@mcp-consent/prompt';
import { toolIcon } from './icons.js';

/**
 * The tool's own icon in a Lit sheet, or the kit's: put it inside the sheet's `tool-icon`
 * part. `icon` is `toolIconFor(call.tool, call.server.origin)` from `@mcp-consent/prompt`
 * (a `data:` image or one on the server's own origin; null means the kit's icon).
 *
 * ```ts
 * import { serverToolIcon } from './internal/tool-icon.js';
 * html`<span part="tool-icon" class="tool-icon">${serverToolIcon(api.toolIcon)}</span>`
 * ```
 *
 * An `<img>` with an empty alt (the name is beside it), a fixed 24 × 24 size and no referrer;
 * if it does not load, the kit's icon takes its place. Its size rule is in `serverTextStyles`.
 */
export function serverToolIcon(icon: ToolIconSource | null | undefined): unknown {
  if (!icon) return toolIcon;
  return keyed(
    icon.src,
    html`<img
        class="tool-own-icon"
        src=${icon.src}
        alt=""
        width="24"
        height="24"
        referrerpolicy="no-referrer"
        decoding="async"
        draggable="false"
        @error=${fallBack}
      /><span class="tool-icon-fallback" hidden>${toolIcon}</span>`,
  );
}

/** The icon did not load: the kit's icon instead. */
function fallBack(event: Event): void {
  const img = event.currentTarget as HTMLImageElement;
  img.hidden = true;
  const kit = img.nextElementSibling;
  if (kit instanceof HTMLElement) kit.hidden = false;
}
