import type { Translator } from '@mcp-consent/i18n';
import { partAttrs, type PartProps } from './anatomy.js';
import { resolveTranslator } from './core.js';
import { sanitizeText } from './sanitize.js';

/** The parts of the running call's status (see `connectCallProgress`). */
export const callProgressAnatomy = ['progress', 'label', 'bar', 'count', 'message'] as const;

export type CallProgressPart = (typeof callProgressAnatomy)[number];

/** One progress report of a running call: the shape `@mcp-consent/mcp`'s `onProgress` gives. */
export interface CallProgress {
  /** The tool as the caller named it. */
  tool: string;
  progress: number;
  total?: number;
  /** The server's note (untrusted: cleaned again here). */
  message?: string;
}

export interface CallProgressApi {
  /** "Running notes_put…": the kit's words around the cleaned tool name. */
  label: string;
  /** "3 of 10", or "Progress: 3" when the server gave no total. */
  count: string;
  /** 0–100 when the server gave a usable total, else null (an indeterminate bar). */
  percent: number | null;
  /** The server's note, cleaned, with the kit's label in front; null when there is none. */
  message: { label: string; text: string } | null;
  props: Record<CallProgressPart, PartProps>;
}

/** Longest tool name and server note shown in a one-line status. */
const TOOL_LIMIT = 80;
const MESSAGE_LIMIT = 200;

const finite = (value: number | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The status of an allowed call that is running: which tool, how far (a progress bar when the
 * server gives a total), and the server's latest note, shown as the server's words under a
 * kit label. A polite live region, never a dialog; the same model for every renderer.
 */
export function connectCallProgress(options: {
  progress: CallProgress;
  translator?: Translator;
  locale?: string | readonly string[];
}): CallProgressApi {
  const t = resolveTranslator(options);
  const { progress } = options;
  const tool = sanitizeText(progress.tool, { maxLength: TOOL_LIMIT }).text;
  const done = finite(progress.progress) ? Math.max(0, progress.progress) : 0;
  const total = finite(progress.total) && progress.total > 0 ? progress.total : undefined;
  const percent = total === undefined ? null : Math.min(100, Math.round((done / total) * 100));
  const note =
    progress.message === undefined
      ? ''
      : sanitizeText(progress.message, { maxLength: MESSAGE_LIMIT }).text.trim();
  const label = t.t('mcp.progress.running', { tool });
  const text = { dir: t.dir, lang: t.locale };
  return {
    label,
    count:
      total === undefined
        ? t.t('mcp.progress.count', { progress: done })
        : t.t('mcp.progress.of', { progress: done, total }),
    percent,
    message: note === '' ? null : { label: t.t('mcp.progress.server_says'), text: note },
    props: {
      progress: {
        ...partAttrs('progress', 'progress'),
        role: 'status',
        'aria-live': 'polite',
        ...text,
      },
      label: { ...partAttrs('progress', 'label') },
      bar: {
        ...partAttrs('progress', 'bar'),
        role: 'progressbar',
        'aria-label': label,
        'aria-valuemin': '0',
        'aria-valuemax': '100',
        'aria-valuenow': percent === null ? undefined : String(percent),
      },
      count: { ...partAttrs('progress', 'count') },
      // The server's words keep their own direction inside the kit's line.
      message: { ...partAttrs('progress', 'message'), dir: 'auto' },
    },
  };
}
