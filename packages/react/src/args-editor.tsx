import { revealControlled } from '@mcp-consent/prompt/dom';
import type { KeyboardEvent } from 'react';
import type { ArgsEditorApi, ArgsEditPart } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { ElicitationField } from './elicitation-fields.js';

const props = (api: ArgsEditorApi, part: ArgsEditPart) => p(api.props[part] ?? {});

/** Typing in a field is typing: only Tab (focus trap) and Escape (Deny once) reach the sheet. */
function keepKeys(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'Tab' && event.key !== 'Escape') event.stopPropagation();
}

/**
 * "Edit arguments" in the React permission sheet (issue 17): a toggle, then the call's
 * arguments as the elicitation form's own fields (`ElicitationField`), the arguments kept as
 * asked, and a polite status that says what Allow will run or why it is off.
 */
export function ArgsEditor({ api }: { api: ArgsEditorApi | null | undefined }) {
  if (!api) return null;
  return (
    <div className="mcp-consent-args-edit">
      <button
        {...props(api, 'edit-toggle')}
        onClick={(event) => {
          api.setOpen();
          revealControlled(event.currentTarget);
        }}
      >
        {api.toggle.label}
      </button>
      <div {...props(api, 'edit-editor')} onKeyDown={keepKeys}>
        <p {...props(api, 'edit-heading')}>{api.heading}</p>
        <p {...props(api, 'edit-hint')}>{api.hint}</p>
        <form {...props(api, 'edit-form')} onSubmit={(event) => event.preventDefault()}>
          {api.open
            ? api.form.fields.map((field) => (
                <ElicitationField api={api} field={field} key={field.name} />
              ))
            : null}
        </form>
        <p {...props(api, 'edit-readonly')} hidden={api.readOnly === null}>
          {api.readOnly}
        </p>
        <p {...props(api, 'edit-status')}>{api.status}</p>
      </div>
    </div>
  );
}
