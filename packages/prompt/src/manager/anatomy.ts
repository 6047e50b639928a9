import { partAttrs } from '../anatomy.js';

/** Part names of the grants manager and the history (see `../anatomy.ts`). */
export const managerAnatomy = [
  'root',
  'grants',
  'grants-heading',
  'grants-count',
  'grants-filter-label',
  'grants-filter',
  'grants-table',
  'grants-empty',
  'grant-row',
  'column-header',
  'cell',
  'decision',
  'revoke',
  'revoke-all',
  'confirm',
  'confirm-text',
  'confirm-action',
  'confirm-cancel',
  'audit',
  'audit-heading',
  'audit-filter-label',
  'audit-filter',
  'audit-decision-label',
  'audit-decision',
  'audit-table',
  'audit-empty',
  'audit-row',
  'status',
] as const;

export type ManagerPart = (typeof managerAnatomy)[number];

export const SCOPE = 'manager';

export const attrs = (part: ManagerPart) => partAttrs(SCOPE, part);

/** Element ids; the parts that refer to each other by id use these. */
export function managerIds(prefix: string) {
  return {
    root: prefix,
    grantsHeading: `${prefix}-grants-heading`,
    auditHeading: `${prefix}-audit-heading`,
    status: `${prefix}-status`,
  };
}
