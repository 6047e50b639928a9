import { partAttrs } from '../anatomy.js';

/** The parts of a result review sheet (see `../anatomy.ts`). */
export const resultReviewAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'intro',
  'server-chip',
  'trust',
  'tool',
  'risk',
  'notice',
  'error',
  'content-heading',
  'content',
  'block',
  'block-text',
  'block-label',
  'truncated',
  'empty',
  'actions',
  'action',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export type ResultReviewPart = (typeof resultReviewAnatomy)[number];

export const SCOPE = 'result-review';

export const attrs = (part: ResultReviewPart) => partAttrs(SCOPE, part);

/** Element ids of one sheet; the parts that refer to each other by id use these. */
export function resultReviewIds(prefix: string) {
  return {
    root: prefix,
    title: `${prefix}-title`,
    intro: `${prefix}-intro`,
    error: `${prefix}-error`,
    contentHeading: `${prefix}-content-heading`,
  };
}
