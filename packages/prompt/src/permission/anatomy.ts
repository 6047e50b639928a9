import { partAttrs } from '../anatomy.js';

/** The parts of a permission sheet (see `../anatomy.ts`). */
export const permissionAnatomy = [
  'root',
  'backdrop',
  'header',
  'title',
  'summary',
  'from-server',
  'from-server-heading',
  'tool-icon',
  'tool-name',
  'tool-title',
  'tool-description',
  'description-toggle',
  'server-chip',
  'trust',
  'risk-badge',
  'risk-reasons',
  'risk-reason',
  'queue-position',
  'notice',
  'change',
  'change-heading',
  'change-summary',
  'change-toggle',
  'change-body',
  'change-part',
  'change-part-label',
  'change-segment',
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

export type PermissionPart = (typeof permissionAnatomy)[number];

export const SCOPE = 'permission';

export const attrs = (part: PermissionPart) => partAttrs(SCOPE, part);

/** Element ids of one sheet; the parts that refer to each other by id use these. */
export function permissionIds(prefix: string) {
  return {
    root: prefix,
    title: `${prefix}-title`,
    summary: `${prefix}-summary`,
    fromServer: `${prefix}-from-server`,
    fromServerHeading: `${prefix}-from-server-heading`,
    change: `${prefix}-change`,
    changeHeading: `${prefix}-change-heading`,
    changeBody: `${prefix}-change-body`,
    toolName: `${prefix}-tool-name`,
    description: `${prefix}-description`,
    risk: `${prefix}-risk`,
    effects: `${prefix}-effects`,
    effectsHeading: `${prefix}-effects-heading`,
    args: `${prefix}-args`,
    argsHeading: `${prefix}-args-heading`,
    keyHint: `${prefix}-key-hint`,
    announcer: `${prefix}-announcer`,
  };
}
