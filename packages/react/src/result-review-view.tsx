import type { ResultReviewApi } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { AnswerSheet, type SheetViewProps } from './answer-sheet.js';

export type ResultReviewViewProps = SheetViewProps<ResultReviewApi>;

/**
 * A result review's markup: who answered, the tool and its tier, the kit's error line, the
 * content (server text as React text only; images, audio, resources and structured data as
 * the model's labels), then Send to the model (the default) and Withhold from the model.
 * Every string and attribute comes from the model.
 */
export function ResultReviewView(view: ResultReviewViewProps) {
  const { api } = view;
  const { props } = api;
  return (
    <AnswerSheet
      {...view}
      tool={
        <p className="mcp-consent-tool-row">
          <span {...p(props.tool)}>{api.toolLine}</span>
          <span {...p(props.risk)}>{api.risk.label}</span>
        </p>
      }
    >
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
    </AnswerSheet>
  );
}
