import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import type { DryRunApi } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { SheetHeader, ToolRow } from './sheet-header.js';

export interface DryRunViewProps {
  api: DryRunApi;
  rootRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Whether a click may answer (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
  /** The live-region text (empty at first, then the model's announcement). */
  announcement: string;
}

const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A two-key dry run's markup (seed 001): what the tool would do (redacted), the
 * server's hint and the operator notice, then Don't run and Run it for real. Every
 * string and attribute comes from the model; server text is React text, never markup.
 */
export function DryRunView(view: DryRunViewProps) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = view;
  const { props, preview } = api;
  return (
    <>
      <div {...p(props.backdrop)} onMouseDown={keepFocus} />
      <div {...p(props.root)} ref={rootRef} onKeyDown={onKeyDown}>
        <div className="mcp-consent-handle" aria-hidden="true" />
        <div className="mcp-consent-scroll">
          <SheetHeader
            props={props}
            title={api.title}
            server={api.server}
            onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
            tool={
              <ToolRow>
                <p {...p(props['tool-name'])}>{api.tool.name}</p>
              </ToolRow>
            }
            meta={<span {...p(props['risk-badge'])}>{api.risk?.label}</span>}
          />
          <div className="mcp-consent-body">
            {api.notices.map((notice, index) => (
              <p {...p(props.notice)} data-kind={notice.kind} key={`${notice.kind}-${index}`}>
                {notice.text}
              </p>
            ))}
            <p {...p(props.intro)}>{api.intro}</p>
            <div className="mcp-consent-section mcp-consent-preview">
              <p {...p(props['preview-heading'])}>{preview.heading}</p>
              <pre {...p(props.preview)}>{preview.text}</pre>
              {preview.moreText ? <p className="mcp-consent-more">{preview.moreText}</p> : null}
              <p {...p(props['args-redacted'])}>{preview.redactedText}</p>
              <button {...p(props['args-toggle'])} onClick={() => api.togglePreview()}>
                {preview.toggleLabel}
              </button>
            </div>
            <div className="mcp-consent-section" hidden={api.hint === null}>
              <p {...p(props['hint-label'])}>{api.hint?.label}</p>
              <p {...p(props.hint)}>{api.hint?.text}</p>
            </div>
            <p {...p(props['operator-notice'])}>{api.operatorNotice}</p>
          </div>
        </div>

        <div className="mcp-consent-footer">
          <div {...p(props.actions)}>
            {api.actions.map((action) => (
              <div className="mcp-consent-cell" key={action.answer}>
                <button
                  {...p(api.getActionProps(action.answer))}
                  onClick={(event) => acceptClick(event) && api.choose(action.answer)}
                  onFocus={() => api.focus(action.answer)}
                >
                  <span className="mcp-consent-action-label">{action.label}</span>
                </button>
              </div>
            ))}
          </div>
          <div className="mcp-consent-status-line">
            <p {...p(props['key-hint'])}>{api.keyHint}</p>
            <p {...p(props.guard)}>{api.guard.text}</p>
          </div>
        </div>
        <div {...p(props.announcer)} className="mcp-consent-visually-hidden">
          {announcement}
        </div>
      </div>
    </>
  );
}
