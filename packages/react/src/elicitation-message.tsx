import type { ElicitationApi, MarkdownRun } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';

/** One run as a text node: strong → <strong>, emphasis → <em>, code → <code>; a link is only text. */
function Run({ api, run }: { api: ElicitationApi; run: MarkdownRun }) {
  const props = { ...p(api.props['message-run']), 'data-kind': run.kind };
  if (run.kind === 'strong') return <strong {...props}>{run.text}</strong>;
  if (run.kind === 'emphasis') return <em {...props}>{run.text}</em>;
  if (run.kind === 'code') return <code {...props}>{run.text}</code>;
  return <span {...props}>{run.text}</span>;
}

/**
 * The server's message as the model's markdown blocks (paragraphs, list items, code), every
 * run a text node: nothing the server sends becomes markup or a link.
 */
export function ElicitationMessage({ api }: { api: ElicitationApi }) {
  return (
    <div {...p(api.props.message)}>
      {api.message.blocks.map((block, index) => (
        <p {...p(api.props['message-block'])} data-kind={block.kind} key={index}>
          {block.kind === 'item' ? (
            <>
              <span {...p(api.props['message-marker'])}>{block.marker}</span>{' '}
            </>
          ) : null}
          {block.runs.map((run, at) => (
            <Run api={api} run={run} key={at} />
          ))}
        </p>
      ))}
    </div>
  );
}
