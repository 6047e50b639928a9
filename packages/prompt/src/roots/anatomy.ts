import { partAttrs } from '../anatomy.js';

/** The parts of a roots sheet (see `../anatomy.ts`). */
export const rootsAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'intro',
  'server-chip',
  'trust',
  'notice',
  'list-heading',
  'list',
  'item',
  'checkbox',
  'item-number',
  'item-name',
  'item-uri',
  'count',
  'empty',
  'grains',
  'grains-heading',
  'grain',
  'actions',
  'action',
  'key-hint',
  'guard',
  'close',
  'announcer',
] as const;

export type RootsPart = (typeof rootsAnatomy)[number];

export const SCOPE = 'roots';

export const attrs = (part: RootsPart) => partAttrs(SCOPE, part);

/** Element ids of one sheet; the parts that refer to each other by id use these. */
export function rootsIds(prefix: string) {
  return {
    root: prefix,
    title: `${prefix}-title`,
    intro: `${prefix}-intro`,
    listHeading: `${prefix}-list-heading`,
    count: `${prefix}-count`,
    grainsHeading: `${prefix}-grains-heading`,
  };
}
