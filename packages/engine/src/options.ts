import { checkLifetime, checkLifetimes, DAY_MS } from './answers.js';
import { toAuditSinks, type AuditSink } from './audit.js';
import type { Clock } from './clock.js';
import type { PermissionEngineOptions } from './engine-types.js';
import { InvalidInputError } from './errors.js';
import type { RiskOptions } from './risk.js';
import type { GrantStore } from './store.js';
import { systemClock } from './system-clock.js';
import type { RiskTier } from './types.js';

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
  expiry: Readonly<Record<RiskTier, number | null>>;
  denyExpiry: number | null;
  readyWaitMs: number;
  saveWaitMs: number;
  promptTimeoutMs: number | null;
  risk: RiskOptions;
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
  };
}
