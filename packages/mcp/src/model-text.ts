import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DecisionOrigin, PermissionMode, RequestResult } from '@mcp-consent/engine';
import { sanitizeText } from '@mcp-consent/prompt';

const KEEP_OUT = 'It did not run. Do not retry it';

/**
 * Text written for the MODEL, not for the user: it is not UI copy and is not
 * localized. Each result says plainly that the call did not run, who or what denied it
 * (so the agent can change course), and that it must not be retried as it was.
 */
export const MODEL_TEXT = {
  declined: (tool: string) =>
    `The user declined this tool call (${tool}). ${KEEP_OUT}; ask the user how to proceed.`,
  notApproved: (tool: string) =>
    `This tool call (${tool}) was not approved: the permission check did not complete. ${KEEP_OUT}; ` +
    'ask the user how to proceed.',
  dryRunDeclined: (tool: string) =>
    `The user reviewed the preview of this tool call (${tool}) and declined it. ${KEEP_OUT}; ` +
    'ask the user how to proceed.',
  dryRunStillPreview: (tool: string) =>
    `The user approved this tool call (${tool}), but the server's operator keeps it in dry-run mode, so it ` +
    'did not run. Only the operator can change that. Do not retry it.',
  /** A deny the user asked to remember earlier (a grant or a session grant). */
  rememberedDenial: (tool: string) =>
    `The user chose earlier to deny this tool (${tool}) without being asked again, so this call was ` +
    `denied. ${KEEP_OUT}; ask the user how to proceed.`,
  /** `rule` reads like `rule 3 in "policy.json" (managed layer)`. */
  policyDenied: (tool: string, rule: string) =>
    `A permission rule set by the host or an administrator denied this tool call (${tool}) without ` +
    `asking the user: ${rule}. ${KEEP_OUT}: the rule denies it again. Find another way, or ask the user.`,
  hostDenied: (tool: string) =>
    `The host application's permission check denied this tool call (${tool}) without asking the ` +
    `user. ${KEEP_OUT} with the same arguments; ask the user how to proceed.`,
  planMode: (tool: string) =>
    `The host is in plan mode: only read-only tools may run, so this tool call (${tool}) was denied ` +
    `without asking the user. ${KEEP_OUT}; go on with read-only tools, or present your plan so the ` +
    'user can leave plan mode.',
  nonInteractive: (tool: string) =>
    `Nobody can approve tool calls in this session (non-interactive mode) and nothing allows this ` +
    `one (${tool}), so it was denied without asking. ${KEEP_OUT}.`,
  timedOut: (tool: string) =>
    `The user did not answer the permission prompt for this tool call (${tool}) in time, so it was ` +
    `denied. ${KEEP_OUT} on your own; ask the user how to proceed.`,
  cancelled: (tool: string) =>
    `The permission prompt for this tool call (${tool}) was cancelled before the user answered, so ` +
    `it was denied. ${KEEP_OUT} on your own; ask the user how to proceed.`,
  noRenderer: (tool: string) =>
    `The permission prompt for this tool call (${tool}) could not be shown, or its answer could ` +
    `not be used, so it was denied. ${KEEP_OUT}; ask the user how to proceed.`,
  /** A 2026-07-28 server asked for input during an approved call and the host could not give it. */
  inputUnanswered: (tool: string, what: string) =>
    `The server asked for more input to finish this tool call (${tool}): ${what}. The host could ` +
    'not answer it, so the call was stopped unfinished and nothing was sent in its place. Do not ' +
    'retry it; ask the user how to proceed.',
  /** An allowed call ran, and the user chose not to let the model see what it returned. */
  resultWithheld: (tool: string) =>
    `This tool call (${tool}) ran, but the user reviewed its result and withheld it from you, so ` +
    'you cannot see what it returned. Do not run it again to get the result; ask the user how to proceed.',
  /** The user's deny note, quoted as JSON so it cannot pass for the kit's own words. */
  userNote: (quoted: string) =>
    `The user's note on this denial, in their own words: ${quoted}. Take it into account before you go on.`,
  ruleReason: (quoted: string) => `The rule's reason: ${quoted}.`,
  hostReason: (quoted: string) => `The host's reason: ${quoted}.`,
} as const;

/** Why a call was refused; also put in the result's `_meta` for hosts. */
export type DenialReason =
  | 'declined'
  | 'not_approved'
  | 'dry_run_declined'
  | 'input_unanswered'
  /** The call ran; the user (or a failed review) kept its result from the model. */
  | 'result_withheld';

/** The `_meta` key under which denial results carry machine-readable details. */
export const DENIAL_META_KEY = 'mcp-consent/denial';

export interface DenialMeta {
  reason: DenialReason;
  choice?: string;
  settledBy?: string;
  promptId?: string;
  /** Who or what denied (the engine's `origin`): show it with `mcp.audit.origin.<origin>`. */
  origin?: DecisionOrigin;
  /** The policy rule that denied (origin `policy`); `index` is 0-based. Host/admin text. */
  rule?: { layer: string; file: string; index: number; id?: string };
  /** The mode that denied (origin `mode`). */
  mode?: PermissionMode;
  /**
   * The note returned to the agent with the denial (the user's note, the rule's or the host
   * check's reason), cleaned of control, bidi and invisible characters and bounded. Untrusted
   * when it came from the user or a rule: show it as text only.
   */
  note?: string;
}

/** Longest note, rule reason or host reason passed on (the engine caps a user's note at 500). */
const MAX_NOTE = 500;
const MAX_FILE = 200;
const MAX_RULE_ID = 100;

/**
 * Text from a user, a rule or a host callback, made safe to hand on: one line, control,
 * bidi, invisible and tag characters and terminal sequences removed, bounded. '' when nothing is left.
 */
