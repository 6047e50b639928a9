import { partAttrs } from '../anatomy.js';

/**
 * The parts of the "Edit arguments" panel of a permission prompt (see `../anatomy.ts`). Its
 * fields are the elicitation form's own parts (`field`, `field-input`, …, scope `elicitation`).
 */
export const argsEditAnatomy = [
  'toggle',
  'editor',
  'heading',
  'hint',
  'form',
  'readonly',
  'status',
] as const;

export type ArgsEditPart = (typeof argsEditAnatomy)[number];

export const SCOPE = 'args-edit';

export const attrs = (part: ArgsEditPart) => partAttrs(SCOPE, part);
