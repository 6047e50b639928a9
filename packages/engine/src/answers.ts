import { InvalidAnswerError, InvalidInputError } from './errors.js';
import type { Choice, ChoiceDetail, GrainOptions, RiskTier } from './types.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest lifetime a grant, an answer's `ttlMs` or a host's expiry may name: 100 years. */
export const MAX_LIFE_MS = 36_525 * DAY_MS;

const CHOICES: ReadonlySet<string> = new Set([
  'allow_once',
  'allow_always',
  'deny_once',
  'deny_always',
]);

/** What an answer becomes when it cannot be remembered. */
export const ONCE: Readonly<Record<Choice, Choice>> = {
  allow_once: 'allow_once',
  allow_always: 'allow_once',
  deny_once: 'deny_once',
  deny_always: 'deny_once',
};

export const isAlways = (choice: Choice): boolean =>
  choice === 'allow_always' || choice === 'deny_always';

export const isAllow = (choice: Choice): boolean =>
  choice === 'allow_once' || choice === 'allow_always';

const describeValue = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** What an answer is checked against: the prompt it answers. */
export interface AnswerFacts {
  toolName: string;
  allowAlwaysEnabled: boolean;
  /** The grains offered; absent: the four answers only (no session, server, note or edit). */
  grains?: GrainOptions;
  editable?: boolean;
}

/** A deny note longer than this is refused (the agent gets a note, not an essay). */
export const MAX_REASON_LENGTH = 500;

/** Checks `session`, `scope`, `reason` and `args` against what the prompt offered. */
function readExtras(
  given: Partial<ChoiceDetail>,
  detail: ChoiceDetail,
  facts: AnswerFacts,
): InvalidAnswerError | undefined {
  const allow = isAllow(detail.choice);
  const grains = facts.grains ? (allow ? facts.grains.allow : facts.grains.deny) : undefined;
  if (given.session !== undefined) {
    if (typeof given.session !== 'boolean') {
      return new InvalidAnswerError(
        `session must be true or false, not ${describeValue(given.session)}.`,
      );
    }
    if (given.session) {
      if (!isAlways(detail.choice) || !grains?.includes('session')) {
        return new InvalidAnswerError(
          `"This session" is not offered for this answer to "${facts.toolName}".`,
        );
      }
      if (detail.ttlMs !== undefined) {
        return new InvalidAnswerError('An answer is for this session or for a time, not both.');
      }
      detail.session = true;
    }
  }
  if (given.scope !== undefined && given.scope !== 'tool') {
    if (given.scope !== 'server' && given.scope !== 'server_read_only') {
      return new InvalidAnswerError(
        `scope must be tool, server or server_read_only, not ${describeValue(given.scope)}.`,
      );
    }
    if (
      detail.choice !== 'allow_always' ||
      !detail.session ||
      !facts.grains?.server ||
      detail.argsOnly
    ) {
      return new InvalidAnswerError(
        'A whole server can only be allowed for this session, and only where the prompt offers it.',
      );
    }
    detail.scope = given.scope;
  }
  if (given.reason !== undefined) {
    if (allow || typeof given.reason !== 'string' || given.reason.length > MAX_REASON_LENGTH) {
      return new InvalidAnswerError(
        `A reason is a note of at most ${MAX_REASON_LENGTH} characters on a deny.`,
      );
    }
    const note = given.reason.trim();
    if (note.length > 0) detail.reason = note;
  }
  if (given.args !== undefined) {
    if (!allow || facts.editable !== true) {
      return new InvalidAnswerError(`The arguments of "${facts.toolName}" cannot be edited here.`);
    }
    detail.args = given.args;
  }
  return undefined;
}

/**
 * An "always" or "for a time" answer the prompt did not offer (a rule that asks every time, a
 * tier the user turned off, no lifetimes configured). A prompt that remembers nothing (a dry
 * run, `persist: false`) offers "once" only: there "always" still means "this time", as before.
 */
