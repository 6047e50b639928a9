import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import {
  measureLayout,
  watchLayout,
  type LayoutPreference,
  type SheetLayout as Layout,
} from '@mcp-consent/prompt/dom';
import { consentStyles } from './styles.js';

/** Compact bottom sheet, expanded centred modal, or by the viewport width (`--mcp-sheet-breakpoint`). */
export type SheetLayout = LayoutPreference;
/** Follow the user's colour scheme, or force one. */
export type ColorScheme = 'auto' | 'light' | 'dark';

/** Presentation props shared by `<PermissionSheet>` and `<ElicitationSheet>`. */
export interface SheetPresentationProps {
  /**
   * `auto`: a bottom sheet below the breakpoint, a centred modal from it. The
   * breakpoint is the CSS custom property `--mcp-sheet-breakpoint` (px, rem or em;
   * default 600px) on the overlay or an ancestor, compared with the viewport width.
   * `compact`/`expanded` force one.
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

/** How a sheet's overlay looks and where it goes: its presentation props and the styles. */
export interface LayerOptions extends SheetPresentationProps {
  injectStyles: boolean;
  nonce: string | undefined;
}

/** A sheet's layer options: its own props, else the provider's (styles on by default). */
export function layerOptions(
  props: SheetPresentationProps & { injectStyles?: boolean; nonce?: string },
  context: { injectStyles: boolean; nonce: string | undefined } | null,
): LayerOptions {
  return {
    layout: props.layout,
    colorScheme: props.colorScheme,
    portal: props.portal,
    container: props.container,
    className: props.className,
    injectStyles: props.injectStyles ?? context?.injectStyles ?? true,
    nonce: props.nonce ?? context?.nonce,
  };
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
export function SheetLayer(props: LayerOptions & { scope: string; children: ReactNode }) {
  const portal = props.portal ?? true;
  const ref = useRef<HTMLDivElement>(null);
  const layout = useSheetLayout(ref, props.layout ?? 'auto');
  const layer = (
    <div
      ref={ref}
      className={['mcp-consent-theme', 'mcp-consent-layer', props.className]
        .filter(Boolean)
        .join(' ')}
      data-mcp-layer={props.scope}
      data-color-scheme={props.colorScheme ?? 'auto'}
      data-portal={String(portal)}
    >
      {props.injectStyles ? <ConsentStyles nonce={props.nonce} /> : null}
      <div className="mcp-consent-positioner" data-layout={layout}>
        {props.children}
      </div>
    </div>
  );
  if (!portal) return layer;
  return createPortal(layer, props.container ?? document.body);
}

/**
 * The layout switch of `@mcp-consent/prompt/dom` (as the Lit element has it): the
 * breakpoint is read from `--mcp-sheet-breakpoint` and compared with the viewport width
 * before paint and on every resize.
 */
function useSheetLayout(ref: RefObject<HTMLElement | null>, wanted: SheetLayout): Layout {
  const [measured, setMeasured] = useState<Layout>(() => measureLayout(null, 'auto'));
  useLayoutEffect(() => {
    const node = ref.current;
    if (wanted !== 'auto' || !node) return;
    return watchLayout(node, () => 'auto', setMeasured);
  }, [ref, wanted]);
  return wanted === 'auto' ? measured : wanted;
}
