import type { Choice, PromptAnswer } from '@mcp-consent/engine';
import type { PartProps } from '../anatomy.js';
import type { ArgsEditor, ArgsEditorApi } from './types.js';

const isAllow = (choice: Choice) => choice === 'allow_once' || choice === 'allow_always';
const choiceOf = (answer: PromptAnswer): Choice =>
  typeof answer === 'string' ? answer : answer.choice;

/**
 * Why an answer cannot be given now because of the edits (an allow while an edited field is
 * invalid; every error then shows), or `null`. Deny is never held back.
 */
export function editBlocks(editor: ArgsEditor | null, answer: PromptAnswer): string | null {
  if (!editor || !isAllow(choiceOf(answer))) return null;
  const result = editor.check();
  return result.kind === 'invalid' ? result.reason : null;
}

/** The answer as given, with the edited arguments when it allows an edited call. */
export function withEditedArgs(editor: ArgsEditor | null, answer: PromptAnswer): PromptAnswer {
  const choice = choiceOf(answer);
  const result = editor && isAllow(choice) ? editor.check() : undefined;
  if (result?.kind !== 'edited') return answer;
  return { ...(typeof answer === 'string' ? { choice } : answer), args: result.args };
}

interface GatedView {
  actions: readonly {
    choice: Choice;
    enabled: boolean;
    disabledReason: string | null;
  }[];
  getActionProps(choice: Choice): PartProps;
  getActionReasonProps(choice: Choice): PartProps;
}

/**
 * A permission view with the editor mounted: `editor` for the panel, and the allow actions
 * off (with the reason) while an edit is invalid. One place, so every renderer agrees.
 */
export function mountArgsEditor<V extends GatedView>(
  view: V,
  editor: ArgsEditor | null,
): V & { editor: ArgsEditorApi | null } {
  const api = editor?.connect() ?? null;
  const reason = api?.blockedReason ?? null;
  if (!api || reason === null) return { ...view, editor: api };
  // An allow already off for its own reason (destructive, …) keeps that reason; the others
  // share one line, shown once (under the first) and named by each.
  const gated = view.actions.filter((a) => isAllow(a.choice) && a.enabled).map((a) => a.choice);
  const off = (choice: Choice) => gated.includes(choice);
  const reasonId = gated.length > 0 ? view.getActionReasonProps(gated[0]!).id : undefined;
  return {
    ...view,
    editor: api,
    actions: view.actions.map((action) =>
      off(action.choice) ? { ...action, enabled: false, disabledReason: reason } : action,
    ),
    getActionProps: (choice: Choice): PartProps =>
      off(choice)
        ? {
            ...view.getActionProps(choice),
            'aria-disabled': 'true',
            'aria-describedby': typeof reasonId === 'string' ? reasonId : undefined,
            title: reason,
          }
        : view.getActionProps(choice),
    getActionReasonProps: (choice: Choice): PartProps =>
      off(choice)
        ? { ...view.getActionReasonProps(choice), hidden: choice !== gated[0] }
        : view.getActionReasonProps(choice),
  };
}
