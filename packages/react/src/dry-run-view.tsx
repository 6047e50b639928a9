import type { DryRunApi, MarkdownBlock, MarkdownRun } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { AnswerSheet, type SheetViewProps } from './answer-sheet.js';
import { ToolRow } from './sheet-header.js';

export type DryRunViewProps = SheetViewProps<DryRunApi>;

/** One run of the server's note as a text node (strong, em and code only change the look). */
function Run({ run }: { run: MarkdownRun }) {
  if (run.kind === 'strong') return <strong>{run.text}</strong>;
  if (run.kind === 'emphasis') return <em>{run.text}</em>;
  if (run.kind === 'code') return <code>{run.text}</code>;
  if (run.kind === 'link')
    return <span data-kind="link">{run.host ? `${run.text} (${run.host})` : run.text}</span>;
  return <>{run.text}</>;
}

/** The server's note as the model's blocks: text nodes only, nothing becomes markup or a link. */
function NoteBlocks({ blocks }: { blocks: readonly MarkdownBlock[] }) {
  return blocks.map((block, index) => (
    <p data-kind={block.kind} key={index}>
      {block.kind === 'item' ? `${block.marker} ` : null}
      {block.runs.map((run, at) => (
        <Run run={run} key={at} />
      ))}
    </p>
  ));
}

/**
 * A two-key dry run's markup (seed 001), step 2 of 2 of one flow: the step and title, the tool
 * and what the server says it would run it with (redacted), the server's own note quoted in a
 * "From the server" box (never as the kit's instruction), the operator notice, then Don't send
 * and Send for real. Every string and attribute comes from the model; server text is React
 * text, never markup.
 */
export function DryRunView(view: DryRunViewProps) {
  const { api } = view;
  const { props, preview, hint } = api;
  return (
    <AnswerSheet
      {...view}
      lead={<p {...p(props.step)}>{api.step.text}</p>}
      meta={<span {...p(props['risk-badge'])}>{api.risk?.label}</span>}
    >
      <ToolRow>
        <p {...p(props['tool-name'])}>{api.tool.name}</p>
      </ToolRow>
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
      <div {...p(props['from-server'])}>
        <p {...p(props['from-server-heading'])}>{hint?.heading}</p>
        <p {...p(props['hint-label'])}>{hint?.label}</p>
        <blockquote {...p(props.hint)}>
          {hint ? <NoteBlocks blocks={hint.blocks} /> : null}
        </blockquote>
      </div>
      <p {...p(props['operator-notice'])}>{api.operatorNotice}</p>
    </AnswerSheet>
  );
}
