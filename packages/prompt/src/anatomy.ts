/**
 * Part names are defined once per model, in its folder's `anatomy.ts`. Renderers use them
 * as `data-part` (web), `part` (Lit shadow parts) and test ids, so every surface can be
 * styled and tested the same way. This file holds what the models share.
 */

/** The "Checking permissions…" status (see `connectChecking`). */
export const checkingAnatomy = ['checking'] as const;

export type CheckingPart = (typeof checkingAnatomy)[number];

/** Framework-neutral attributes for one element: spread them in React, bind them in Lit. */
export type PartProps = Readonly<Record<string, string | boolean | undefined>>;

/** The `data-scope`/`data-part` pair every part carries. */
export function partAttrs(
  scope: string,
  part: string,
): { 'data-scope': string; 'data-part': string } {
  return { 'data-scope': scope, 'data-part': part };
}
