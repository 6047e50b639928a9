import type { PartProps, PermissionApi, PermissionPart } from '@mcp-consent/prompt';
import { ArgsEditor } from './args-editor.js';
import { toReactProps as p } from './attrs.js';
import { ServerTextView } from './server-text.js';
import { ServerChip, ToolRow } from './sheet-header.js';
import { ServerToolIcon } from './tool-icon.js';

type ChangeView = NonNullable<PermissionApi['change']>;

/** A part's attributes from the model. */
const props = (api: PermissionApi, part: string): PartProps =>
  api.props[part as PermissionPart] ?? { 'data-scope': 'permission', 'data-part': part };

/**
 * The permission sheet's body, in the order every renderer shows (issue 16): the summary
 * line, the arguments, why this risk and the effects, then one "From the server" box with
 * everything the server said, then the notices.
 */
export function PermissionBody({ api }: { api: PermissionApi }) {
  return (
    <div className="mcp-consent-body">
      <p {...p(props(api, 'summary'))}>{api.summary}</p>
      <Arguments api={api} />
      <ArgsEditor api={api.editor} />
      <Why api={api} />
      <FromServer api={api} />
      {api.notices.map((notice, index) => (
        <p {...p(api.getNoticeProps(index))} key={`${notice.kind}-${index}`}>
          {notice.text}
        </p>
      ))}
    </div>
  );
}

function Arguments({ api }: { api: PermissionApi }) {
  return (
    <div {...p(api.props.args)}>
      <p {...p(api.props['args-heading'])}>{api.args.heading}</p>
      <pre {...p(api.props['args-body'])}>{api.args.text}</pre>
      {api.args.moreText ? <p className="mcp-consent-more">{api.args.moreText}</p> : null}
      <p {...p(api.props['args-redacted'])}>{api.args.redactedText}</p>
      <button {...p(api.props['args-toggle'])} onClick={() => api.toggleArgs()}>
        {api.args.toggleLabel}
      </button>
    </div>
  );
}

/** Why this risk, then what the tool will do. */
function Why({ api }: { api: PermissionApi }) {
  return (
    <div className="mcp-consent-section mcp-consent-why">
      <p className="mcp-consent-subheading">{api.risk.heading}</p>
      <ul {...p(api.props['risk-reasons'])}>
        {api.risk.reasons.map((reason) => (
          <li {...p(api.props['risk-reason'])} key={reason.reason}>
            {reason.text}
          </li>
        ))}
      </ul>
      <p {...p(api.props['effects-heading'])}>
        {api.effects.unannotatedText ?? api.effects.heading}
      </p>
      <ul {...p(api.props.effects)}>
        {api.effects.lines.map((line, index) => (
          <li {...p(api.getEffectProps(index))} key={line.effect}>
            {line.text}
            <span data-scope="permission" data-part="effect-source">
              {line.sourceText}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The one box that holds what the server sent: nothing of it appears anywhere else. */
function FromServer({ api }: { api: PermissionApi }) {
  const from = api.fromServer;
  return (
    <section {...p(props(api, 'from-server'))}>
      <p {...p(props(api, 'from-server-heading'))}>{from.heading}</p>
      <ToolRow icon={api.props['tool-icon']} image={<ServerToolIcon icon={from.icon} />}>
        <p {...p(api.props['tool-name'])}>{from.name}</p>
        {from.title ? (
          <p {...p(api.props['tool-title'])}>
            <ServerTextView value={from.title} />
          </p>
        ) : null}
      </ToolRow>
      <ServerChip props={api.props} server={api.server} />
      {from.description ? (
        <p {...p(api.props['tool-description'])}>
          <ServerTextView value={from.description} />
        </p>
      ) : null}
      {from.descriptionToggleLabel ? (
        <button {...p(props(api, 'description-toggle'))} onClick={() => api.toggleDescription()}>
          {from.descriptionToggleLabel}
        </button>
      ) : null}
      {api.change ? <Change api={api} change={api.change} /> : null}
    </section>
  );
}

/** What changed since the user allowed the tool: opened on demand, added and removed marked. */
function Change({ api, change }: { api: PermissionApi; change: ChangeView }) {
  const words = change.marks;
  return (
    <div {...p(props(api, 'change'))}>
      <p {...p(props(api, 'change-heading'))}>{change.heading}</p>
      <p {...p(props(api, 'change-summary'))}>{change.summary}</p>
      <button {...p(props(api, 'change-toggle'))} onClick={() => api.openChange(!change.opened)}>
        {change.toggleLabel}
      </button>
      <div {...p(props(api, 'change-body'))} hidden={!change.opened}>
        {change.opened
          ? change.parts.map((part, i) => (
              <div {...p(api.getChangePartProps(i))} key={part.part}>
                <p {...p(props(api, 'change-part-label'))}>{part.label}</p>
                <p className="mcp-consent-diff">
                  {part.segments.map((segment, j) => {
                    const attrs = p(api.getChangeSegmentProps(i, j));
                    // Screen readers do not announce <ins>/<del>: a hidden word says which it is.
                    if (segment.op === 'added')
                      return (
                        <ins {...attrs} key={j}>
                          <span className="mcp-consent-visually-hidden">{`${words.added} `}</span>
                          {segment.text}
                        </ins>
                      );
                    if (segment.op === 'removed')
                      return (
                        <del {...attrs} key={j}>
                          <span className="mcp-consent-visually-hidden">{`${words.removed} `}</span>
                          {segment.text}
                        </del>
                      );
                    return (
                      <span {...attrs} key={j}>
                        {segment.text}
                      </span>
                    );
                  })}
                </p>
              </div>
            ))
          : null}
      </div>
    </div>
  );
}
