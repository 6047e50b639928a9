import { assessSampling, type SamplingRiskReason } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { idPrefixFor, TEXT_LIMITS, TextCleaner } from '../core.js';
import { navigationBindings } from '../keymap.js';
import { riskColorRole } from '../permission/types.js';
import { base64Bytes, serverChip, sizeLabel } from '../sheet-parts.js';
import { samplingIds } from './anatomy.js';
import type {
  BlockContent,
  SamplingAction,
  SamplingCall,
  SamplingContent,
  SamplingField,
  SamplingPromptOptions,
} from './types.js';

/** @default previewLength: text longer than this is cut with a "show more". */
export const DEFAULT_PREVIEW_LENGTH = 600;
/** The whole of one text block, shown after "show more" (longer text stays cut). */
const WHOLE_LENGTH = 20_000;
const SHORT_LABEL = 200;

/** The badge of each tier: the plain tier, never the permission sheet's claims about tools. */
const BADGE = { low: 'low_writes', medium: 'medium', high: 'high_plain' } as const;

/** Reasons worded by the permission sheet already; the rest are sampling's own. */
function reasonText(reason: SamplingRiskReason, t: Translator): string {
  if (reason === 'trusted_server' || reason === 'untrusted_server')
    return t.t(`mcp.permission.risk.why.${reason}`);
  return t.t(`mcp.sampling.reason.${reason}`);
}

/**
 * Everything a sampling sheet shows that the request decides, computed once: who asks, the
 * risk and its reasons, the messages, the system prompt, the model preferences, the context,
 * the reply length, the tools and (step 2) the reply. Every server string is cleaned here;
 * images and audio are labelled with their type and size, never decoded.
 */
