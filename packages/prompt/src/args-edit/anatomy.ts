import { partAttrs } from '../anatomy.js';

/**
 * The parts of the "Edit arguments" panel of a permission prompt (see `../anatomy.ts`). Its
 * fields are the elicitation form's own parts (`field`, `field-input`, …, scope `elicitation`). Names start
 * with `edit-` so they stay distinct as Lit `part` names inside the permission sheet.
 */
export const argsEditAnatomy = [
  'edit-toggle',
  'edit-editor',
  'edit-heading',
  'edit-hint',
  'edit-form',
  'edit-readonly',
  'edit-status',
] as const;

export type ArgsEditPart = (typeof argsEditAnatomy)[number];

export const SCOPE = 'args-edit';

export const attrs = (part: ArgsEditPart) => partAttrs(SCOPE, part);
