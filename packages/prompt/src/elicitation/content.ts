import type { Translator } from '@mcp-consent/i18n';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { fieldsOf, type FieldSpec } from '../form-fields.js';
import { navigationBindings } from '../keymap.js';
import { parseMarkdown, type MarkdownBlock } from '../markdown.js';
import { serverChip } from '../sheet-parts.js';
import { checkUrl, type UrlCheck } from '../url-check.js';
import { elicitationIds } from './anatomy.js';
import { ACTIONS } from './order.js';
import type {
  ElicitationApi,
  ElicitationContent,
  ElicitationFocus,
  ElicitationPromptOptions,
  ElicitationUrlApi,
  ElicitRequest,
} from './types.js';

/**
 * Everything an elicitation sheet shows that the request decides, computed once: the
 * server, the message, the fields of the requested schema (form mode) or the checked link
 * (URL mode), the labels and what Accept may do. Server text is sanitized here.
 */
export function describeElicitation(
  request: ElicitRequest,
  options: ElicitationPromptOptions,
  t: Translator,
): ElicitationContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const isUrl = request.mode === 'url';
  const prefix = idPrefixFor(
    options.id ?? (isUrl ? request.elicitationId : 'elicitation'),
    options.idPrefix,
  );
  const server = serverChip(options.server, cleaner, t);
  const message = cleaner.clean(request.message, TEXT_LIMITS.message, { multiline: true });
  const blocks = messageBlocks(message.text, t);
  const fields = isUrl ? [] : fieldsOf(request.requestedSchema, cleaner);
  const unsupported = !isUrl && fields === null;
  const specs: FieldSpec[] = fields ?? [];
  const check = isUrl ? checkUrl(typeof request.url === 'string' ? request.url : '') : null;
  const acceptReason = unsupported
    ? t.t('mcp.elicitation.error.unsupported')
    : check && !check.valid
      ? check.error === 'scheme'
        ? t.t('mcp.elicitation.url.error.scheme', { scheme: cleaner.text(check.scheme, 40) })
        : t.t('mcp.elicitation.url.error.invalid')
      : null;
  const url = isUrl ? urlView(request.url, check!, acceptReason, cleaner, t) : undefined;
  // After every piece of server text above, so the notice counts them all.
  const notices: ElicitationApi['notices'] = cleaner.shouldNotice
    ? [{ kind: 'hidden_characters', text: t.t('mcp.permission.notice.hidden_characters') }]
    : [];
  return {
    t,
    prefix,
    ids: elicitationIds(prefix),
    title: t.t(
      isUrl
        ? 'mcp.elicitation.title.url'
        : specs.length > 0
          ? 'mcp.elicitation.title.form'
          : 'mcp.elicitation.title.confirm',
      { server: server.name },
    ),
    server,
    message: {
      label: t.t('mcp.elicitation.message.label'),
      text: message.text,
      truncated: message.truncated,
      blocks,
    },
    url,
    specs,
    fieldIds: new Map(specs.map((field, index) => [field.name, `${prefix}-field-${index}`])),
    unsupported,
    acceptLabel: isUrl
      ? t.t('mcp.elicitation.action.open')
      : t.t(specs.length > 0 ? 'mcp.elicitation.action.accept' : 'mcp.elicitation.action.confirm'),
    declineLabel: t.t(
      isUrl
        ? 'mcp.elicitation.action.decline_url'
        : specs.length > 0
          ? 'mcp.elicitation.action.decline'
          : 'mcp.elicitation.action.decline_confirm',
    ),
    // Known from the call the kit let through, never from what the server says.
    danger: !isUrl && options.origin?.destructive === true,
    acceptReason,
    defaultFocus: defaultFocusOf(specs),
    keymap: [
      { keys: ['Escape', 'Esc'], intent: 'escape', action: 'cancel' },
      { keys: ['Enter'], intent: 'activate-focused' },
      ...ACTIONS.map((action, index) => ({
        keys: [String(index + 1)],
        intent: 'choose' as const,
        action,
      })),
      ...navigationBindings(t.dir),
    ],
    notices,
    announcement: t.t('mcp.elicitation.announce', {
      server: server.name,
      // Read as shown: markdown without its markers, a link as its text and real host.
      message: plainText(blocks).slice(0, 300),
    }),
  };
}

/** The message as markdown blocks; a link shows its text and its real host, never a target. */
function messageBlocks(text: string, t: Translator): MarkdownBlock[] {
  return parseMarkdown(text).map((block) =>
    block.kind === 'code'
      ? block
      : {
          ...block,
          runs: block.runs.map((run) =>
            run.kind === 'link' && run.host !== null
              ? { ...run, text: t.t('mcp.elicitation.link', { text: run.text, host: run.host }) }
              : run,
          ),
        },
  );
}

/** The blocks as one text, list items with their markers. */
function plainText(blocks: readonly MarkdownBlock[]): string {
  return blocks
    .map(
      (block) =>
        (block.kind === 'item' ? `${block.marker} ` : '') +
        block.runs.map((run) => run.text).join(''),
    )
    .join('\n');
}

/** The first field; with none (a bare confirmation, URL mode) Decline, so Enter never consents. */
function defaultFocusOf(specs: readonly FieldSpec[]): ElicitationFocus {
  return specs.length > 0
    ? { kind: 'field', name: specs[0]!.name }
    : { kind: 'action', action: 'decline' };
}

/** The link as shown: the full URL with its host split out, and the warnings about it. */
function urlView(
  raw: string,
  url: UrlCheck,
  acceptReason: string | null,
  cleaner: TextCleaner,
  t: Translator,
): ElicitationUrlApi['url'] {
  const shown = cleaner.clean(url.valid ? url.href : raw, TEXT_LIMITS.url);
  const common = {
    label: t.t('mcp.elicitation.url.label'),
    text: shown.text,
    truncated: shown.truncated,
    notice: t.t('mcp.elicitation.url.notice'),
  };
  if (!url.valid) {
    return {
      ...common,
      valid: false,
      before: '',
      host: '',
      after: shown.text,
      site: null,
      hostUnicode: null,
      warnings: [],
      error: acceptReason,
      openUrl: null,
    };
  }
  const host = cleaner.text(url.host, 512);
  const unicode = url.hostUnicode === null ? null : cleaner.text(url.hostUnicode, 512);
  const warnings = url.warnings.map((kind) => ({
    kind,
    text:
      kind === 'punycode'
        ? t.t('mcp.elicitation.url.warning.punycode', { unicode: unicode ?? host })
        : kind === 'userinfo'
          ? t.t('mcp.elicitation.url.warning.userinfo', { host })
          : t.t(`mcp.elicitation.url.warning.${kind}`),
  }));
  // Long user info is how a link disguises its real site: it gets at most half the room
  // left by the host, so the host always shows and the shown text is the three parts.
  const before = cleaner.clean(
    url.before,
    Math.max(1, Math.floor((TEXT_LIMITS.url - host.length) / 2)),
  );
  const after = cleaner.clean(
    url.after,
    Math.max(1, TEXT_LIMITS.url - before.text.length - host.length),
  );
  return {
    ...common,
    text: before.text + host + after.text,
    truncated: before.truncated || host !== url.host || after.truncated,
    valid: true,
    before: before.text,
    host,
    after: after.text,
    site: t.t('mcp.elicitation.url.host', { host }),
    hostUnicode: unicode,
    warnings,
    error: null,
    openUrl: url.href,
  };
}
