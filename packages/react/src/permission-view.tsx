import type { Choice } from '@mcp-consent/engine';
import type { PermissionApi, PermissionPart } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { keepFocus, SheetShell } from './sheet-shell.js';
import type { SheetViewProps } from './answer-sheet.js';
import { PermissionBody } from './permission-body.js';
import { PermissionGrains } from './permission-grains.js';
import { FooterShell } from './sheet-footer.js';
import { SheetHeader } from './sheet-header.js';

export type PermissionViewProps = SheetViewProps<PermissionApi>;

/** Anatomy parts the model has no attribute object for. */
const part = (name: PermissionPart) => ({ 'data-scope': 'permission', 'data-part': name });
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
    <SheetShell props={api.props} rootRef={rootRef} onKeyDown={onKeyDown}>
      <div className="mcp-consent-scroll">
        {/* Only the kit's own strings in the header: its title, the risk badge, the queue. */}
        <SheetHeader
          props={api.props}
          title={api.header.title}
          onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
          titleExtra={<output {...p(api.props['queue-position'])}>{api.queue.text}</output>}
          meta={<span {...p(api.props['risk-badge'])}>{api.header.risk.label}</span>}
        />
        <PermissionBody api={api} />
        <PermissionGrains api={api} acceptClick={acceptClick} />
      </div>

      <FooterShell
        parts={api.props}
        keyHint={api.keyHint}
        guardText={api.guard.text}
        announcement={announcement}
      >
        <div {...p(api.props.actions)}>{api.actionRows.flat().map(action)}</div>
        {api.actions.map((view) => (
          <p {...p(api.getActionReasonProps(view.choice))} key={view.choice}>
            {view.disabledReason}
          </p>
        ))}
      </FooterShell>
    </SheetShell>
  );
}
