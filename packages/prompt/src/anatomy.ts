/**
 * Part names, defined once. Renderers use them as `data-part` (web), `part` (Lit
 * shadow parts) and test ids, so every surface can be styled and tested the same way.
 */

export const permissionAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'tool-icon',
  'tool-name',
  'tool-title',
  'tool-description',
  'server-chip',
  'trust',
  'risk-badge',
  'risk-reasons',
  'risk-reason',
  'queue-position',
  'notice',
  'effects',
  'effects-heading',
  'effect',
  'effect-source',
  'args',
  'args-heading',
  'args-body',
  'args-toggle',
  'args-redacted',
  'actions',
  'action',
  'action-shortcut',
  'action-detail',
  'action-reason',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export const checkingAnatomy = ['checking'] as const;

export const elicitationAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'server-chip',
  'trust',
  'message-label',
  'message',
  'notice',
  'form',
  'field',
  'field-label',
  'field-required',
  'field-description',
  'field-input',
  'field-option',
  'field-error',
  'error-summary',
  'url',
  'url-label',
  'url-before',
  'url-host',
  'url-after',
  'url-site',
  'url-warning',
  'url-notice',
  'url-error',
  'actions',
  'action',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export const dryRunAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'intro',
  'tool-name',
  'server-chip',
  'trust',
  'risk-badge',
  'notice',
  'preview-heading',
  'preview',
  'args-toggle',
  'args-redacted',
  'hint-label',
  'hint',
  'operator-notice',
  'actions',
  'action',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export type PermissionPart = (typeof permissionAnatomy)[number];
export type CheckingPart = (typeof checkingAnatomy)[number];
export type ElicitationPart = (typeof elicitationAnatomy)[number];
export type DryRunPart = (typeof dryRunAnatomy)[number];

/** Framework-neutral attributes for one element: spread them in React, bind them in Lit. */
export type PartProps = Readonly<Record<string, string | boolean | undefined>>;

/** The `data-scope`/`data-part` pair every part carries. */
export function partAttrs(
  scope: string,
  part: string,
): { 'data-scope': string; 'data-part': string } {
  return { 'data-scope': scope, 'data-part': part };
}
