import { InvalidAnswerError, InvalidInputError } from './errors.js';
import type { Choice, ChoiceDetail, RiskTier } from './types.js';

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

/**
 * Reads an answer from a renderer or a remote approver: 'allow_once' or
 * `{ choice, argsOnly?, ttlMs? }`. Anything else, an `argsOnly` that is not a boolean, a `ttlMs`
 * that is not a positive number of ms up to 100 years, or Allow always where it is not offered,
 * is refused with an `InvalidAnswerError` that says why.
 */
export function readAnswer(
  answer: unknown,
  facts: { toolName: string; allowAlwaysEnabled: boolean },
): ChoiceDetail | InvalidAnswerError {
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
  if (detail.choice === 'allow_always' && !facts.allowAlwaysEnabled) {
    return new InvalidAnswerError(
      `Allow always is not available for "${facts.toolName}": it may be destructive, so it can only be allowed once.`,
    );
  }
  return detail;
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