export function cleanNote(text: string, maxLength = MAX_NOTE): string {
  return sanitizeText(text.replace(/\s+/gu, ' '), { mode: 'remove', maxLength }).text.trim();
}

/** JSON quotes: an embedded quote or backslash cannot end the quotation early. */
const quote = (text: string) => JSON.stringify(text);

/** `rule 3 in "policy.json" (managed layer, id "no-prod")`: 1-based, as the prompt names it. */
function describeRule(rule: NonNullable<RequestResult['rule']>): string {
  const id = rule.ruleId === undefined ? '' : cleanNote(rule.ruleId, MAX_RULE_ID);
  const file = cleanNote(rule.file, MAX_FILE);
  return `rule ${rule.index + 1} in ${quote(file)} (${rule.layer} layer${id ? `, id ${quote(id)}` : ''})`;
}

/** The decision fields `refusalOf` reads. */
export type Refused = Pick<RequestResult, 'choice' | 'settledBy' | 'origin'> &
  Partial<Pick<RequestResult, 'promptId' | 'rule' | 'reason' | 'mode' | 'allowed'>>;

/** The sentence for who denied, and how the reason (if any) is introduced. */
function textFor(
  tool: string,
  decision: Refused | undefined,
  dryRun: boolean,
): { text: string; note?: (quoted: string) => string } {
  if (!decision || decision.allowed) return { text: MODEL_TEXT.notApproved(tool) };
  const byUser = decision.settledBy === 'answer';
  switch (byUser ? 'user' : decision.origin) {
    case 'user':
      return {
        text: dryRun ? MODEL_TEXT.dryRunDeclined(tool) : MODEL_TEXT.declined(tool),
        note: MODEL_TEXT.userNote,
      };
    case 'cache_hit':
      return { text: MODEL_TEXT.rememberedDenial(tool) };
    case 'policy':
      return decision.rule
        ? {
            text: MODEL_TEXT.policyDenied(tool, describeRule(decision.rule)),
            note: MODEL_TEXT.ruleReason,
          }
        : { text: MODEL_TEXT.notApproved(tool) };
    case 'host_callback':
      return { text: MODEL_TEXT.hostDenied(tool), note: MODEL_TEXT.hostReason };
    case 'mode':
      return {
        text:
          decision.mode === 'plan' ? MODEL_TEXT.planMode(tool) : MODEL_TEXT.nonInteractive(tool),
      };
    case 'timeout':
      return { text: MODEL_TEXT.timedOut(tool) };
    case 'cancelled':
      return { text: MODEL_TEXT.cancelled(tool) };
    case 'no_renderer':
      return { text: MODEL_TEXT.noRenderer(tool) };
    default:
      return { text: MODEL_TEXT.notApproved(tool) };
  }
}

/** What `_meta` says about a decision (nothing when there was none). */
function metaOf(decision: Refused | undefined, note: string): Omit<DenialMeta, 'reason'> {
  if (!decision) return {};
  const { rule } = decision;
  return {
    choice: decision.choice,
    settledBy: decision.settledBy,
    ...(decision.promptId ? { promptId: decision.promptId } : {}),
    origin: decision.origin,
    ...(rule
      ? {
          rule: {
            layer: rule.layer,
            file: rule.file,
            index: rule.index,
            ...(rule.ruleId === undefined ? {} : { id: rule.ruleId }),
          },
        }
      : {}),
    ...(decision.mode ? { mode: decision.mode } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * The result for a call the engine did not allow (or could not decide on: `decision` undefined).
 * Its text says who denied (the user, a remembered denial, a policy rule by file and number, the
 * host's check, the mode, a timeout, no renderer) and carries the user's note or the rule's or
 * host's reason, cleaned and quoted, so the agent can change course.
 */
export function refusalOf(
  tool: string,
  decision: Refused | undefined,
  dryRun = false,
): CallToolResult {
  const answered = decision?.settledBy === 'answer' || decision?.settledBy === 'grant';
  const { text, note: introduce } = textFor(tool, decision, dryRun);
  const note = introduce && decision?.reason ? cleanNote(decision.reason) : '';
  const reason: DenialReason = answered
    ? dryRun
      ? 'dry_run_declined'
      : 'declined'
    : 'not_approved';
  return {
    content: [
      { type: 'text', text: note && introduce ? `${text}\n${introduce(quote(note))}` : text },
    ],
    isError: true,
    _meta: { [DENIAL_META_KEY]: { reason, ...metaOf(decision, note) } satisfies DenialMeta },
  };
}

/** The result of an approved call stopped because a server's input request could not be answered. */
export function inputRefusalOf(tool: string, what: string): CallToolResult {
  return {
    content: [{ type: 'text', text: MODEL_TEXT.inputUnanswered(tool, what) }],
    isError: true,
    _meta: { [DENIAL_META_KEY]: { reason: 'input_unanswered' } satisfies DenialMeta },
  };
}

/**
 * What the model gets instead of a result the user withheld: only the kit's words, none of the
 * server's content. `isError` so an agent loop treats it as a failed step, not as data.
 */
export function withheldResultOf(tool: string): CallToolResult {
  return {
    content: [{ type: 'text', text: MODEL_TEXT.resultWithheld(tool) }],
    isError: true,
    _meta: { [DENIAL_META_KEY]: { reason: 'result_withheld' } satisfies DenialMeta },
  };
}

/** Reads the denial details back from a result (for hosts and tests). */
export function denialOf(result: unknown): DenialMeta | undefined {
  const meta = (result as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return meta?.[DENIAL_META_KEY] as DenialMeta | undefined;
}
