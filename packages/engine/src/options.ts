import { checkLifetime, checkLifetimes, DAY_MS } from './answers.js';
import { toAuditSinks, type AuditSink } from './audit.js';
import type { Clock } from './clock.js';
import type { HostDecider, PermissionEngineOptions } from './engine-types.js';
import { InvalidInputError } from './errors.js';
import type { RiskOptions } from './risk.js';
import type { GrantStore } from './store.js';
import { systemClock } from './system-clock.js';
import type { PermissionMode, RiskTier } from './types.js';

/** "For a time": 15 minutes, 1 hour, 1 day. */
export const DEFAULT_TIMED_GRAINS: readonly number[] = Object.freeze([
  15 * 60_000,
  60 * 60_000,
  DAY_MS,
]);

const MODES: readonly PermissionMode[] = ['ask', 'plan', 'non_interactive'];

/** Checks a permission mode; throws `InvalidInputError` naming the three. */
export function checkMode(mode: unknown): PermissionMode {
  if (!MODES.includes(mode as PermissionMode)) {
    throw new InvalidInputError(
      'options',
      `The permission mode must be ask, plan or non_interactive, not ${String(mode)}.`,
    );
  }
  return mode as PermissionMode;
}

/** Allow-always lifetimes per tier (spec R5). */
export const DEFAULT_EXPIRY: Readonly<Record<RiskTier, number | null>> = {
  low: 90 * DAY_MS,
  medium: 30 * DAY_MS,
  high: 7 * DAY_MS,
};

/** The engine's options, checked and with their defaults. */
export interface ResolvedOptions {
  store: GrantStore;
  clock: Clock;
  sinks: AuditSink[];
  /** Changed by `setExpiry` (the user's R5 setting). */
  expiry: Readonly<Record<RiskTier, number | null>>;
  denyExpiry: number | null;
  readyWaitMs: number;
  saveWaitMs: number;
  promptTimeoutMs: number | null;
  risk: RiskOptions;
  decide: HostDecider | undefined;
  autoAllowReadOnly: boolean;
  timedGrains: readonly number[];
  sessionGrainsForDestructive: boolean;
  auditDenyReasonText: boolean;
}

/** Checks what a host passed to `createPermissionEngine`; throws `InvalidInputError` with what to fix. */
export function resolveOptions(options: PermissionEngineOptions): ResolvedOptions {
  const { store } = options;
  if (
    typeof store !== 'object' ||
    store === null ||
    typeof store.load !== 'function' ||
    typeof store.put !== 'function' ||
    typeof store.delete !== 'function' ||
    typeof store.clear !== 'function'
  ) {
    throw new InvalidInputError(
      'options',
      'createPermissionEngine needs a store with load, put, delete and clear.',
    );
  }
  return {
    store,
    clock: options.clock ?? systemClock,
    sinks: toAuditSinks(options.audit),
    expiry: checkLifetimes(DEFAULT_EXPIRY, options.expiry),
    denyExpiry:
      options.denyExpiry === undefined ? null : checkLifetime('denyExpiry', options.denyExpiry),
    readyWaitMs: options.readyWaitMs ?? 250,
    saveWaitMs: options.saveWaitMs ?? 2000,
    promptTimeoutMs: options.promptTimeoutMs ?? null,
    risk: options.risk ?? {},
    decide: typeof options.decide === 'function' ? options.decide : undefined,
    autoAllowReadOnly: options.autoAllowReadOnly === true,
    timedGrains: Object.freeze(
      (options.timedGrains ?? DEFAULT_TIMED_GRAINS).map((ms, i) => {
        const life = checkLifetime(`timedGrains[${i}]`, ms);
        if (life === null || life === 0) {
          throw new InvalidInputError('options', `timedGrains[${i}] must be above 0 ms.`);
        }
        return life;
      }),
    ),
    sessionGrainsForDestructive: options.sessionGrainsForDestructive === true,
    auditDenyReasonText: options.auditDenyReasonText === true,
  };
}
