import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import type { ResultReviewApi } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { SheetFooter } from './sheet-footer.js';
import { SheetHeader } from './sheet-header.js';

export interface ResultReviewViewProps {
  api: ResultReviewApi;
  rootRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Whether a click may answer (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
  /** The live-region text (empty at first, then the model's announcement). */
  announcement: string;
}

const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A result review's markup: who answered, the tool and its tier, the kit's error line, the
 * content (server text as React text only; images, audio, resources and structured data as
 * the model's labels), then Send to the model (the default) and Withhold from the model.
 * Every string and attribute comes from the model.
 */
export function ResultReviewView(view: ResultReviewViewProps) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = view;
  const { props } = api;
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
            tool={<span {...p(props.tool)}>{api.toolLine}</span>}
            meta={<span {...p(props.risk)}>{api.risk.label}</span>}
          />
          <div className="mcp-consent-body">
            {api.notices.map((notice, index) => (
              <p {...p(props.notice)} data-kind={notice.kind} key={`${notice.kind}-${index}`}>
                {notice.text}
              </p>
            ))}
            <p {...p(props.intro)}>{api.intro}</p>
            <p {...p(props.error)}>{api.error}</p>
            <p {...p(props['content-heading'])}>{api.contentHeading}</p>
            <p {...p(props.empty)}>{api.empty}</p>
            <div {...p(props.content)}>
              {api.blocks.map((block) => (
                <div {...p(api.getBlockProps(block.index))} key={block.index}>
                  {block.kind === 'text' ? (
                    <>
                      <pre {...p(props['block-text'])}>{block.text}</pre>
                      {block.more === null ? null : <p {...p(props.truncated)}>{block.more}</p>}
                    </>
                  ) : (
                    <p {...p(props['block-label'])}>{block.label}</p>
                  )}
                </div>
              ))}
            </div>
          </div>
        </div>
        <SheetFooter
          parts={props}
          actions={api.actions.map((action) => ({
            id: action.answer,
            label: action.label,
            props: api.getActionProps(action.answer),
            choose: () => api.choose(action.answer),
            focus: () => api.focus(action.answer),
          }))}
          keyHint={api.keyHint}
          guardText={api.guard.text}
          acceptClick={acceptClick}
          announcement={announcement}
        />
      </div>
    </>
  );
}
