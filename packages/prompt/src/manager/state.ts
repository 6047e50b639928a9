import { isDecisionEvent, type RiskTier } from '@mcp-consent/engine';
import { createState, resolveTranslator, TEXT_LIMITS, TextCleaner, type Store } from '../core.js';
import { managerIds } from './anatomy.js';
import { connectManager, DECISIONS } from './connect.js';
import { expiryLabel, parseExpiry } from './expiry.js';
import { toolText } from './rows.js';
import type {
  ManagerActions,
  ManagerApi,
  ManagerContext,
  ManagerState,
  ManagerModel,
  PermissionManagerOptions,
} from './types.js';

const MINUTE = 60_000;
const TIERS: readonly RiskTier[] = ['low', 'medium', 'high'];
/** Policy text (file names, reasons, patterns) may be longer than a tool name. */
const HOST_TEXT_LIMIT = 500;

/**
 * The headless model of "Saved permissions", the expiry setting, "Rules" and "Permission
 * history": the user's grants (tool, server, decision and grain, scope, time left) with revoke
 * one and revoke all (confirmed); how long Allow always lasts per tier (spec R5, when the
 * engine has `expiry`/`setExpiry`); the policy's rules, read-only, with their layer, or its
 * errors; and the audit history newest first with a text and decision filter. Live: it
 * re-reads the engine on every `grants` and `policy` event, the history on every `decision`
 * event, and rebuilds each new minute on the clock's timer (time left goes down).
 * Revoking one grant is immediate (the user is simply asked again next time).
 */
export function createPermissionManager(options: PermissionManagerOptions): ManagerModel {
  const t = resolveTranslator(options);
  const prefix = options.idPrefix ?? 'mcp-consent-manager';
  const cleaner = new TextCleaner('escape', t);
  const ctx: ManagerContext = {
    t,
    prefix,
    ids: managerIds(prefix),
    text: (value) => cleaner.text(value, TEXT_LIMITS.toolName),
    hostText: (value) => cleaner.text(value, HOST_TEXT_LIMIT),
    engine: options.engine,
    filter: options.filter ?? {},
    limit: options.auditLimit ?? 200,
  };
  const state = createState<ManagerState>({
    grantQuery: '',
    auditQuery: '',
    auditDecision: 'all',
    confirmingRevokeAll: false,
    status: '',
    audit: [],
    auditLoading: options.audit !== undefined,
    grantsVersion: 0,
  });
  let destroyed = false;
  const send = managerActions(ctx, state, options, () => destroyed);
  const unsubscribe = ctx.engine.subscribe((event) => {
    if (event.type === 'grants' || event.type === 'policy')
      state.set({ grantsVersion: state.get().grantsVersion + 1 });
    if (event.type === 'decision') void send.refreshAudit();
  });
  void send.refreshAudit();
  const stopTicking = tickEachMinute(options, () => state.notify());

  // Expiry texts ("expires in 5 minutes") go stale: the view is rebuilt each new minute.
  let cache: { state: ManagerState; minute: number; api: ManagerApi } | undefined;
  const connect = (): ManagerApi => {
    const current = state.get();
    const now = options.clock.now();
    const minute = Math.floor(now / MINUTE);
    if (cache && cache.state === current && cache.minute === minute) return cache.api;
    const api = connectManager(ctx, current, now, send);
    cache = { state: current, minute, api };
    return api;
  };

  return {
    connect,
    getState: state.get,
    subscribe: (listener) => state.subscribe(() => listener()),
    destroy: () => {
      destroyed = true;
      unsubscribe();
      stopTicking();
    },
  };
}

/**
 * Tells the subscribers at each new minute on the clock, so "expires in 42 minutes" goes down
 * while the manager is shown. Needs `clock.setTimer` (without it the text updates on the next
 * change). Stops with the returned function.
 */
function tickEachMinute(options: PermissionManagerOptions, tick: () => void): () => void {
  const { clock } = options;
  if (typeof clock.setTimer !== 'function') return () => {};
  let cancel: (() => void) | undefined;
  let stopped = false;
  const schedule = () => {
    const wait = MINUTE - (((clock.now() % MINUTE) + MINUTE) % MINUTE);
    cancel = clock.setTimer!(() => {
      if (stopped) return;
      tick();
      schedule();
    }, wait);
  };
  schedule();
  return () => {
    stopped = true;
    cancel?.();
  };
}

/**
 * The transitions: filters, revoking (one at once, all after a confirmation) and reading
 * the history. Nothing is written to the state once the manager is destroyed.
 */
function managerActions(
  ctx: ManagerContext,
  state: Store<ManagerState>,
  options: PermissionManagerOptions,
  isDestroyed: () => boolean,
): ManagerActions {
  const { t, engine, filter } = ctx;
  let reads = 0;
  const refreshAudit = async () => {
    if (!options.audit) return;
    const read = ++reads;
    try {
      const events = await options.audit();
      // A slower earlier read must not overwrite a newer one.
      // A history of decisions: an elicitation/sampling/roots outcome or an unknown kind is no row.
      const audit = events.filter(isDecisionEvent);
      if (!isDestroyed() && read === reads) state.set({ audit, auditLoading: false });
    } catch {
      if (!isDestroyed() && read === reads) state.set({ auditLoading: false });
    }
  };
  const revoke = async (key: string) => {
    const grant = engine.grants(filter).find((g) => g.key === key);
    if (!grant) return false;
    const done = await engine.revoke(grant);
    if (done && !isDestroyed())
      state.set({ status: t.t('mcp.grants.revoked', { tool: toolText(ctx, grant) }) });
    return done;
  };
  const confirmRevokeAll = async () => {
    if (!state.get().confirmingRevokeAll) return 0;
    state.set({ confirmingRevokeAll: false });
    const count = await engine.revokeAll(filter);
    if (!isDestroyed()) state.set({ status: t.t('mcp.grants.revoked_all', { count }) });
    return count;
  };
  const setExpiry = (tier: RiskTier, value: string) => {
    if (!TIERS.includes(tier) || !engine.setExpiry || !engine.expiry) return false;
    const life = parseExpiry(ctx, tier, value);
    if (life === undefined) return false;
    try {
      engine.setExpiry({ [tier]: life });
    } catch {
      return false; // the engine refused it: the setting in force stays, and is shown
    }
    if (!isDestroyed()) {
      const text = expiryLabel(ctx, life);
      state.set({ status: t.t('mcp.expiry.setting.changed', { tier, value: text }) });
    }
    options.onExpiryChange?.(engine.expiry(), tier);
    return true;
  };
  return {
    setExpiry,
    setGrantQuery: (value) => state.set({ grantQuery: value }),
    setAuditQuery: (value) => state.set({ auditQuery: value }),
    setAuditDecision: (value) => {
      if (value === 'all' || DECISIONS.includes(value)) state.set({ auditDecision: value });
    },
    revoke,
    requestRevokeAll: () => {
      if (engine.grants(filter).length > 0) state.set({ confirmingRevokeAll: true });
    },
    confirmRevokeAll,
    cancelRevokeAll: () => state.set({ confirmingRevokeAll: false }),
    refreshAudit,
    handleKey: (key) => {
      if (key !== 'Escape' || !state.get().confirmingRevokeAll) return false;
      state.set({ confirmingRevokeAll: false });
      return true;
    },
  };
}
