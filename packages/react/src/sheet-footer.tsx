import type { MouseEvent } from 'react';
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

/**
 * The foot of the dry-run, roots and sampling sheets: the answers, the key hint and the input
 * guard's line, then the live region. The model decides everything shown; this only lays it out.
 */
export function SheetFooter({
  parts,
  actions,
  keyHint,
  guardText,
  acceptClick,
  announcement,
}: SheetFooterProps) {
  return (
    <>
      <div className="mcp-consent-footer">
        <div {...p(parts['actions'])}>
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
