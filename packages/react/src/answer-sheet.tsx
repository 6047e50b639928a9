import type { KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';
import type { PartProps } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { SheetShell } from './sheet-shell.js';
import { footerAction, SheetFooter } from './sheet-footer.js';
import { SheetHeader } from './sheet-header.js';

/** What a sheet with a header, notices and numbered answers takes from its model. */
export interface AnswerSheetApi<Answer extends string> {
  props: Readonly<Record<string, PartProps | undefined>>;
  title: string;
  server: { from: string; trustLabel: string };
  escapeAction: Answer;
  notices: readonly { kind: string; text: string }[];
  actions: readonly { answer: Answer; label: string }[];
  getActionProps(answer: Answer): PartProps;
  choose(answer: Answer): unknown;
  focus(target: Answer): unknown;
  keyHint: string;
  guard: { text: string };
}

/** What a sheet's view component gets from its sheet: the model's view and the wiring. */
export interface SheetViewProps<Api> {
  api: Api;
  rootRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Whether a click may answer (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
  /** The live-region text (empty at first, then the model's announcement). */
  announcement: string;
}

export interface AnswerSheetProps<Answer extends string> extends SheetViewProps<
  AnswerSheetApi<Answer>
> {
  /** What stands above the header (the dry run's step line), when the sheet has it. */
  lead?: ReactNode;
  /** The header's badges (after the server chip) and tool row (under them), when it has them. */
  tool?: ReactNode;
  meta?: ReactNode;
  /** The body after the notices. */
  children: ReactNode;
}

/**
 * The frame the roots, result review and dry-run sheets share: the shell (backdrop, dialog,
 * handle), an optional lead line, the header (close answers the model's escape action), the
 * model's notices, the body, then the answers, key hint, guard line and live region. Every
 * string and attribute comes from the model.
 */
export function AnswerSheet<Answer extends string>(view: AnswerSheetProps<Answer>) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = view;
  const { props } = api;
  return (
    <SheetShell props={props} rootRef={rootRef} onKeyDown={onKeyDown}>
      <div className="mcp-consent-scroll">
        {view.lead}
        <SheetHeader
          props={props}
          title={api.title}
          server={api.server}
          onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
          tool={view.tool}
          meta={view.meta}
        />
        <div className="mcp-consent-body">
          {api.notices.map((notice, index) => (
            <p {...p(props['notice'])} data-kind={notice.kind} key={`${notice.kind}-${index}`}>
              {notice.text}
            </p>
          ))}
          {view.children}
        </div>
      </div>
      <SheetFooter
        parts={props}
        actions={api.actions.map((action) =>
          footerAction(api, action.answer, action.label, action.answer),
        )}
        keyHint={api.keyHint}
        guardText={api.guard.text}
        acceptClick={acceptClick}
        announcement={announcement}
      />
    </SheetShell>
  );
}
