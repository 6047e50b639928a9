import { Fragment, useState } from 'react';
import { serverTextAttrs, type ServerText, type TextPart } from '@mcp-consent/prompt';

type HiddenPart = Extract<TextPart, { type: 'hidden' }>;

/**
 * Server text in a React sheet: `ServerText` (from the prompt model's `TextCleaner.serverText`)
 * as text nodes, and each run of hidden characters as one chip, a small button ("200 hidden
 * characters") whose `aria-expanded` shows or hides the run's codes. Never markup: every
 * piece is a React text child.
 *
 * ```tsx
 * import { ServerTextView } from './server-text.js';
 * <p dir="auto"><ServerTextView value={api.fromServer.description} /></p>
 * ```
 *
 * Its CSS is `serverTextStyles`, part of `consentStyles`. Whether a chip is open is the
 * reader's, not the model's; a new `ServerText` starts with every chip closed.
 */
export function ServerTextView({ value }: { value: ServerText | null | undefined }) {
  if (!value || value.parts.length === 0) return null;
  return (
    <span key={generation(value)} {...serverTextAttrs('server-text')}>
      {value.parts.map((part, index) =>
        part.type === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <HiddenChip key={index} part={part} />
        ),
      )}
    </span>
  );
}

function HiddenChip({ part }: { part: HiddenPart }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="mcp-consent-hidden-chip"
        {...serverTextAttrs('hidden-chip')}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {part.label}
      </button>
      <span
        className="mcp-consent-hidden-codes"
        {...serverTextAttrs('hidden-codes')}
        translate="no"
        dir="ltr"
        hidden={!open}
      >
        {part.codes}
      </span>
    </>
  );
}

/** A number per `ServerText` object, so a new text remounts (closes) its chips. */
const generations = new WeakMap<ServerText, number>();
let nextGeneration = 0;
function generation(value: ServerText): number {
  let id = generations.get(value);
  if (id === undefined) generations.set(value, (id = nextGeneration++));
  return id;
}

/**
 * The chip (a small pill inside the text, not a 48 px action: it answers nothing), its codes
 * on their own and breakable anywhere, and `ServerToolIcon`'s fixed size.
 */
export const serverTextStyles = `
.mcp-consent-theme button.mcp-consent-hidden-chip {
  display: inline-flex; align-items: center; gap: 4px; min-block-size: 24px; min-inline-size: 0;
  margin-inline: 2px; padding: 0 8px; border-radius: 999px; border: 1px dashed var(--_outline);
  background: var(--_surface-container); color: var(--_on-surface-variant);
  font-size: 0.8125rem; font-weight: 600; line-height: 1.3; vertical-align: baseline; white-space: nowrap;
}
.mcp-consent-theme button.mcp-consent-hidden-chip::after { content: '▸' / ''; font-size: 0.75em; }
.mcp-consent-theme button.mcp-consent-hidden-chip:dir(rtl)::after { content: '◂' / ''; }
.mcp-consent-theme button.mcp-consent-hidden-chip[aria-expanded='true']::after { content: '▾' / ''; }
.mcp-consent-theme .mcp-consent-hidden-codes {
  display: block; margin-block: 2px; padding: 2px 6px; border-radius: 6px;
  background: var(--_surface-container); color: var(--_on-surface-variant);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.8125rem;
  overflow-wrap: anywhere; word-break: break-all; text-align: start; unicode-bidi: isolate;
}
.mcp-consent-theme .mcp-consent-hidden-codes[hidden] { display: none; }
.mcp-consent-theme img.mcp-consent-tool-own-icon {
  display: block; inline-size: 24px; block-size: 24px; object-fit: contain;
}
`;
