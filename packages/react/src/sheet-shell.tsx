import type { KeyboardEvent, ReactNode, Ref } from 'react';
import type { PartProps } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';

/** Keeps focus where it is (a mouse down on the backdrop or an unavailable action). */
export const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/** What `SheetShell` takes: the model's backdrop and root parts, and the sheet's wiring. */
export interface SheetShellProps {
  props: { backdrop?: PartProps; root?: PartProps };
  rootRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The scrolling content, then the footer. */
  children: ReactNode;
}

/**
 * The shell every sheet draws: the backdrop (a mouse down on it keeps focus in the sheet),
 * the dialog root that takes the keys, and the drag handle, then `children`.
 */
export function SheetShell({ props, rootRef, onKeyDown, children }: SheetShellProps) {
  return (
    <>
      <div {...p(props.backdrop)} onMouseDown={keepFocus} />
      <div {...p(props.root)} ref={rootRef} onKeyDown={onKeyDown}>
        <div className="mcp-consent-handle" aria-hidden="true" />
        {children}
      </div>
    </>
  );
}
