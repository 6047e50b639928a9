import type { Choice, ChoiceDetail, PromptAnswer, PromptRequest } from '@mcp-consent/engine';
import type { PlainMessageId, Translator } from '@mcp-consent/i18n';
import type { GrainDecision, GrainValue, PermissionContent, PermissionState } from './types.js';

/** The longest deny note the engine takes (`MAX_REASON_LENGTH`): the agent gets a note, not an essay. */
export const NOTE_MAX_LENGTH = 500;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One offered way to remember an answer, with the answer fields it adds. */
export interface GrainOption {
  value: GrainValue;
  /** In the "Remember" control: "This session", "1 hour", "Always", … */
  label: string;
  /** On the action it sets: "Allow for 1 hour", "Deny for this session", … */
  actionLabel: string;
  answer: Pick<ChoiceDetail, 'session' | 'ttlMs' | 'scope'>;
  /** "Only these exact arguments" may narrow it (not a whole server). */
  narrowable: boolean;
}

/** What the request offers beyond once, per decision; `null` without `request.grains`. */
export interface GrainContent {
  allow: readonly GrainOption[];
  deny: readonly GrainOption[];
  /** Why Allow always is off when nothing but once is offered for an allow. */
  allowDisabledReason: string;
  denyDisabledReason: string;
}

/** "15 minutes", "1 hour", "1 day": ICU plurals of the largest whole-ish unit. */
export function durationText(ms: number, t: Translator): string {
  if (ms >= DAY) return t.t('mcp.permission.duration.days', { count: Math.round(ms / DAY) });
  if (ms >= HOUR) return t.t('mcp.permission.duration.hours', { count: Math.round(ms / HOUR) });
  return t.t('mcp.permission.duration.minutes', { count: Math.max(1, Math.ceil(ms / MINUTE)) });
}

/**
 * The remembered grains a request offers, in the engine's order (session, timed, always), then
 * the whole-server session allows. Once is the plain Allow once / Deny once action, not an option.
 */
export function describeGrains(
  request: PromptRequest,
  t: Translator,
  allowAlwaysLabel: string,
): GrainContent | null {
  const grains = request.grains;
  if (!grains) return null;
  const options = (decision: GrainDecision): GrainOption[] => {
    const offered = decision === 'allow' ? grains.allow : grains.deny;
    const list: GrainOption[] = [];
    if (offered.includes('session')) {
      list.push({
        value: 'session',
        label: t.t('mcp.permission.grain.session'),
        actionLabel: t.t(`mcp.permission.grain.${decision}_session`),
        answer: { session: true },
        narrowable: true,
      });
    }
    if (offered.includes('timed')) {
      for (const ms of grains.timed) {
        const duration = durationText(ms, t);
        list.push({
          value: `timed:${ms}`,
          label: duration,
          actionLabel: t.t(`mcp.permission.grain.${decision}_timed`, { duration }),
          answer: { ttlMs: ms },
          narrowable: true,
        });
      }
    }
    if (offered.includes('always')) {
      list.push({
        value: 'always',
        label: t.t('mcp.permission.grain.always'),
        actionLabel:
          decision === 'allow' ? allowAlwaysLabel : t.t('mcp.permission.action.deny_always'),
        answer: {},
        narrowable: true,
      });
    }
    if (decision === 'allow' && grains.server && offered.includes('session')) {
      for (const scope of ['server', 'server_read_only'] as const) {
        list.push({
          value: scope,
          label: t.t(`mcp.permission.grain.${scope}`),
          actionLabel: t.t(`mcp.permission.grain.allow_${scope}`),
          answer: { session: true, scope },
          narrowable: false,
        });
      }
    }
    return list;
  };
  return {
    allow: options('allow'),
    deny: options('deny'),
    allowDisabledReason: t.t(allowOnceOnlyReason(request)),
    denyDisabledReason: t.t('mcp.permission.grain.deny_disabled'),
  };
}

/** Why only Allow once is offered: a rule asks every time, the tool may destroy data, or neither. */
function allowOnceOnlyReason(request: PromptRequest): PlainMessageId {
  if (request.rule || request.lookup.reason === 'policy_ask') {
    return 'mcp.permission.grain.allow_disabled_rule';
  }
  return request.allowAlwaysDisabled === 'destructive'
    ? 'mcp.permission.allow_always.disabled_destructive'
    : 'mcp.permission.allow_always.disabled';
}

/** "Always" when offered (the R9 answer as it was), else the first remembered grain. */
export function defaultGrain(options: readonly GrainOption[]): GrainValue | null {
  return options.find((option) => option.value === 'always')?.value ?? options[0]?.value ?? null;
}

export const decisionOf = (choice: Choice): GrainDecision =>
  choice === 'allow_once' || choice === 'allow_always' ? 'allow' : 'deny';

/** The option picked for a decision, if the request offers grains. */
export function pickedGrain(
  content: PermissionContent,
  state: Pick<PermissionState, 'grain'>,
  decision: GrainDecision,
): GrainOption | undefined {
  const value = state.grain[decision].value;
  return content.grains?.[decision].find((option) => option.value === value);
}

/**
 * The answer the engine receives for a choice: the plain choice without grains (the classic
 * four answers); with them, the picked grain and "only these arguments" on an always choice,
 * and the note on a deny. Only fields the request offered are ever set.
 */
export function answerFor(
  content: PermissionContent,
  state: Pick<PermissionState, 'grain' | 'note'>,
  choice: Choice,
): PromptAnswer {
  if (!content.grains) return choice;
  const decision = decisionOf(choice);
  const detail: ChoiceDetail = { choice };
  if (choice === 'allow_always' || choice === 'deny_always') {
    const option = pickedGrain(content, state, decision);
    if (option) Object.assign(detail, option.answer);
    if (option?.narrowable && state.grain[decision].argsOnly) detail.argsOnly = true;
  }
  const note = state.note.trim();
  if (decision === 'deny' && note !== '') detail.reason = note.slice(0, NOTE_MAX_LENGTH);
  return Object.keys(detail).length === 1 ? choice : detail;
}

/** The picks a new prompt starts with: each decision's default grain, exact arguments off. */
export function initialGrainState(content: PermissionContent): PermissionState['grain'] {
  return {
    allow: { value: content.grains ? defaultGrain(content.grains.allow) : null, argsOnly: false },
    deny: { value: content.grains ? defaultGrain(content.grains.deny) : null, argsOnly: false },
  };
}
