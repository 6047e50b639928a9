import { partAttrs } from '../anatomy.js';

/** The parts of an elicitation sheet, form and URL mode (see `../anatomy.ts`). */
export const elicitationAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'server-chip',
  'trust',
  'message-label',
  'message',
  'message-block',
  'message-marker',
  'message-run',
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
  'action-detail',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export type ElicitationPart = (typeof elicitationAnatomy)[number];

export const SCOPE = 'elicitation';

export const attrs = (part: ElicitationPart) => partAttrs(SCOPE, part);

/** Element ids of one sheet; the parts that refer to each other by id use these. */
export function elicitationIds(prefix: string) {
  return {
    root: prefix,
    title: `${prefix}-title`,
    message: `${prefix}-message`,
    announcer: `${prefix}-announcer`,
  };
}
