import type { ElicitAction, ElicitationApi, ElicitationOutcome } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { keepFocus, SheetShell } from './sheet-shell.js';
import type { SheetViewProps } from './answer-sheet.js';
import { ElicitationField } from './elicitation-fields.js';
import { ElicitationMessage } from './elicitation-message.js';
import { FooterShell } from './sheet-footer.js';
import { SheetHeader } from './sheet-header.js';

export interface ElicitationViewProps extends SheetViewProps<ElicitationApi> {
  /** What an answer attempt came to (an invalid form stays open). */
  onOutcome?: (outcome: ElicitationOutcome) => void;
}

/**
 * The elicitation sheet's markup: the requesting server, the server's message
 * (markdown blocks as text, never markup), then a form (fields from the requested
 * schema) or a URL with its host highlighted and warnings, then the answers in the
 * model's order: Not now, Decline, then the primary Accept.
 */
export function ElicitationView(props: ElicitationViewProps) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = props;
  const outcome = (result: ElicitationOutcome) => props.onOutcome?.(result);
  const action = (name: ElicitAction) => {
    const view = api.actions.find((entry) => entry.action === name)!;
    const props = p(api.getActionProps(name));
    const reasonId = `${props.id as string}-reason`;
    return (
      <div className="mcp-consent-cell" key={name}>
        <button
          {...props}
          aria-describedby={view.disabledReason ? reasonId : undefined}
          onClick={(event) => {
            if (acceptClick(event)) outcome(api.choose(name));
          }}
          onFocus={() => api.focus({ kind: 'action', action: name })}
          onMouseDown={view.enabled ? undefined : keepFocus}
        >
          <span className="mcp-consent-action-text">
            <span className="mcp-consent-action-label">{view.label}</span>
            {view.detail ? <span {...p(api.props['action-detail'])}>{view.detail}</span> : null}
          </span>
        </button>
        {view.disabledReason ? (
          <span id={reasonId} data-scope="elicitation" data-part="action-reason">
            {view.disabledReason}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <SheetShell props={api.props} rootRef={rootRef} onKeyDown={onKeyDown}>
      <div className="mcp-consent-scroll">
        <SheetHeader
          props={api.props}
          title={api.title}
          server={api.server}
          onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
        />
        <div className="mcp-consent-body">
          {api.notices.map((notice, index) => (
            <p {...p(api.props.notice)} data-kind={notice.kind} key={`${notice.kind}-${index}`}>
              {notice.text}
            </p>
          ))}
          <div className="mcp-consent-section">
            <p {...p(api.props['message-label'])}>{api.message.label}</p>
            <ElicitationMessage api={api} />
          </div>
          {api.mode === 'form' ? <FormPart api={api} onOutcome={outcome} /> : <UrlPart api={api} />}
        </div>
      </div>
      <FooterShell
        parts={api.props}
        keyHint={api.keyHint}
        guardText={api.guard.text}
        announcement={announcement}
      >
        <div {...p(api.props.actions)}>{api.actions.map((view) => action(view.action))}</div>
      </FooterShell>
    </SheetShell>
  );
}

function FormPart({
  api,
  onOutcome,
}: {
  api: Extract<ElicitationApi, { mode: 'form' }>;
  onOutcome: (outcome: ElicitationOutcome) => void;
}) {
  return (
    <form
      {...p(api.props.form)}
      onSubmit={(event) => {
        event.preventDefault();
        onOutcome(api.accept());
      }}
    >
      <p {...p(api.props['error-summary'])}>{api.form.errorSummary}</p>
      {api.form.fields.map((field) => (
        <ElicitationField api={api} field={field} key={field.name} />
      ))}
    </form>
  );
}

function UrlPart({ api }: { api: Extract<ElicitationApi, { mode: 'url' }> }) {
  const { url } = api;
  return (
    <div className="mcp-consent-section">
      <p {...p(api.props['url-label'])}>{url.label}</p>
      <p {...p(api.props.url)}>
        <span {...p(api.props['url-before'])}>{url.before}</span>
        <span {...p(api.props['url-host'])}>{url.host}</span>
        <span {...p(api.props['url-after'])}>{url.after}</span>
      </p>
      {url.site ? <p {...p(api.props['url-site'])}>{url.site}</p> : null}
      {url.warnings.map((warning) => (
        <p {...p(api.props['url-warning'])} data-kind={warning.kind} key={warning.kind}>
          {warning.text}
        </p>
      ))}
      {url.error ? <p {...p(api.props['url-error'])}>{url.error}</p> : null}
      <p {...p(api.props['url-notice'])}>{url.notice}</p>
    </div>
  );
}