function grainProblem(detail: ChoiceDetail, facts: AnswerFacts): InvalidAnswerError | undefined {
  const { grains } = facts;
  if (!grains || !isAlways(detail.choice) || detail.session) return undefined;
  if (grains.allow.length <= 1 && grains.deny.length <= 1) return undefined;
  const grain = detail.ttlMs !== undefined ? 'timed' : 'always';
  const offered = isAllow(detail.choice) ? grains.allow : grains.deny;
  if (offered.includes(grain)) return undefined;
  return new InvalidAnswerError(
    `${detail.choice === 'allow_always' ? 'Allow' : 'Deny'} ${grain === 'timed' ? 'for a time' : 'always'} is not offered for "${facts.toolName}" here.`,
  );
}

/**
 * Reads an answer from a renderer or a remote approver: 'allow_once' or
 * `{ choice, argsOnly?, ttlMs? }`. Anything else, an `argsOnly` that is not a boolean, a `ttlMs`
 * that is not a positive number of ms up to 100 years, or Allow always where it is not offered,
 * is refused with an `InvalidAnswerError` that says why.
 */
export function readAnswer(answer: unknown, facts: AnswerFacts): ChoiceDetail | InvalidAnswerError {
  const detail: ChoiceDetail | undefined =
    typeof answer === 'string'
      ? CHOICES.has(answer)
        ? { choice: answer as Choice }
        : undefined
      : typeof answer === 'object' &&
          answer !== null &&
          typeof (answer as ChoiceDetail).choice === 'string' &&
          CHOICES.has((answer as ChoiceDetail).choice)
        ? { choice: (answer as ChoiceDetail).choice }
        : undefined;
  if (!detail) {
    return new InvalidAnswerError(
      `The answer ${describeValue(answer)} is not a choice: answer allow_once, allow_always, deny_once or deny_always.`,
    );
  }
  if (typeof answer === 'object') {
    const { argsOnly, ttlMs } = answer as Partial<ChoiceDetail>;
    if (argsOnly !== undefined && typeof argsOnly !== 'boolean') {
      return new InvalidAnswerError(
        `argsOnly must be true or false, not ${describeValue(argsOnly)}.`,
      );
    }
    if (argsOnly) detail.argsOnly = true;
    if (ttlMs !== undefined) {
      if (typeof ttlMs !== 'number' || !(ttlMs > 0) || !(ttlMs <= MAX_LIFE_MS)) {
        return new InvalidAnswerError(
          `ttlMs must be a number of milliseconds above 0 and at most ${MAX_LIFE_MS} (100 years), not ${describeValue(ttlMs)}.`,
        );
      }
      detail.ttlMs = ttlMs;
    }
  }
  if (typeof answer === 'object') {
    const problem = readExtras(answer as Partial<ChoiceDetail>, detail, facts);
    if (problem) return problem;
  }
  if (detail.choice === 'allow_always' && !facts.allowAlwaysEnabled && !detail.session) {
    return new InvalidAnswerError(
      `Allow always is not available for "${facts.toolName}": it may be destructive, so it can only be allowed once.`,
    );
  }
  return grainProblem(detail, facts) ?? detail;
}

/** Checks a host's lifetime option: null (never expires) or 0 to 100 years in ms. */
export function checkLifetime(name: string, value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !(value >= 0) || !(value <= MAX_LIFE_MS)) {
    throw new InvalidInputError(
      'options',
      `${name} must be null (never expires) or a number of milliseconds from 0 to ${MAX_LIFE_MS} (100 years), not ${describeValue(value)}.`,
    );
  }
  return value;
}

/** The allow-always lifetimes per tier, with the host's overrides checked. */
export function checkLifetimes(
  defaults: Readonly<Record<RiskTier, number | null>>,
  overrides: Partial<Record<RiskTier, number | null>> | undefined,
): Readonly<Record<RiskTier, number | null>> {
  const life = { ...defaults };
  for (const tier of ['low', 'medium', 'high'] as const) {
    if (overrides && Object.hasOwn(overrides, tier) && overrides[tier] !== undefined) {
      life[tier] = checkLifetime(`expiry.${tier}`, overrides[tier]);
    }
  }
  return Object.freeze(life);
}
