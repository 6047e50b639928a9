import { partAttrs } from '../anatomy.js';

/** The parts of a dry-run preview sheet (see `../anatomy.ts`). */
export const dryRunAnatomy = [
  'root',
  'backdrop',
  'header',
  'step',
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
  'from-server',
  'from-server-heading',
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

export type DryRunPart = (typeof dryRunAnatomy)[number];

export const SCOPE = 'dry-run';

export const attrs = (part: DryRunPart) => partAttrs(SCOPE, part);

/** Element ids of one sheet; the parts that refer to each other by id use these. */
export function dryRunIds(prefix: string) {
  return {
    root: prefix,
    title: `${prefix}-title`,
    step: `${prefix}-step`,
    intro: `${prefix}-intro`,
    preview: `${prefix}-preview`,
    fromServer: `${prefix}-from-server`,
  };
}