export function describeSampling(
  call: SamplingCall,
  options: SamplingPromptOptions,
  t: Translator,
): SamplingContent {
  const cleaner = new TextCleaner(options.textMode ?? 'escape', t);
  const prefix = idPrefixFor(call.id ?? 'sampling', options.idPrefix);
  const short = options.previewLength ?? DEFAULT_PREVIEW_LENGTH;
  const params = call.params;
  const server = serverChip(call.server, cleaner, t);
  const assessed = assessSampling(
    params,
    call.server,
    options.largeMaxTokens === undefined ? {} : { largeMaxTokens: options.largeMaxTokens },
  );
  let counter = 0;
  const blocksOf = (content: unknown): BlockContent[] =>
    (Array.isArray(content) ? content : [content]).map((block) =>
      blockContent(block, `${prefix}-block-${++counter}`, cleaner, t, short),
    );
  const messages = (Array.isArray(params.messages) ? params.messages : []).map((raw) => {
    const message = record(raw);
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    return {
      role,
      roleLabel: t.t(`mcp.sampling.role.${role}`),
      blocks: blocksOf(message.content),
    } as const;
  });
  const system =
    typeof params.systemPrompt === 'string' && params.systemPrompt !== ''
      ? blocksOf({ type: 'text', text: params.systemPrompt })[0]!
      : null;
  const response =
    call.step === 'response'
      ? {
          model: t.t('mcp.sampling.response.model', {
            model: cleaner.text(call.result.model, TEXT_LIMITS.toolTitle) || '?',
          }),
          blocks: blocksOf(call.result.content),
          stopReason:
            typeof call.result.stopReason === 'string'
              ? t.t('mcp.sampling.response.stop', {
                  reason: cleaner.text(call.result.stopReason, TEXT_LIMITS.option),
                })
              : null,
        }
      : null;
  const tools = toolNames(params.tools, cleaner);
  const details = detailLines(params, cleaner, t);
  const stepLabel = t.t(`mcp.sampling.step.${call.step}`);
  const stepText = t.t('mcp.sampling.step', {
    index: call.step === 'request' ? 1 : 2,
    label: stepLabel,
  });
  const risk = {
    tier: assessed.tier,
    colorRole: riskColorRole[assessed.tier],
    label: t.t(`mcp.permission.risk.${BADGE[assessed.tier]}`),
    reasons: assessed.reasons.map((reason) => reasonText(reason, t)),
  };
  // After every piece of server text above, so the notice counts them all.
  const notices: SamplingContent['notices'] = cleaner.shouldNotice
    ? [{ kind: 'hidden_characters', text: t.t('mcp.permission.notice.hidden_characters') }]
    : [];
  const answers: SamplingAction[] =
    call.step === 'request' ? ['approve', 'edit', 'deny'] : ['send', 'deny'];
  return {
    t,
    prefix,
    step: call.step,
    ids: samplingIds(prefix),
    stepText,
    title: t.t(`mcp.sampling.title.${call.step}`),
    intro: t.t(`mcp.sampling.intro.${call.step}`, { server: server.name }),
    server,
    risk,
    riskReasons: assessed.reasons,
    messages,
    systemPrompt: system,
    details,
    tools: tools.length > 0 ? { heading: t.t('mcp.sampling.tools.heading'), names: tools } : null,
    response,
    editable: call.step === 'request' ? editableFields(call) : [],
    notices,
    keymap: [
      ...answers.map((action, index) => ({
        keys: [String(index + 1)],
        intent: 'choose' as const,
        action,
      })),
      { keys: ['Enter'], intent: 'activate-focused' },
      { keys: ['Escape', 'Esc'], intent: 'escape', action: 'deny' },
      ...navigationBindings(t.dir),
    ],
    announcement: t.t(`mcp.sampling.announce.${call.step}`, {
      step: stepText,
      server: server.name,
      risk: risk.label,
    }),
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** One content block: text is cleaned twice (short and whole); anything else becomes a label. */
function blockContent(
  raw: unknown,
  id: string,
  cleaner: TextCleaner,
  t: Translator,
  short: number,
): BlockContent {
  const block = record(raw);
  if (block.type === 'text' && typeof block.text === 'string')
    return {
      kind: 'text',
      id,
      short: cleaner.serverText(block.text, short, true),
      whole: cleaner.serverText(block.text, WHOLE_LENGTH, true),
    };
  if (block.type === 'image' || block.type === 'audio')
    return {
      kind: 'media',
      id,
      label: t.t(`mcp.sampling.block.${block.type}`, {
        mime: cleaner.text(block.mimeType, SHORT_LABEL) || '?',
        size: sizeLabel(base64Bytes(block.data), t),
      }),
    };
  if (block.type === 'tool_use')
    return {
      kind: 'other',
      id,
      label: t.t('mcp.sampling.block.tool_use', {
        name: cleaner.text(block.name, TEXT_LIMITS.toolName) || '?',
      }),
    };
  if (block.type === 'tool_result')
    return { kind: 'other', id, label: t.t('mcp.sampling.block.tool_result') };
  return { kind: 'other', id, label: t.t('mcp.sampling.block.unknown') };
}

function toolNames(tools: unknown, cleaner: TextCleaner): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.map((tool) => cleaner.text(record(tool).name, TEXT_LIMITS.toolName) || '?');
}

/** Model preferences, context, reply length and temperature, one line each. */
function detailLines(
  params: SamplingCall['params'],
  cleaner: TextCleaner,
  t: Translator,
): string[] {
  const lines: string[] = [];
  const prefs = record(params.modelPreferences);
  const hints = (Array.isArray(prefs.hints) ? prefs.hints : [])
    .map((hint) => cleaner.text(record(hint).name, SHORT_LABEL))
    .filter((name) => name !== '');
  if (hints.length > 0) lines.push(t.t('mcp.sampling.prefs.hints', { names: hints.join(', ') }));
  for (const key of ['cost', 'speed', 'intelligence'] as const) {
    const value = prefs[`${key}Priority`];
    if (typeof value === 'number' && Number.isFinite(value))
      lines.push(t.t(`mcp.sampling.prefs.${key}`, { value: Math.min(1, Math.max(0, value)) }));
  }
  const context = params.includeContext;
  const contextKey =
    context === undefined || context === 'none'
      ? 'none'
      : context === 'thisServer'
        ? 'this_server'
        : 'all_servers';
  lines.push(t.t(`mcp.sampling.context.${contextKey}`));
  const max = params.maxTokens;
  lines.push(
    typeof max === 'number' && Number.isFinite(max)
      ? t.t('mcp.sampling.max_tokens', { count: max })
      : t.t('mcp.sampling.max_tokens.missing'),
  );
  if (typeof params.temperature === 'number' && Number.isFinite(params.temperature))
    lines.push(t.t('mcp.sampling.temperature', { value: params.temperature }));
  return lines;
}

/**
 * What the user may edit: the last user message's first text block (when it has one), the
 * system prompt and the reply length. First values are the server's text with hidden
 * characters removed: an unchanged field is not an edit, so the request goes as sent.
 */
function editableFields(call: SamplingCall): { name: SamplingField; initial: string }[] {
  const clean = new TextCleaner('remove');
  const fields: { name: SamplingField; initial: string }[] = [];
  const last = lastUserText(call.params.messages);
  if (last !== null)
    fields.push({ name: 'lastUserText', initial: clean.text(last.text, WHOLE_LENGTH, true) });
  const system = call.params.systemPrompt;
  fields.push({
    name: 'systemPrompt',
    initial: typeof system === 'string' ? clean.text(system, WHOLE_LENGTH, true) : '',
  });
  const max = call.params.maxTokens;
  fields.push({ name: 'maxTokens', initial: typeof max === 'number' ? String(max) : '' });
  return fields;
}

/**
 * The text block an edit of the last user message replaces: the first text block of the last
 * message with role `user`; `null` when that message has no text. Shared with the binding.
 */
export function lastUserText(
  messages: unknown,
): { message: number; block: number | null; text: string } | null {
  if (!Array.isArray(messages)) return null;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = record(messages[index]);
    if (message.role !== 'user') continue;
    const content = message.content;
    if (Array.isArray(content)) {
      const block = content.findIndex(
        (part) => record(part).type === 'text' && typeof record(part).text === 'string',
      );
      return block < 0
        ? null
        : { message: index, block, text: record(content[block]).text as string };
    }
    const single = record(content);
    return single.type === 'text' && typeof single.text === 'string'
      ? { message: index, block: null, text: single.text }
      : null;
  }
  return null;
}
