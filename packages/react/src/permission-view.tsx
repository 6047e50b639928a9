import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import type { Choice } from '@mcp-consent/engine';
import type { PermissionApi, PermissionPart } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { SheetHeader, ToolRow } from './sheet-header.js';

export interface PermissionViewProps {
  api: PermissionApi;
  rootRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Whether a click may answer (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
  /** The live-region text (empty at first, then the model's announcement). */
  announcement: string;
}

/** Anatomy parts the model has no attribute object for. */
const part = (name: PermissionPart) => ({ 'data-scope': 'permission', 'data-part': name });
const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * The permission sheet's markup (spec R1 anatomy): every string, attribute and
 * state comes from the model's view; this only places parts and forwards
 * events. Server text is rendered as React text children, never as markup.
 */
export function PermissionView(props: PermissionViewProps) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = props;
  const action = (choice: Choice) => {
    const view = api.actions.find((entry) => entry.choice === choice)!;
    return (
      <button
        key={choice}
        {...p(api.getActionProps(choice))}
        onClick={(event) => acceptClick(event) && api.choose(choice)}
        onFocus={() => api.focus(choice)}
        // Like a disabled button, a click on an unavailable action leaves focus where it was.
        onMouseDown={view.enabled ? undefined : keepFocus}
      >
        <span {...part('action-shortcut')} aria-hidden="true">
          {view.shortcut}
        </span>
        <span className="mcp-consent-action-text">
          <span className="mcp-consent-action-label">{view.label}</span>
          {view.detail ? <span {...part('action-detail')}>{view.detail}</span> : null}
        </span>
      </button>
    );
  };

  return (
    <>
      <div {...p(api.props.backdrop)} onMouseDown={keepFocus} />
      <div {...p(api.props.root)} ref={rootRef} onKeyDown={onKeyDown}>
        <div className="mcp-consent-handle" aria-hidden="true" />
        <div className="mcp-consent-scroll">
          <SheetHeader
            props={api.props}
            title={api.title}
            server={api.server}
            onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
            titleExtra={<output {...p(api.props['queue-position'])}>{api.queue.text}</output>}
            tool={
              <ToolRow icon={api.props['tool-icon']}>
                <p {...p(api.props['tool-name'])}>{api.tool.name}</p>
                <p {...p(api.props['tool-title'])}>{api.tool.title}</p>
              </ToolRow>
            }
            meta={<span {...p(api.props['risk-badge'])}>{api.risk.label}</span>}
          />
          <div className="mcp-consent-body">
            {api.notices.map((notice, index) => (
              <p {...p(api.getNoticeProps(index))} key={`${notice.kind}-${index}`}>
                {notice.text}
              </p>
            ))}
            <p {...p(api.props['tool-description'])}>{api.tool.description}</p>
            <div className="mcp-consent-section">
              <p className="mcp-consent-subheading">{api.risk.heading}</p>
              <ul {...p(api.props['risk-reasons'])}>
                {api.risk.reasons.map((reason) => (
                  <li {...p(api.props['risk-reason'])} key={reason.reason}>
                    {reason.text}
                  </li>
                ))}
              </ul>
            </div>
            <div className="mcp-consent-section">
              <p {...p(api.props['effects-heading'])}>
                {api.effects.unannotatedText ?? api.effects.heading}
              </p>
              <ul {...p(api.props.effects)}>
                {api.effects.lines.map((line, index) => (
                  <li {...p(api.getEffectProps(index))} key={line.effect}>
                    {line.text}
                    <span {...part('effect-source')}>{line.sourceText}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div {...p(api.props.args)}>
              <p {...p(api.props['args-heading'])}>{api.args.heading}</p>
              <pre {...p(api.props['args-body'])}>{api.args.text}</pre>
              {api.args.moreText ? <p className="mcp-consent-more">{api.args.moreText}</p> : null}
              <p {...p(api.props['args-redacted'])}>{api.args.redactedText}</p>
              <button {...p(api.props['args-toggle'])} onClick={() => api.toggleArgs()}>
                {api.args.toggleLabel}
              </button>
            </div>
          </div>
        </div>

        <div className="mcp-consent-footer">
          <div {...p(api.props.actions)}>{api.actionRows.flat().map(action)}</div>
          {api.actions.map((view) => (
            <p {...p(api.getActionReasonProps(view.choice))} key={view.choice}>
              {view.disabledReason}
            </p>
          ))}
          <div className="mcp-consent-status-line">
            <p {...p(api.props['key-hint'])}>{api.keyHint}</p>
            <p {...p(api.props.guard)}>{api.guard.text}</p>
          </div>
        </div>
        <div {...p(api.props.announcer)} className="mcp-consent-visually-hidden">
          {announcement}
        </div>
      </div>
    </>
  );
}
