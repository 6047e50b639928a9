export { createArgsEditor, type ArgsEditorOptions } from './editor.js';
export { describeArgsEdit } from './content.js';
export { editBlocks, mountArgsEditor, withEditedArgs } from './gate.js';
export { argsEditAnatomy, type ArgsEditPart } from './anatomy.js';
export type { ArgsEditor, ArgsEditorApi, ArgsEditResult, ArgsEditState } from './types.js';
