import type { MouseEvent, ReactNode } from 'react';
import type { PartProps } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';

/** One answer button of a sheet, as its model describes it. */
export interface FooterAction {
  /** The answer's name (the React key). */
  id: string;
  label: string;
  /** `getActionProps` of the model for this answer. */
  props: PartProps;
  choose(): void;
  focus(): void;
}

/** The footer button of one of a model's answers: its props, and choose and focus it there. */
export function footerAction<A extends string, Focus>(
  api: {
    getActionProps(answer: A): PartProps;
    choose(answer: A): unknown;
    focus(target: Focus): unknown;
  },
  answer: A,
  label: string,
  focus: Focus,
): FooterAction {
  return {
    id: answer,
    label,
    props: api.getActionProps(answer),
    choose: () => api.choose(answer),
    focus: () => api.focus(focus),
  };
}

export interface SheetFooterProps {
  /** The model's part props: `actions`, `key-hint`, `guard`, `announcer`. */
  parts: Readonly<Record<string, PartProps | undefined>>;
  actions: readonly FooterAction[];
  keyHint: string;
  guardText: string;
  /** Whether a click may answer (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
  /** The live-region text. */
  announcement: string;
}

/** What `FooterShell` takes: the model's parts, its status line and the live region's text. */
export type FooterShellProps = Pick<
  SheetFooterProps,
  'parts' | 'keyHint' | 'guardText' | 'announcement'
> & {
  /** The answers (and what goes with them), before the status line. */
  children: ReactNode;
};

/**
 * The foot every sheet draws: `children` (its answers), the key hint and the input guard's
 * line, then the live region. The model decides everything shown; this only lays it out.
 */
export function FooterShell({
  parts,
  keyHint,
  guardText,
  announcement,
  children,
}: FooterShellProps) {
  return (
    <>
      <div className="mcp-consent-footer">
        {children}
        <div className="mcp-consent-status-line">
          <p {...p(parts['key-hint'])}>{keyHint}</p>
          <p {...p(parts['guard'])}>{guardText}</p>
        </div>
      </div>
      <div {...p(parts['announcer'])} className="mcp-consent-visually-hidden">
        {announcement}
      </div>
    </>
  );
}

/**
 * The foot of the sheets with plain answer buttons (dry-run, roots, result review, sampling):
 * one button per answer in a `FooterShell`.
 */
export function SheetFooter({ actions, acceptClick, ...shell }: SheetFooterProps) {
  return (
    <FooterShell {...shell}>
      <div {...p(shell.parts['actions'])}>
        {actions.map((action) => (
          <div className="mcp-consent-cell" key={action.id}>
            <button
              {...p(action.props)}
              onClick={(event) => acceptClick(event) && action.choose()}
              onFocus={() => action.focus()}
            >
              <span className="mcp-consent-action-label">{action.label}</span>
            </button>
          </div>
        ))}
      </div>
    </FooterShell>
  );
}
