import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { consentStyles } from './styles.js';

/** Compact bottom sheet, expanded centred modal, or by the available width (600 px). */
export type SheetLayout = 'auto' | 'compact' | 'expanded';
/** Follow the user's colour scheme, or force one. */
export type ColorScheme = 'auto' | 'light' | 'dark';

/** Presentation props shared by `<PermissionSheet>` and `<ElicitationSheet>`. */
export interface SheetPresentationProps {
  /**
   * `auto`: a bottom sheet below 600 px of available width, a centred modal from
   * 600 px (a container query on the overlay). `compact`/`expanded` force one.
   * @default 'auto'
   */
  layout?: SheetLayout;
  /** @default 'auto' */
  colorScheme?: ColorScheme;
  /** Render into a portal (`container`, default `document.body`) over the page. @default true */
  portal?: boolean;
  /** Portal target. @default document.body */
  container?: Element | null;
  /** Extra class on the overlay element. @default undefined */
  className?: string;
}

/** The kit's stylesheet, hoisted into `<head>` once by React 19 however many sheets render it. */
export function ConsentStyles({ nonce }: { nonce?: string | undefined }) {
  return (
    <style href="mcp-consent-react" precedence="mcp-consent" nonce={nonce}>
      {consentStyles}
    </style>
  );
}

/**
 * The overlay every sheet renders into: theme, layout switch, styles and the
 * portal. Client only (callers render it after `useIsClient()`).
 */
export function SheetLayer(
  props: SheetPresentationProps & {
    scope: string;
    injectStyles: boolean;
    nonce: string | undefined;
    children: ReactNode;
  },
) {
  const portal = props.portal ?? true;
  const layer = (
    <div
      className={['mcp-consent-theme', 'mcp-consent-layer', props.className]
        .filter(Boolean)
        .join(' ')}
      data-mcp-layer={props.scope}
      data-color-scheme={props.colorScheme ?? 'auto'}
      data-portal={String(portal)}
    >
      {props.injectStyles ? <ConsentStyles nonce={props.nonce} /> : null}
      <div className="mcp-consent-positioner" data-layout={props.layout ?? 'auto'}>
        {props.children}
      </div>
    </div>
  );
  if (!portal) return layer;
  return createPortal(layer, props.container ?? document.body);
}
