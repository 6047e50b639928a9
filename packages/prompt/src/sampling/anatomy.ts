import { partAttrs } from '../anatomy.js';

/** The parts of a sampling sheet, both steps (see `../anatomy.ts`). */
export const samplingAnatomy = [
  'root',
  'backdrop',
  'header',
  'step',
  'title',
  'intro',
  'server-chip',
  'trust',
  'risk-badge',
  'risk-reason',
  'notice',
  'messages',
  'message',
  'message-role',
  'block',
  'block-toggle',
  'media',
  'system-prompt',
  'details',
  'detail',
  'tools',
  'response',
  'response-model',
  'edit-form',
  'edit-field',
  'edit-label',
  'edit-input',
  'edit-error',
  'grain',
  'grain-option',
  'actions',
  'action',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export type SamplingPart = (typeof samplingAnatomy)[number];

export const SCOPE = 'sampling';

export const attrs = (part: SamplingPart) => partAttrs(SCOPE, part);

/** Element ids of one sheet; the parts that refer to each other by id use these. */
export function samplingIds(prefix: string) {
  return {
    root: prefix,
    title: `${prefix}-title`,
    step: `${prefix}-step`,
    intro: `${prefix}-intro`,
    messages: `${prefix}-messages`,
    grain: `${prefix}-grain`,
    announcer: `${prefix}-announcer`,
  };
}
