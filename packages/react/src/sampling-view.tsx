import type { BlockView, PartProps, SamplingApi, SamplingField } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { keepFocus, SheetShell } from './sheet-shell.js';
import type { SheetViewProps } from './answer-sheet.js';
import { footerAction, SheetFooter } from './sheet-footer.js';
import { ServerTextView } from './server-text.js';
import { SheetHeader } from './sheet-header.js';

export type SamplingViewProps = SheetViewProps<SamplingApi>;

/** Plain text items, each with the model's part (the order is their key: texts may repeat). */
function TextItems({ texts, props }: { texts: readonly string[]; props: PartProps | undefined }) {
  return texts.map((text, index) => (
    <li {...p(props)} key={index}>
      {text}
    </li>
  ));
}

/** One content block: text with its "show more", or the label of an image, audio or tool block. */
function Block({ api, block }: { api: SamplingApi; block: BlockView }) {
  const { props } = api;
  if (block.kind !== 'text')
    return (
      <p {...p(block.kind === 'media' ? props.media : props.block)} data-kind={block.kind}>
        {block.label}
      </p>
    );
  return (
    <div {...p(props.block)} data-kind="text" data-expanded={String(block.expanded)}>
      <p className="mcp-consent-block-text">
        <ServerTextView value={block.text} />
      </p>
      {block.toggleLabel ? (
        <button
          {...p(props['block-toggle'])}
          aria-expanded={block.expanded}
          onClick={() => api.toggleBlock(block.id)}
        >
          {block.toggleLabel}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One sampling step's markup (issue 18). Step 1: the step, title and server, the risk badge
 * and its reasons, the server's messages (images and audio as labels, never decoded), the
 * system prompt and parameters, the edit form when open, the grain, then Approve, Edit and
 * Deny. Step 2: the model's reply with Send and Deny. Every string comes from the model;
 * server text is React text, never markup.
 */
export function SamplingView(view: SamplingViewProps) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = view;
  const { props } = api;
  const field = (name: SamplingField) => ({
    onFocus: () => api.focus({ kind: 'field', name }),
  });
  return (
    <SheetShell props={props} rootRef={rootRef} onKeyDown={onKeyDown}>
      <div className="mcp-consent-scroll">
        <p {...p(props.step)}>{api.stepText}</p>
        <SheetHeader
          props={props}
          title={api.title}
          server={api.server}
          onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
          meta={<span {...p(props['risk-badge'])}>{api.risk.label}</span>}
        />
        <div className="mcp-consent-body">
          {api.notices.map((notice, index) => (
            <p {...p(props.notice)} data-kind={notice.kind} key={`${notice.kind}-${index}`}>
              {notice.text}
            </p>
          ))}
          <p {...p(props.intro)}>{api.intro}</p>
          <ul className="mcp-consent-reasons">
            <TextItems texts={api.risk.reasons} props={props['risk-reason']} />
          </ul>
          {api.response ? (
            <div {...p(props.response)}>
              <p className="mcp-consent-section-heading">{api.response.heading}</p>
              <p {...p(props['response-model'])}>{api.response.model}</p>
              {api.response.blocks.map((block) => (
                <Block api={api} block={block} key={block.id} />
              ))}
              {api.response.stopReason ? <p>{api.response.stopReason}</p> : null}
            </div>
          ) : null}
          <div {...p(props.messages)} aria-label={api.messagesHeading}>
            <p className="mcp-consent-section-heading">{api.messagesHeading}</p>
            {api.messages.map((message, index) => (
              <div {...p(props.message)} data-role={message.role} key={index}>
                <p {...p(props['message-role'])}>{message.roleLabel}</p>
                {message.blocks.map((block) => (
                  <Block api={api} block={block} key={block.id} />
                ))}
              </div>
            ))}
          </div>
          {api.systemPrompt ? (
            <div {...p(props['system-prompt'])}>
              <p className="mcp-consent-section-heading">{api.systemPrompt.label}</p>
              <Block api={api} block={api.systemPrompt.block} />
            </div>
          ) : null}
          <ul {...p(props.details)}>
            <TextItems texts={api.details} props={props.detail} />
          </ul>
          {api.tools ? (
            <div {...p(props.tools)}>
              <p className="mcp-consent-section-heading">{api.tools.heading}</p>
              <ul>
                {api.tools.names.map((name, index) => (
                  <li key={index}>{name}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {api.edit ? (
            <form {...p(props['edit-form'])} onSubmit={keepFocus}>
              <p className="mcp-consent-section-heading">{api.edit.heading}</p>
              {api.edit.fields.map((entry) => (
                <div {...p(props['edit-field'])} key={entry.name}>
                  <label {...p(props['edit-label'])} htmlFor={entry.id}>
                    {entry.label}
                  </label>
                  {entry.multiline ? (
                    <textarea
                      {...p(props['edit-input'])}
                      id={entry.id}
                      name={entry.name}
                      value={entry.value}
                      onChange={(event) => api.setValue(entry.name, event.target.value)}
                      {...field(entry.name)}
                    />
                  ) : (
                    <input
                      {...p(props['edit-input'])}
                      id={entry.id}
                      name={entry.name}
                      inputMode="numeric"
                      value={entry.value}
                      aria-invalid={entry.error ? true : undefined}
                      onChange={(event) => api.setValue(entry.name, event.target.value)}
                      {...field(entry.name)}
                    />
                  )}
                  {entry.error ? <p {...p(props['edit-error'])}>{entry.error}</p> : null}
                </div>
              ))}
            </form>
          ) : null}
          {api.grain ? (
            <div {...p(props.grain)} aria-label={api.grain.label}>
              <p className="mcp-consent-section-heading">{api.grain.label}</p>
              {api.grain.options.map((option) => (
                <label {...p(props['grain-option'])} key={option.value}>
                  <input
                    type="radio"
                    name={`${api.props.root?.id ?? 'sampling'}-grain`}
                    value={option.value}
                    checked={option.selected}
                    onChange={() => api.setGrain(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          ) : null}
        </div>
      </div>

      <SheetFooter
        parts={props}
        actions={api.actions.map(({ action, label }) =>
          footerAction(api, action, label, { kind: 'action', action } as const),
        )}
        keyHint={api.keyHint}
        guardText={api.guard.text}
        acceptClick={acceptClick}
        announcement={announcement}
      />
    </SheetShell>
  );
}
