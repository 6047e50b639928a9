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
  'expiry',
  'expiry-heading',
  'expiry-description',
  'expiry-label',
  'expiry-select',
  'rules',
  'rules-heading',
  'rules-description',
  'rules-count',
  'rules-invalid',
  'rules-errors',
  'rules-error',
  'rules-table',
  'rules-empty',
  'rule-row',
  'rule-note',
  'effect',
  'audit',
  'audit-heading',
  'audit-filter-label',
  'audit-filter',
  'audit-decision-label',
  'audit-decision',
  'audit-table',
  'audit-empty',
  'audit-row',
  'audit-detail',
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
    rulesHeading: `${prefix}-rules-heading`,
    expiryHeading: `${prefix}-expiry-heading`,
    status: `${prefix}-status`,
  };
}
